/** Spec §7.1 / §9: on HTTP 429 one retry, after Retry-After seconds or 3 s when absent. */
export const RATE_LIMIT_STATUS = 429;
export const DEFAULT_RATE_LIMIT_WAIT_MS = 3000;
export const RATE_LIMIT_RETRIES = 1;
/*
 * Spec §7.1: a 429 is retried once after Retry-After, however long it asks for (issue 34: a
 * wait over a minute was not retried). The wait is cancellable: a caller's AbortSignal ends it
 * (a flow that stops, the person leaving the screen), and a long one is announced to the
 * rate-limit waits (./rateLimitWaits), whose notice lets the person stop it.
 */

/**
 * The wait before the retry, from a Retry-After header: delta seconds, or an HTTP date;
 * absent or unreadable gives the 3 s default. (Used by fetch calls and the XHR upload alike.)
 */
export function retryAfterMs(header: string | null, nowMs: number = Date.now()): number {
  if (header === null || header.trim() === '') return DEFAULT_RATE_LIMIT_WAIT_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return DEFAULT_RATE_LIMIT_WAIT_MS;
  return Math.max(0, date - nowMs);
}
