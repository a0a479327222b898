/**
 * All browser storage of the app (spec §3 Session, §4 Session and Subscription expiry, §9
 * onboarding step). Access is safe: a storage that is missing, full or blocked never throws;
 * reads fall back to "nothing stored".
 */
import { validate } from 'superstruct';
import { AuthSession } from '../../contract/auth';
import { userFromToken } from './token';

/** Keys of spec §4. */
export const AUTH_SESSION_KEY = 'authSession';
export const USER_KEY = 'user';
export const PASSWORD_RESET_KEY = 'passwordReset';
export const SUBSCRIPTION_EXPIRED_KEY = 'subscription-expired';
export const ONBOARDING_STEP_PREFIX = 'onboardingStep:';
/** Ours (issue 15): the email of the account signed up for in this browser, until its sign-out. */
export const NEW_ACCOUNT_KEY = 'newAccount';

/** Onboarding steps (spec §4, §9): 2 to 4, default 2. */
export type OnboardingStep = 2 | 3 | 4;
export const DEFAULT_ONBOARDING_STEP: OnboardingStep = 2;

/** The subset of the Web Storage API used here (a Map-backed fake fits in tests). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AppStorageOptions {
  /** Defaults to `globalThis.localStorage` (session, onboarding step: shared by tabs). */
  local?: StorageLike | null;
  /** Defaults to `globalThis.sessionStorage` (subscription-expired flag: per tab). */
  session?: StorageLike | null;
}

export interface AppStorage {
  /**
   * The stored session, or null. A malformed value (not JSON, failing the contract, or with a
   * token that cannot be decoded into a User) is removed; never throws.
   */
  readAuthSession(): AuthSession | null;
  /** Stores the session under authSession; false when the storage refused it. */
  writeAuthSession(session: AuthSession): boolean;
  /**
   * Sign-out (spec §4): removes authSession, user and passwordReset; and, when someone was signed
   * in, the new-account mark (their first session is over).
   */
  clearSignOutKeys(): void;
  /**
   * The account signed up for in this browser (its email, case aside), greeted 'Welcome' rather
   * than 'Welcome back' throughout its first session: the mark stays through the sign-outs of
   * visiting /login before its first sign-in (activation by email), and goes with the first
   * sign-out of a signed-in person.
   */
  newAccount: { set(email: string): void; is(email: string): boolean };
  /** The per-tab subscription-expired flag (sessionStorage). */
  subscriptionExpired: { get(): boolean; set(): void; clear(): void };
  /** The per-user onboarding step (localStorage), 2 when not stored or invalid. */
  onboardingStep: {
    get(userId: number | string): OnboardingStep;
    set(userId: number | string, step: OnboardingStep): void;
  };
}

/** `globalThis[name]`, or null where reading it throws (blocked storage) or it is absent. */
function defaultStorage(name: 'localStorage' | 'sessionStorage'): StorageLike | null {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null;
  }
}

function safeGet(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: StorageLike | null, key: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function safeRemove(storage: StorageLike | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: a blocked storage holds nothing we can remove.
  }
}

/**
 * The stored session text as an AuthSession, or null when it is not one (not JSON, failing the
 * contract, or with a token that does not decode into a User). Never throws.
 */
export function parseAuthSession(text: string | null): AuthSession | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  const [error, session] = validate(value, AuthSession);
  if (error !== undefined) return null;
  try {
    userFromToken(session.jwtToken);
  } catch {
    return null;
  }
  return session;
}

export function createAppStorage(options: AppStorageOptions = {}): AppStorage {
  const local = (): StorageLike | null =>
    options.local !== undefined ? options.local : defaultStorage('localStorage');
  const session = (): StorageLike | null =>
    options.session !== undefined ? options.session : defaultStorage('sessionStorage');
  const stepKey = (userId: number | string): string => `${ONBOARDING_STEP_PREFIX}${userId}`;

  return {
    readAuthSession() {
      const text = safeGet(local(), AUTH_SESSION_KEY);
      const parsed = parseAuthSession(text);
      if (parsed === null && text !== null) safeRemove(local(), AUTH_SESSION_KEY);
      return parsed;
    },
    writeAuthSession(value) {
      return safeSet(local(), AUTH_SESSION_KEY, JSON.stringify(value));
    },
    clearSignOutKeys() {
      if (safeGet(local(), AUTH_SESSION_KEY) !== null) safeRemove(local(), NEW_ACCOUNT_KEY);
      for (const key of [AUTH_SESSION_KEY, USER_KEY, PASSWORD_RESET_KEY]) {
        safeRemove(local(), key);
        safeRemove(session(), key);
      }
    },
    newAccount: {
      set: (email) => {
        safeSet(local(), NEW_ACCOUNT_KEY, email.trim().toLowerCase());
      },
      is: (email) => {
        const stored = safeGet(local(), NEW_ACCOUNT_KEY);
        return stored !== null && stored === email.trim().toLowerCase();
      },
    },
    subscriptionExpired: {
      get: () => safeGet(session(), SUBSCRIPTION_EXPIRED_KEY) === 'true',
      set: () => {
        safeSet(session(), SUBSCRIPTION_EXPIRED_KEY, 'true');
      },
      clear: () => safeRemove(session(), SUBSCRIPTION_EXPIRED_KEY),
    },
    onboardingStep: {
      get(userId) {
        const stored = Number(safeGet(local(), stepKey(userId)));
        return stored === 3 || stored === 4 ? stored : DEFAULT_ONBOARDING_STEP;
      },
      set(userId, step) {
        safeSet(local(), stepKey(userId), String(step));
      },
    },
  };
}
