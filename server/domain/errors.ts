/**
 * Failures the domain reports to its callers. The HTTP layer maps each kind to a status code
 * and an envelope; the messages are shown to the user as they are.
 */
import type { CaptchaRequiredData } from '../../contract/auth';

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'rateLimited'
  /** A service the call needs (mail, a third party) failed; nothing was changed. */
  | 'unavailable';

export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: DomainErrorKind;
  readonly messages: string[];
  /** The envelope's data with the refusal (null unless the client is told more). */
  readonly data: unknown = null;

  constructor(kind: DomainErrorKind, messages: string | string[]) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join(' '));
    this.kind = kind;
    this.messages = list;
  }
}

/** Too many attempts; the caller may try again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  override name = 'RateLimitedError';
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('rateLimited', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The login needs a captcha token (too many failures on the account from every address); the
 * answer's data is {@link CaptchaRequiredData}.
 */
export class CaptchaRequiredError extends DomainError {
  override name = 'CaptchaRequiredError';
  override readonly data: CaptchaRequiredData = { captchaRequired: true };

  constructor(message: string) {
    super('forbidden', message);
  }
}

export const invalid = (messages: string | string[]) => new DomainError('invalid', messages);
export const unauthenticated = (messages: string | string[]) =>
  new DomainError('unauthenticated', messages);
export const forbidden = (messages: string | string[]) => new DomainError('forbidden', messages);
export const notFound = (messages: string | string[]) => new DomainError('notFound', messages);
export const conflict = (messages: string | string[]) => new DomainError('conflict', messages);
export const unavailable = (messages: string | string[]) =>
  new DomainError('unavailable', messages);
