/**
 * With REDIS_URL, the per-client-address limits count in Redis (@fastify/rate-limit's Redis store):
 * two apps, each on a database of its own so that only Redis is shared between them, add up the
 * failed logins of one address (an IPv6 address by its /64); the 429 carries Retry-After from
 * Redis's expiry; no address count is kept in the database. A Redis that cannot be reached fails
 * the attempt instead of letting it through uncounted. Needs a Redis server (TEST_REDIS_URL,
 * `.ci/redis start`) and is skipped without one.
 */
import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database';
import { rateLimitWindows } from '../../server/db/schema';
import { addressKeyOf, LIMITS_UNAVAILABLE } from '../../server/http/addressLimits';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../server/http/errors';
import { REDIS_KEY_PREFIX } from '../../server/http/redisLimits';
import { makeImage, mediaApiKey, upload } from './support/media';
import { openTestDatabase } from './support/testDatabase';
import { createTestApp, postLogin, type TestApp } from './support/testServer';

const testRedisUrl = process.env.TEST_REDIS_URL || undefined;
const randomPrefix = () =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
const PER_ADDRESS = 3;
const WINDOW_SECONDS = 60;

describe.skipIf(testRedisUrl === undefined)(
  'per-address limits in Redis (skipped without TEST_REDIS_URL)',
  () => {
    const handles: DatabaseHandle[] = [];
    const apps: TestApp[] = [];

    beforeAll(async () => {
      for (let index = 0; index < 2; index += 1) {
        const handle = await openTestDatabase();
        handles.push(handle);
        apps.push(
          await createTestApp(handle.db, {
            REDIS_URL: testRedisUrl,
            LOGIN_RATE_LIMIT_ADDRESS: String(PER_ADDRESS),
            LOGIN_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
          }),
        );
      }
    });
    afterAll(async () => {
      for (const test of apps) await test.app.close();
      for (const handle of handles) await handle.close();
    });

    it('adds up the failures of one address made through both apps, in Redis', async () => {
      // /64s of the documentation prefix of their own, so that earlier runs count nothing here.
      const prefix = randomPrefix();
      const attempt = (index: number, address: string) =>
        postLogin(apps[index % 2]!.app, `nobody${index}@example.com`, 'wrong password', {
          remoteAddress: address,
        });
      for (let failure = 0; failure < PER_ADDRESS; failure += 1) {
        expect((await attempt(failure, `${prefix}::${failure + 1}`)).statusCode).toBe(401);
      }
      for (const index of [0, 1]) {
        const refused = await attempt(index, `${prefix}::99`);
        expect(refused.statusCode).toBe(429);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
      }
      expect((await attempt(0, `${randomPrefix()}::1`)).statusCode).toBe(401);

      for (const handle of handles) {
        const rows = await handle.db
          .select()
          .from(rateLimitWindows)
          .where(like(rateLimitWindows.key, 'address:%'));
        expect(rows).toEqual([]);
      }
      const redis = new Redis(testRedisUrl!);
      try {
        // The plugin's Redis store puts the route of a limiter in its keys (none here).
        const keys = await redis.keys(`${REDIS_KEY_PREFIX}*login:${addressKeyOf(`${prefix}::1`)}`);
        expect(keys).toHaveLength(1);
        expect(await redis.get(keys[0]!)).toBe(String(PER_ADDRESS));
        expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    });

    it('refuses an attempt whose count Redis cannot take (503), never lets it through uncounted', async () => {
      const handle = handles[0]!;
      const unreachable = await createTestApp(handle.db, { REDIS_URL: 'redis://127.0.0.1:1' });
      try {
        const response = await postLogin(unreachable.app, 'nobody@example.com', 'wrong password');
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        expect(response.json()).toMatchObject({ messages: [LIMITS_UNAVAILABLE] });
        // The media service's uploads are counted the same way, and answer its own shape.
        const data = await makeImage('jpeg', 640, 480);
        const uploaded = await upload(unreachable.app, await mediaApiKey(unreachable.app), {
          fileName: 'photo.jpg',
          contentType: 'image/jpeg',
          data,
        });
        expect(uploaded.statusCode).toBe(503);
        expect(uploaded.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        expect(uploaded.json()).toEqual({ messages: [LIMITS_UNAVAILABLE] });
      } finally {
        await unreachable.app.close();
      }
    });
  },
);
