/**
 * Several tabs share one session (spec §4 Session): a session stored or removed in another tab
 * is reported through the `storage` event, and token refreshes are serialised across tabs with
 * the Web Locks API so only one tab refreshes at a time.
 */
import type { AuthSession, User } from '../../contract/auth';
import { AUTH_SESSION_KEY, parseAuthSession } from './storage';
import { userFromToken } from './token';

export type AuthSessionChange =
  { type: 'stored'; session: AuthSession; user: User } | { type: 'cleared' };

export interface SessionSyncOptions {
  /** Where `storage` events arrive; defaults to `window` (globalThis). */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The storage holding authSession; events of other storages are ignored. Default localStorage. */
  storageArea?: Storage | null;
}

function defaultLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Calls back when another tab stores a new session ('stored', with the user from its token) or
 * removes it ('cleared', also when that tab cleared the whole storage). A value that is not a
 * valid session is ignored. Returns the unsubscribe function.
 */
export function subscribeToAuthSessionChanges(
  callback: (change: AuthSessionChange) => void,
  options: SessionSyncOptions = {},
): () => void {
  const target = options.target ?? globalThis;
  const storageArea =
    options.storageArea !== undefined ? options.storageArea : defaultLocalStorage();
  const listener = (event: Event): void => {
    const { key, newValue, storageArea: area } = event as StorageEvent;
    if (storageArea !== null && area !== null && area !== storageArea) return;
    if (key === null) {
      callback({ type: 'cleared' });
      return;
    }
    if (key !== AUTH_SESSION_KEY) return;
    if (newValue === null) {
      callback({ type: 'cleared' });
      return;
    }
    const session = parseAuthSession(newValue);
    if (session === null) return;
    callback({ type: 'stored', session, user: userFromToken(session.jwtToken) });
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}

/** The Web Locks lock every tab requests before refreshing the token. */
export const REFRESH_LOCK_NAME = 'givedrop-token-refresh';

/** The part of the Web Locks API used here. */
export type LockManagerLike = Pick<LockManager, 'request'>;

function defaultLocks(): LockManagerLike | null {
  return globalThis.navigator?.locks ?? null;
}

/**
 * Runs `fn` holding the cross-tab refresh lock (exclusive), so only one tab refreshes at a time.
 * `fn` learns whether the lock was contended: true when another tab held it at the moment this
 * one asked, i.e. that tab was refreshing and its new session may still be on its way here
 * through storage (browsers propagate localStorage between tabs asynchronously). Without the Web
 * Locks API `fn` runs directly, uncontended.
 */
export async function withRefreshLock<T>(
  fn: (contended: boolean) => Promise<T>,
  options: { locks?: LockManagerLike | null; signal?: AbortSignal } = {},
): Promise<T> {
  const locks = options.locks !== undefined ? options.locks : defaultLocks();
  if (locks === null) return fn(false);
  const free = (await locks.request(
    REFRESH_LOCK_NAME,
    { mode: 'exclusive', ifAvailable: true },
    async (lock) => (lock ? { value: await fn(false) } : null),
  )) as { value: T } | null;
  if (free) return free.value;
  const lockOptions: LockOptions = { mode: 'exclusive' };
  if (options.signal !== undefined) lockOptions.signal = options.signal;
  return locks.request(REFRESH_LOCK_NAME, lockOptions, () => fn(true)) as Promise<T>;
}

/**
 * The stored session if `accept` takes it, or the first one another tab stores within
 * `timeoutMs` that `accept` takes; null when none comes.
 */
export function waitForStoredSession(
  read: () => AuthSession | null,
  accept: (session: AuthSession) => boolean,
  timeoutMs: number,
  options: SessionSyncOptions = {},
): Promise<AuthSession | null> {
  const current = read();
  if (current && accept(current)) return Promise.resolve(current);
  return new Promise((resolve) => {
    const finish = (session: AuthSession | null) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(session);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const unsubscribe = subscribeToAuthSessionChanges((change) => {
      if (change.type === 'stored' && accept(change.session)) finish(change.session);
    }, options);
  });
}
