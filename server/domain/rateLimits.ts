/**
 * Rate limits of the identity calls, built on the login throttle's fixed windows: each kind of
 * attempt is counted per email address and per client address, and refused with 429 and
 * Retry-After once a key has used up its allowance for the window.
 */
import type { IdentityRateLimitConfig } from '../config';
import { RateLimitedError } from './errors';
import { LoginThrottle } from './loginThrottle';

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

/** A counter of attempts per email address and per client address. */
export class AttemptLimit {
  private readonly throttle: LoginThrottle;

  constructor(
    perEmail: number,
    perAddress: number,
    windowSeconds: number,
    now: () => Date,
    private readonly message: string,
  ) {
    this.throttle = new LoginThrottle({ perAccount: perEmail, perAddress, windowSeconds }, now);
  }

  /** Throws a RateLimitedError when either allowance is used up. */
  check(email: string, clientAddress: string): void {
    const verdict = this.throttle.check(email, clientAddress);
    if (!verdict.allowed) throw new RateLimitedError(this.message, verdict.retryAfterSeconds);
  }

  record(email: string, clientAddress: string): void {
    this.throttle.recordFailure(email, clientAddress);
  }

  /** check, then record: for attempts that count whatever their outcome (sending a mail). */
  take(email: string, clientAddress: string): void {
    this.check(email, clientAddress);
    this.record(email, clientAddress);
  }
}

export interface IdentityLimits {
  /** Verification emails sent. */
  codeSends: AttemptLimit;
  /** Wrong verification codes. */
  codeGuesses: AttemptLimit;
  /** Password reset requests. */
  resetRequests: AttemptLimit;
  /** Unknown, spent or expired activation, confirmation and reset keys (per client address). */
  keyFailures: AttemptLimit;
}

/** Keyed only by client address: no email address shares its allowance. */
export const NO_EMAIL = '';

export function createIdentityLimits(
  config: IdentityRateLimitConfig,
  now: () => Date,
): IdentityLimits {
  const { perAddress, windowSeconds } = config;
  const limit = (perEmail: number, message: string) =>
    new AttemptLimit(perEmail, perAddress, windowSeconds, now, message);
  return {
    codeSends: limit(PER_EMAIL_LIMITS.codeSends, TOO_MANY_VERIFICATION_EMAILS),
    codeGuesses: limit(PER_EMAIL_LIMITS.codeGuesses, TOO_MANY_ATTEMPTS),
    resetRequests: limit(PER_EMAIL_LIMITS.resetRequests, TOO_MANY_RESET_REQUESTS),
    keyFailures: limit(Number.MAX_SAFE_INTEGER, TOO_MANY_ATTEMPTS),
  };
}
