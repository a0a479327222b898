/**
 * A store for @fastify/rate-limit over {@link SharedWindows}: the counts live in the database,
 * so every server process on it counts together, on the app's clock (which tests move) instead
 * of Date.now(): fixed windows that start at a key's first count. Every limiter shares it; their
 * keys carry the limit's name.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedWindows } from '../db/sharedWindows';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Where the address limits' keys live among the shared windows. */
const KEY_PREFIX = 'address:';

export function sharedWindowsStore(
  windows: SharedWindows,
  now: () => Date,
): FastifyRateLimitStoreCtor {
  const answer = (promise: Promise<{ current: number; ttl: number }>, callback: Callback) => {
    promise.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  return class SharedWindowsStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      answer(
        windows.increment(KEY_PREFIX + key, timeWindow, at).then((window) => ({
          current: window.count,
          ttl: window.endsAt.getTime() - at.getTime(),
        })),
        callback,
      );
    }

    /** The count without counting (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      const at = now();
      answer(
        windows
          .read(KEY_PREFIX + key, at)
          .then((window) =>
            window === undefined
              ? { current: 0, ttl: 0 }
              : { current: window.count, ttl: window.endsAt.getTime() - at.getTime() },
          ),
        callback,
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
