/**
 * Rate limits of the identity calls per email address, a domain rule: each kind of attempt is
 * counted per (normalised) email address in fixed windows and refused with 429 and Retry-After
 * once the address has used up its allowance. The same attempts are also limited per client
 * address, by the HTTP layer (the client's allowances, server/domain/client.ts); {@link checkAttempt},
 * {@link recordAttempt} and {@link takeAttempt} apply both.
 */
import type { IdentityRateLimitConfig } from '../../config';
import type { SharedWindows } from '../../db/sharedWindows';
import type { AddressAllowance } from '../../domain/client';
import { RateLimitedError } from '../../domain/errors';
import { FixedWindows } from '../../domain/fixedWindows';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again later.';
export const TOO_MANY_VERIFICATION_EMAILS =
  'Too many verification emails requested, please try again later.';
export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests, please try again later.';

/** Allowances per email address and window (per client address: IDENTITY_RATE_LIMIT_ADDRESS). */
export const PER_EMAIL_LIMITS = {
  codeSends: 5,
  codeGuesses: 10,
  resetRequests: 3,
} as const;

/** A counter of attempts per email address, shared by every server process on the database. */
export class EmailLimit {
  private readonly windows: FixedWindows;

  constructor(
    private readonly perEmail: number,
    windowSeconds: number,
    now: () => Date,
    private readonly message: string,
    windows: SharedWindows,
    name: string,
  ) {
    this.windows = new FixedWindows(windowSeconds, now, windows, `email:${name}`);
  }

  /** Throws a RateLimitedError when the allowance of `email` is used up. */
  async check(email: string): Promise<void> {
    const wait = await this.windows.wait(email, this.perEmail);
    if (wait > 0) throw new RateLimitedError(this.message, wait);
  }

  async record(email: string): Promise<void> {
    await this.windows.increment(email);
  }
}

export interface IdentityLimits {
  /** Verification emails sent. */
  codeSends: EmailLimit;
  /** Wrong verification codes. */
  codeGuesses: EmailLimit;
  /** Password reset requests. */
  resetRequests: EmailLimit;
}

export function createIdentityLimits(
  config: IdentityRateLimitConfig,
  now: () => Date,
  windows: SharedWindows,
): IdentityLimits {
  const limit = (name: keyof IdentityLimits, message: string) =>
    new EmailLimit(PER_EMAIL_LIMITS[name], config.windowSeconds, now, message, windows, name);
  return {
    codeSends: limit('codeSends', TOO_MANY_VERIFICATION_EMAILS),
    codeGuesses: limit('codeGuesses', TOO_MANY_ATTEMPTS),
    resetRequests: limit('resetRequests', TOO_MANY_RESET_REQUESTS),
  };
}

/** An attempt: the email's allowance, the email, and the client address's allowance. */
type Attempt = [limit: EmailLimit, email: string, address: AddressAllowance];

/** Refuses when the client address's or the email's allowance is used up. */
export async function checkAttempt(...[limit, email, address]: Attempt): Promise<void> {
  await address.check();
  await limit.check(email);
}

/** Counts an attempt against both allowances. */
export async function recordAttempt(...[limit, email, address]: Attempt): Promise<void> {
  await address.record();
  await limit.record(email);
}

/** check, then record: for attempts that count whatever their outcome (sending a mail). */
export async function takeAttempt(...[limit, email, address]: Attempt): Promise<void> {
  await checkAttempt(limit, email, address);
  await recordAttempt(limit, email, address);
}
