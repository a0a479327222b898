/**
 * The account area's settings, read from the environment:
 *
 * - ACCOUNT_RATE_LIMIT_DOWNLOADS    Personal-data downloads (users/downloadPersonalData) allowed
 *                                   per account and window (default 5); beyond, 429 with
 *                                   Retry-After.
 * - ACCOUNT_RATE_LIMIT_DELETIONS    Calls of users/deleteMyAccount per account and window
 *                                   (default 5); beyond, 429 with Retry-After.
 * - ACCOUNT_RATE_LIMIT_PASSWORD_FAILURES  Wrong current passwords given to auth/updatePassword per
 *                                   account and window (default 5); beyond, 429 with Retry-After
 *                                   (they also count against LOGIN_RATE_LIMIT_ADDRESS).
 * - ACCOUNT_RATE_LIMIT_WINDOW_SECONDS  Window of the three limits above (default 3600).
 */
import { positiveInteger, type Env } from '../../settings';

/** Limits per account of the account settings calls (counted per user, on every address). */
export interface AccountRateLimitConfig {
  /** Personal-data downloads per window. */
  downloads: number;
  /** Calls to delete one's own account per window. */
  deletions: number;
  /** Wrong current passwords when changing the password, per window. */
  passwordFailures: number;
  windowSeconds: number;
}

export interface AccountSettings {
  accountRateLimit: AccountRateLimitConfig;
}

export function accountSettings(env: Env): AccountSettings {
  return {
    accountRateLimit: {
      downloads: positiveInteger(env, 'ACCOUNT_RATE_LIMIT_DOWNLOADS', 5),
      deletions: positiveInteger(env, 'ACCOUNT_RATE_LIMIT_DELETIONS', 5),
      passwordFailures: positiveInteger(env, 'ACCOUNT_RATE_LIMIT_PASSWORD_FAILURES', 5),
      windowSeconds: positiveInteger(env, 'ACCOUNT_RATE_LIMIT_WINDOW_SECONDS', 3600),
    },
  };
}
