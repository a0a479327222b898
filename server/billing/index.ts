/**
 * Which billing adapter the server runs (design §6): Stripe when its keys are set; otherwise the
 * development stand-in, never under NODE_ENV=production (there, none: the payments calls 503).
 */
import type { StripeConfig } from '../config';
import type { Database } from '../db/database';
import type { BillingMode } from './provider';
import { StandInBilling } from './standIn';
import { StripeBilling } from './stripe';

export function billingModeOf(options: {
  stripe: StripeConfig | undefined;
  production: boolean;
}): BillingMode {
  if (options.stripe !== undefined) return 'stripe';
  return options.production ? 'unavailable' : 'standIn';
}

export type Billing =
  | { mode: 'stripe'; provider: StripeBilling }
  | { mode: 'standIn'; provider: StandInBilling }
  | { mode: 'unavailable'; provider: null };

export function createBilling(options: {
  stripe: StripeConfig | undefined;
  production: boolean;
  db: Database;
  now: () => Date;
  apiBaseUrl: string;
}): Billing {
  const mode = billingModeOf(options);
  if (mode === 'stripe' && options.stripe !== undefined) {
    return { mode, provider: new StripeBilling(options.stripe) };
  }
  if (mode === 'standIn') {
    return {
      mode,
      provider: new StandInBilling({
        db: options.db,
        now: options.now,
        apiBaseUrl: options.apiBaseUrl,
      }),
    };
  }
  return { mode: 'unavailable', provider: null };
}
