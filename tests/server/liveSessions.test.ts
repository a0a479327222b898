/**
 * The memory of live sessions in front of the database check: a live session is trusted for a
 * short time, an ending in this process makes every entry be looked up again at once, and an
 * ended session is never remembered.
 */
import { describe, expect, it, vi } from 'vitest';
import { LiveSessionCache } from '../../server/features/auth/liveSessions';
import { endSession } from '../../server/features/auth/refreshTokens';
import type { Queryable } from '../../server/db/database';
import { TestClock } from './support/testServer';

/** endSession's write, on a stand-in database that accepts it (only the count matters here). */
const anyDatabase = {
  update: () => ({ set: () => ({ where: async () => undefined }) }),
} as unknown as Queryable;

function cacheOver(live: Set<string>) {
  const clock = new TestClock();
  const lookUp = vi.fn(async (sessionId: string) => live.has(sessionId));
  return { cache: new LiveSessionCache(lookUp, clock.now, 2_000), lookUp, clock };
}

describe('LiveSessionCache', () => {
  it('looks a live session up once, then trusts it for the time allowed', async () => {
    const { cache, lookUp, clock } = cacheOver(new Set(['a']));
    expect(await cache.isLive('a')).toBe(true);
    expect(await cache.isLive('a')).toBe(true);
    clock.advanceSeconds(1.9);
    expect(await cache.isLive('a')).toBe(true);
    expect(lookUp).toHaveBeenCalledTimes(1);
    clock.advanceSeconds(0.2);
    expect(await cache.isLive('a')).toBe(true);
    expect(lookUp).toHaveBeenCalledTimes(2);
  });

  it('never remembers an ended session', async () => {
    const { cache, lookUp } = cacheOver(new Set());
    expect(await cache.isLive('gone')).toBe(false);
    expect(await cache.isLive('gone')).toBe(false);
    expect(lookUp).toHaveBeenCalledTimes(2);
  });

  it('looks every session up again once this process ended any session', async () => {
    const live = new Set(['a', 'b']);
    const { cache, lookUp } = cacheOver(live);
    await cache.isLive('a');
    await cache.isLive('b');
    live.delete('a');
    await endSession(anyDatabase, 'a', new Date());
    expect(await cache.isLive('a')).toBe(false);
    expect(await cache.isLive('b')).toBe(true);
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it('does not remember a lookup that an ending overtook', async () => {
    const live = new Set(['a']);
    const clock = new TestClock();
    const lookUp = vi.fn(async (sessionId: string) => {
      const wasLive = live.has(sessionId);
      // The session ends while its lookup is on its way back.
      await endSession(anyDatabase, sessionId, new Date());
      live.delete(sessionId);
      return wasLive;
    });
    const cache = new LiveSessionCache(lookUp, clock.now, 2_000);
    expect(await cache.isLive('a')).toBe(true);
    expect(await cache.isLive('a')).toBe(false);
    expect(lookUp).toHaveBeenCalledTimes(2);
  });
});
