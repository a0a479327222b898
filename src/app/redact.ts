/** Keys whose values never leave the app (the Stately inspector receives a copy without them). */
const SECRET_KEYS = new Set([
  'jwtToken',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'refreshToken',
  'token',
  'authCodeResponse',
  'reCaptchaToken',
]);

export const REDACTED = '[redacted]';

/** A deep copy of `value` with every secret replaced by '[redacted]'. Pure. */
export function redactSecrets<T>(value: T, seen = new WeakMap<object, unknown>()): T {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value) as T;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(redactSecrets(item, seen));
    return copy as T;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    // Actor refs, errors, dates and the like: keep as they are (they carry no secrets of ours).
    return value;
  }
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, item] of Object.entries(value)) {
    copy[key] =
      SECRET_KEYS.has(key) && item !== null && item !== undefined
        ? REDACTED
        : redactSecrets(item, seen);
  }
  return copy as T;
}
