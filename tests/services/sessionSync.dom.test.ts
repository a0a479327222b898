// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  REFRESH_LOCK_NAME,
  subscribeToAuthSessionChanges,
  waitForStoredSession,
  withRefreshLock,
  type AuthSessionChange,
  type LockManagerLike,
} from '../../src/services/sessionSync';
import { userFromToken } from '../../src/services/token';
import { makeToken } from './helpers/tokens';

const session = {
  jwtToken: makeToken({ firstName: 'Other', lastName: 'Tab' }),
  expiresAt: 1_795_000_000_000,
  refreshTokenExpiresAt: '2026-12-01T00:00:00Z',
};

/** What the browser dispatches in this tab when another tab changes localStorage. */
function otherTabChanges(
  key: string | null,
  newValue: string | null,
  storageArea: Storage = localStorage,
): void {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, oldValue: null, storageArea }));
}

const unsubscribes: Array<() => void> = [];
function subscribe(): AuthSessionChange[] {
  const changes: AuthSessionChange[] = [];
  unsubscribes.push(subscribeToAuthSessionChanges((change) => changes.push(change)));
  return changes;
}

afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  localStorage.clear();
});

describe('subscribeToAuthSessionChanges (storage events on authSession)', () => {
  it('another tab storing a session reports it, with the user from its token', () => {
    const changes = subscribe();
    otherTabChanges('authSession', JSON.stringify(session));
    expect(changes).toEqual([{ type: 'stored', session, user: userFromToken(session.jwtToken) }]);
    expect(changes[0]?.type === 'stored' && changes[0].user.fullName).toBe('Other Tab');
  });

  it('another tab removing the session (or clearing storage) reports cleared', () => {
    const changes = subscribe();
    otherTabChanges('authSession', null);
    otherTabChanges(null, null);
    expect(changes).toEqual([{ type: 'cleared' }, { type: 'cleared' }]);
  });

  it('ignores other keys, malformed sessions and sessionStorage', () => {
    const changes = subscribe();
    otherTabChanges('user', '{}');
    otherTabChanges('authSession', '{not json');
    otherTabChanges('authSession', JSON.stringify({ ...session, jwtToken: 'a.b.c' }));
    otherTabChanges('authSession', null, sessionStorage);
    expect(changes).toEqual([]);
  });

  it('stops after unsubscribe', () => {
    const callback = vi.fn();
    const unsubscribe = subscribeToAuthSessionChanges(callback);
    unsubscribe();
    otherTabChanges('authSession', null);
    expect(callback).not.toHaveBeenCalled();
  });
});

/** An exclusive in-memory LockManager standing for navigator.locks (absent in jsdom and node 20). */
function fakeLocks(): LockManagerLike & {
  requested: Array<{ name: string; mode: string | undefined }>;
} {
  let queue: Promise<unknown> = Promise.resolve();
  let held = 0;
  const requested: Array<{ name: string; mode: string | undefined }> = [];
  return {
    requested,
    request: ((name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) => {
      requested.push({ name, mode: options.mode });
      if (options.ifAvailable && held > 0) return Promise.resolve(callback(null));
      held += 1;
      const run = queue.then(() => callback({ name, mode: options.mode ?? 'exclusive' } as Lock));
      queue = run.catch(() => undefined).finally(() => (held -= 1));
      return run;
    }) as LockManagerLike['request'],
  };
}

describe('waitForStoredSession', () => {
  const newer = { ...session, expiresAt: session.expiresAt + 1 };
  const accept = (s: { expiresAt: number }) => s.expiresAt > session.expiresAt;

  it('takes the stored session at once when it is acceptable', async () => {
    await expect(waitForStoredSession(() => newer, accept, 1000)).resolves.toEqual(newer);
  });

  it("waits for another tab's session to arrive", async () => {
    const waiting = waitForStoredSession(() => session, accept, 1000);
    otherTabChanges('authSession', JSON.stringify(session));
    otherTabChanges('authSession', JSON.stringify(newer));
    await expect(waiting).resolves.toEqual(newer);
  });

  it('gives up after the timeout', async () => {
    await expect(waitForStoredSession(() => null, accept, 20)).resolves.toBeNull();
  });
});

describe('withRefreshLock', () => {
  it("requests the exclusive 'givedrop-token-refresh' lock and returns fn's result", async () => {
    const locks = fakeLocks();
    await expect(withRefreshLock(async () => 'refreshed', { locks })).resolves.toBe('refreshed');
    expect(locks.requested).toEqual([{ name: REFRESH_LOCK_NAME, mode: 'exclusive' }]);
    expect(REFRESH_LOCK_NAME).toBe('givedrop-token-refresh');
  });

  it('runs one refresh at a time', async () => {
    const locks = fakeLocks();
    const events: string[] = [];
    const refresh = (id: string) => async () => {
      events.push(`start ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`end ${id}`);
    };
    await Promise.all([
      withRefreshLock(refresh('a'), { locks }),
      withRefreshLock(refresh('b'), { locks }),
    ]);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('tells fn whether another tab held the lock when it asked', async () => {
    const locks = fakeLocks();
    const seen: boolean[] = [];
    const refresh = async (contended: boolean) => {
      seen.push(contended);
      await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await Promise.all([withRefreshLock(refresh, { locks }), withRefreshLock(refresh, { locks })]);
    expect(seen).toEqual([false, true]);
    await withRefreshLock(refresh, { locks });
    expect(seen).toEqual([false, true, false]);
  });

  it("propagates fn's failure", async () => {
    await expect(
      withRefreshLock(() => Promise.reject(new Error('refresh failed')), { locks: fakeLocks() }),
    ).rejects.toThrow('refresh failed');
  });

  it('uses navigator.locks when present', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    try {
      await withRefreshLock(async () => undefined);
      expect(locks.requested).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs fn directly without the Web Locks API', async () => {
    expect((navigator as Navigator & { locks?: unknown }).locks).toBeUndefined();
    const fn = vi.fn(async () => 7);
    await expect(withRefreshLock(fn)).resolves.toBe(7);
    await expect(withRefreshLock(fn, { locks: null })).resolves.toBe(7);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
