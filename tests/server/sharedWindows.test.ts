/**
 * The counters every server process shares (server/db/sharedWindows.ts), on PGlite or, with
 * TEST_DATABASE_URL, on PostgreSQL: a window starts at a key's first count and restarts once it
 * has ended on the app's clock; concurrent counts (several connections, two stores standing for
 * two processes) are each counted once; expired rows are swept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database';
import { rateLimitWindows } from '../../server/db/schema';
import { SharedWindows } from '../../server/db/sharedWindows';
import { openTestDatabase } from './support/testDatabase';
import { TestClock } from './support/testServer';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const WINDOW_MS = 60_000;

describe('SharedWindows', () => {
  it('counts in a window that starts at the first count and restarts once it has ended', async () => {
    const windows = new SharedWindows(handle.db);
    const clock = new TestClock();
    const start = clock.now();
    const first = await windows.increment('restart', WINDOW_MS, start);
    expect(first).toEqual({ count: 1, endsAt: new Date(start.getTime() + WINDOW_MS) });
    clock.advanceSeconds(59);
    expect(await windows.increment('restart', WINDOW_MS, clock.now())).toEqual({
      count: 2,
      endsAt: first.endsAt,
    });
    expect((await windows.read('restart', clock.now()))?.count).toBe(2);
    clock.advanceSeconds(1);
    expect(await windows.read('restart', clock.now())).toBeUndefined();
    const restarted = await windows.increment('restart', WINDOW_MS, clock.now());
    expect(restarted).toEqual({
      count: 1,
      endsAt: new Date(clock.now().getTime() + WINDOW_MS),
    });
  });

  it('reads without counting, keeps keys apart and clears them', async () => {
    const windows = new SharedWindows(handle.db);
    const at = new TestClock().now();
    expect(await windows.read('read:a', at)).toBeUndefined();
    await windows.increment('read:a', WINDOW_MS, at);
    await windows.increment('read:a', WINDOW_MS, at);
    await windows.increment('read:b', WINDOW_MS, at);
    expect((await windows.read('read:a', at))?.count).toBe(2);
    expect((await windows.read('read:a', at))?.count).toBe(2);
    expect((await windows.read('read:b', at))?.count).toBe(1);
    await windows.clear(['read:a', 'read:b']);
    expect(await windows.read('read:a', at)).toBeUndefined();
    expect(await windows.read('read:b', at)).toBeUndefined();
  });

  it('counts each of many concurrent increments once, from two stores on the database', async () => {
    const first = new SharedWindows(handle.db);
    const second = new SharedWindows(handle.db);
    const at = new TestClock().now();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        (index % 2 === 0 ? first : second).increment('concurrent', WINDOW_MS, at),
      ),
    );
    const counts = results.map((result) => result.count).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    expect((await first.read('concurrent', at))?.count).toBe(60);
  });

  it('restarts an ended window once when concurrent counts find it ended', async () => {
    const windows = new SharedWindows(handle.db);
    const clock = new TestClock();
    for (let count = 0; count < 5; count += 1) {
      await windows.increment('boundary', WINDOW_MS, clock.now());
    }
    clock.advanceSeconds(60);
    const at = clock.now();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => windows.increment('boundary', WINDOW_MS, at)),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    expect(new Set(results.map((result) => result.endsAt.getTime()))).toEqual(
      new Set([at.getTime() + WINDOW_MS]),
    );
  });

  it('sweeps the ended windows after every sweepEvery counts', async () => {
    const windows = new SharedWindows(handle.db, { sweepEvery: 3 });
    const clock = new TestClock();
    await windows.increment('sweep:old', 1000, clock.now());
    await windows.increment('sweep:long', WINDOW_MS, clock.now());
    clock.advanceSeconds(2);
    const keys = async () =>
      (await handle.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows))
        .map((row) => row.key)
        .filter((key) => key.startsWith('sweep:'))
        .sort();
    expect(await keys()).toEqual(['sweep:long', 'sweep:old']);
    await windows.increment('sweep:new', WINDOW_MS, clock.now());
    expect(await keys()).toEqual(['sweep:long', 'sweep:new']);
  });
});
