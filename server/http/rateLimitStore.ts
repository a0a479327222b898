/**
 * A store for @fastify/rate-limit in this process's memory, counting on the app's clock (which
 * tests move) instead of Date.now(): fixed windows that start at a key's first count. Every
 * limiter shares it; their keys carry the limit's name.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

interface Window {
  current: number;
  endsAt: number;
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Entries kept before expired windows are swept. */
const SWEEP_THRESHOLD = 10_000;

export function clockedMemoryStore(now: () => Date): FastifyRateLimitStoreCtor {
  const windows = new Map<string, Window>();

  const live = (key: string, at: number) => {
    const window = windows.get(key);
    return window !== undefined && window.endsAt > at ? window : undefined;
  };

  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };

  return class ClockedMemoryStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now().getTime();
      let window = live(key, at);
      if (window === undefined) {
        if (windows.size >= SWEEP_THRESHOLD) sweep(at);
        window = { current: 0, endsAt: at + timeWindow };
        windows.set(key, window);
      }
      window.current += 1;
      callback(null, { current: window.current, ttl: window.endsAt - at });
    }

    /** The count without counting (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      const at = now().getTime();
      const window = live(key, at);
      callback(
        null,
        window === undefined
          ? { current: 0, ttl: 0 }
          : {
              current: window.current,
              ttl: window.endsAt - at,
            },
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
