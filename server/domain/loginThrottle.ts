import { normaliseEmail } from './users';

/**
 * In-memory login rate limit: failed attempts are counted per account (lower-cased email) and per
 * client address in fixed windows that start at the first failure. Once a key has used up its
 * allowance, further attempts are refused until its window ends. A successful login clears the
 * account's counter (not the address's).
 */
export interface LoginThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

interface Window {
  failures: number;
  endsAt: number;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the blocking window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/** Entries kept before expired windows are swept. */
const SWEEP_THRESHOLD = 10_000;

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: LoginThrottleLimits,
    private readonly now: () => Date,
  ) {}

  /** Whether an attempt for this account from this address may go ahead. */
  check(email: string, address: string): ThrottleVerdict {
    const waits = [
      this.wait(accountKey(email), this.limits.perAccount),
      this.wait(addressKey(address), this.limits.perAddress),
    ];
    const retryAfterSeconds = Math.max(...waits);
    return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
  }

  recordFailure(email: string, address: string): void {
    this.increment(accountKey(email));
    this.increment(addressKey(address));
  }

  recordSuccess(email: string): void {
    this.windows.delete(accountKey(email));
  }

  private wait(key: string, limit: number): number {
    const window = this.current(key);
    if (window === undefined || window.failures < limit) return 0;
    return Math.max(1, Math.ceil((window.endsAt - this.now().getTime()) / 1000));
  }

  private increment(key: string): void {
    const window = this.current(key);
    if (window !== undefined) {
      window.failures += 1;
      return;
    }
    if (this.windows.size >= SWEEP_THRESHOLD) this.sweep();
    const endsAt = this.now().getTime() + this.limits.windowSeconds * 1000;
    this.windows.set(key, { failures: 1, endsAt });
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window === undefined) return undefined;
    if (window.endsAt > this.now().getTime()) return window;
    this.windows.delete(key);
    return undefined;
  }

  private sweep(): void {
    const now = this.now().getTime();
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}

const accountKey = (email: string) => `account:${normaliseEmail(email)}`;
const addressKey = (address: string) => `address:${address}`;
