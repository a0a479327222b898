/**
 * The memory of live sessions in front of the database check: a live session is trusted for a
 * short time, an ending in this process makes every entry be looked up again at once, and an
 * ended session is never remembered.
 */
import { describe, expect, it, vi } from 'vitest';
import { LiveSessionCache } from '../../server/features/auth/liveSessions';
import { endSession } from '../../server/features/auth/refreshTokens';
import type { Queryable } from '../../server/db/database';
import { FakeNotices } from './support/fakeNotices';
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

describe('LiveSessionCache following the notices of other processes', () => {
  function following(live: Set<string>) {
    const notices = new FakeNotices();
    const { cache, lookUp, clock } = cacheOver(live);
    cache.follow(notices);
    return { cache, lookUp, clock, notices };
  }

  it('trusts a remembered session once the notices on their way have arrived', async () => {
    const { cache, lookUp, notices } = following(new Set(['a']));
    expect(await cache.isLive('a')).toBe(true);
    expect(await cache.isLive('a')).toBe(true);
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(notices.catchUps).toBe(1);
  });

  it('looks a session up again once another process ended it, even if the notice was on its way', async () => {
    const live = new Set(['a', 'b']);
    const { cache, lookUp, notices } = following(live);
    await cache.isLive('a');
    await cache.isLive('b');
    live.delete('a');
    notices.send('sessions', 'a');
    expect(await cache.isLive('a')).toBe(false);
    expect(await cache.isLive('b')).toBe(true);
    expect(lookUp).toHaveBeenCalledTimes(3);
  });

  it('forgets everything on a gap, and trusts nothing while notices may be missed', async () => {
    const { cache, lookUp, notices } = following(new Set(['a']));
    await cache.isLive('a');
    notices.gap();
    await cache.isLive('a');
    expect(lookUp).toHaveBeenCalledTimes(2);
    notices.listening = false;
    await cache.isLive('a');
    await cache.isLive('a');
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it('does not remember a lookup that a notice overtook', async () => {
    const live = new Set(['a']);
    const notices = new FakeNotices();
    const lookUp = vi.fn(async (sessionId: string) => {
      const wasLive = live.has(sessionId);
      // Another process ends the session while the lookup is on its way back.
      live.delete(sessionId);
      notices.notify('sessions', sessionId);
      return wasLive;
    });
    const cache = new LiveSessionCache(lookUp, new TestClock().now, 2_000);
    cache.follow(notices);
    expect(await cache.isLive('a')).toBe(true);
    expect(await cache.isLive('a')).toBe(false);
    expect(lookUp).toHaveBeenCalledTimes(2);
  });
});
