/**
 * With REDIS_URL set, the per-client-address limits count in Redis, through @fastify/rate-limit's
 * own Redis store (an atomic INCR + PEXPIRE script per count) over an ioredis client, instead of in
 * the database ({@link sharedWindowsStore}). Redis keeps the time itself: its windows follow its own
 * clock, not the app's. The client gives up a command after one retry, so a Redis that cannot be
 * reached refuses the attempt (503, logged; addressLimits.ts) instead of letting it through uncounted.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/** The prefix of every key the limits keep in Redis. */
export const REDIS_KEY_PREFIX = 'givedrop:address-limit:';

/** The plugin's options that keep the counts in Redis at `redisUrl`; the client ends with `app`. */
export function redisLimitOptions(
  app: FastifyInstance,
  redisUrl: string,
): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace'> {
  const redis = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis (address limits)'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: REDIS_KEY_PREFIX };
}
