/**
 * Limits per account of the account settings calls, a domain rule: each kind of attempt is
 * counted per user in fixed windows that start at the first count (shared by every server process
 * on the database, like the login and identity counters) and refused with 429 and Retry-After
 * once the account has used up its allowance. The calls need a signed-in user, so the account,
 * not the client address, is what is counted: a person downloading their data from a phone and a
 * laptop shares one allowance, and an attacker holding many addresses gains nothing.
 */
import type { AccountRateLimitConfig } from './settings';
import type { SharedWindows } from '../../db/sharedWindows';
import { RateLimitedError } from '../../domain/errors';
import { FixedWindows } from '../../domain/fixedWindows';

export const accountLimitMessages = {
  downloads: 'Too many personal data downloads, please try again later.',
  deletions: 'Too many attempts to delete the account, please try again later.',
  passwordFailures: 'Too many wrong passwords, please try again later.',
} as const;

/** A counter of attempts per account. */
export class AccountLimit {
  private readonly windows: FixedWindows;

  constructor(
    private readonly perAccount: number,
    windowSeconds: number,
    now: () => Date,
    windows: SharedWindows,
    name: string,
    private readonly message: string,
  ) {
    this.windows = new FixedWindows(windowSeconds, now, windows, `account:${name}`);
  }

  /** Throws a RateLimitedError when the account's allowance is used up. */
  async check(userId: number): Promise<void> {
    const wait = await this.windows.wait(String(userId), this.perAccount);
    if (wait > 0) throw new RateLimitedError(this.message, wait);
  }

  async record(userId: number): Promise<void> {
    await this.windows.increment(String(userId));
  }

  /** check, then record: for attempts that count whatever their outcome. */
  async take(userId: number): Promise<void> {
    await this.check(userId);
    await this.record(userId);
  }

  async clear(userId: number): Promise<void> {
    await this.windows.clear(String(userId));
  }
}

export interface AccountLimits {
  downloads: AccountLimit;
  deletions: AccountLimit;
  /** Wrong current passwords given to auth/updatePassword. */
  passwordFailures: AccountLimit;
}

export function createAccountLimits(
  config: AccountRateLimitConfig,
  now: () => Date,
  windows: SharedWindows,
): AccountLimits {
  const limit = (name: keyof AccountLimits) =>
    new AccountLimit(
      config[name],
      config.windowSeconds,
      now,
      windows,
      name,
      accountLimitMessages[name],
    );
  return {
    downloads: limit('downloads'),
    deletions: limit('deletions'),
    passwordFailures: limit('passwordFailures'),
  };
}
