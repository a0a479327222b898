/** Spec §7.1 / §9: on HTTP 429 one retry, after Retry-After seconds or 3 s when absent. */
export const RATE_LIMIT_STATUS = 429;
export const DEFAULT_RATE_LIMIT_WAIT_MS = 3000;
export const RATE_LIMIT_RETRIES = 1;
/**
 * A Retry-After longer than this is not waited for: the call fails at once with the server's
 * messages (e.g. a login locked for 15 minutes), rather than leaving a screen busy that long.
 */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/** Whether a 429 with this Retry-After header is retried (spec §7.1, within the wait cap). */
export function shouldRetryRateLimit(header: string | null, nowMs: number = Date.now()): boolean {
  return retryAfterMs(header, nowMs) <= MAX_RATE_LIMIT_WAIT_MS;
}

/**
 * The wait before the retry, from a Retry-After header: delta seconds, or an HTTP date;
 * absent or unreadable gives the 3 s default. (Mirrors ky's reading, used by the XHR upload.)
 */
export function retryAfterMs(header: string | null, nowMs: number = Date.now()): number {
  if (header === null || header.trim() === '') return DEFAULT_RATE_LIMIT_WAIT_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return DEFAULT_RATE_LIMIT_WAIT_MS;
  return Math.max(0, date - nowMs);
}
