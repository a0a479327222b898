import type { SharedWindows } from '../../db/sharedWindows';
import { FixedWindows } from '../../domain/fixedWindows';
import { normaliseEmail } from '../../domain/users';

/**
 * The domain's login rules on failed attempts, counted in fixed windows that start at the first
 * failure (the per-address limit is the HTTP layer's):
 *
 * - per account and client address: once the pair has used up its allowance, that address may
 *   not try the account again until the window ends (429), while other addresses still may;
 * - per account, from every address: past the threshold a login must carry a captcha token, so
 *   failures made by someone else never lock the owner out. Without a captcha (production with
 *   CAPTCHA_OPT_OUT) the account's logins are refused instead (429) until the window ends: no
 *   token can be verified, so nothing else bounds guessing from many addresses.
 *
 * A successful login clears the account's counters (the pair's and the account's). The counts
 * are shared by every server process on the database.
 */
export interface LoginThrottleLimits {
  /** Failures of the account (all addresses) before a captcha is required. */
  perAccount: number;
  /** Failures of the account from one address (IPv6: one /64) before that address is refused. */
  perAccountAddress: number;
  windowSeconds: number;
}

export class LoginThrottle {
  private readonly windows: FixedWindows;

  constructor(
    private readonly limits: LoginThrottleLimits,
    now: () => Date,
    windows: SharedWindows,
  ) {
    this.windows = new FixedWindows(limits.windowSeconds, now, windows, 'login');
  }

  /** Seconds before this address may try this account again (0: now). */
  pairWait(email: string, addressKey: string): Promise<number> {
    return this.windows.wait(pairKey(email, addressKey), this.limits.perAccountAddress);
  }

  /**
   * Seconds until the account's failures from every address are forgotten once they have reached
   * the threshold (0 below it): past it a login needs a captcha, or is refused this long when
   * there is no captcha to ask for (production with CAPTCHA_OPT_OUT).
   */
  accountWait(email: string): Promise<number> {
    return this.windows.wait(accountKey(email), this.limits.perAccount);
  }

  async recordFailure(email: string, addressKey: string): Promise<void> {
    await this.windows.increment(accountKey(email));
    await this.windows.increment(pairKey(email, addressKey));
  }

  async recordSuccess(email: string, addressKey: string): Promise<void> {
    await this.windows.clear(accountKey(email), pairKey(email, addressKey));
  }
}

const accountKey = (email: string) => `account:${normaliseEmail(email)}`;
const pairKey = (email: string, addressKey: string) =>
  `pair:${normaliseEmail(email)}:${addressKey}`;
