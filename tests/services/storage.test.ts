import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStorage, type AppStorage } from '../../src/services/storage';
import { MemoryStorage } from './helpers/memoryStorage';
import { makeToken } from './helpers/tokens';

const validSession = {
  jwtToken: makeToken(),
  expiresAt: 1_795_000_000_000,
  refreshTokenExpiresAt: '2026-12-01T00:00:00Z',
};

let local: MemoryStorage;
let session: MemoryStorage;
let storage: AppStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  storage = createAppStorage({ local, session });
});

describe('authSession (localStorage, shared by tabs)', () => {
  it('writes and reads back a session', () => {
    expect(storage.writeAuthSession(validSession)).toBe(true);
    expect(JSON.parse(local.getItem('authSession') ?? '')).toEqual(validSession);
    expect(storage.readAuthSession()).toEqual(validSession);
  });

  it('reads null when nothing is stored', () => {
    expect(storage.readAuthSession()).toBeNull();
  });

  it.each([
    ['not JSON', '{"jwtToken":'],
    ['JSON null', 'null'],
    ['missing refreshTokenExpiresAt', JSON.stringify({ jwtToken: makeToken() })],
    ['empty token', JSON.stringify({ ...validSession, jwtToken: '' })],
    ['extra field', JSON.stringify({ ...validSession, user: {} })],
    ['undecodable token', JSON.stringify({ ...validSession, jwtToken: 'a.b.c' })],
    [
      'token without a valid currentTenant',
      JSON.stringify({ ...validSession, jwtToken: makeToken({ currentTenant: '{}' }) }),
    ],
  ])('a malformed value (%s) is removed and reads as null, without throwing', (_label, text) => {
    local.setItem('authSession', text);
    local.setItem('other', 'kept');
    expect(storage.readAuthSession()).toBeNull();
    expect(local.getItem('authSession')).toBeNull();
    expect(local.getItem('other')).toBe('kept');
  });

  it('never throws when the storage is blocked or full', () => {
    local.failReads = true;
    expect(storage.readAuthSession()).toBeNull();
    local.failReads = false;
    local.failWrites = true;
    expect(storage.writeAuthSession(validSession)).toBe(false);
  });

  it('works (as "nothing stored") where there is no storage at all', () => {
    const none = createAppStorage({ local: null, session: null });
    expect(none.readAuthSession()).toBeNull();
    expect(none.writeAuthSession(validSession)).toBe(false);
    expect(() => none.clearSignOutKeys()).not.toThrow();
    expect(none.subscriptionExpired.get()).toBe(false);
    expect(none.onboardingStep.get(1)).toBe(2);
  });

  it('defaults to the global storages (absent in node: nothing stored)', () => {
    expect(createAppStorage().readAuthSession()).toBeNull();
  });
});

describe('sign-out keys (spec §4)', () => {
  it('removes authSession, user and passwordReset and nothing else', () => {
    for (const store of [local, session]) {
      store.setItem('authSession', JSON.stringify(validSession));
      store.setItem('user', '{}');
      store.setItem('passwordReset', '1');
    }
    local.setItem('onboardingStep:42', '3');
    session.setItem('subscription-expired', 'true');
    storage.clearSignOutKeys();
    expect(local.keys()).toEqual(['onboardingStep:42']);
    expect(session.keys()).toEqual(['subscription-expired']);
  });
});

describe('new-account mark (localStorage; issue 15: "Welcome", not "Welcome back")', () => {
  it('marks the email signed up for, case and spaces aside, and no other', () => {
    expect(storage.newAccount.is('ann@example.org')).toBe(false);
    storage.newAccount.set(' Ann@Example.org ');
    expect(local.getItem('newAccount')).toBe('ann@example.org');
    expect(storage.newAccount.is('ANN@example.org')).toBe(true);
    expect(storage.newAccount.is('bob@example.org')).toBe(false);
  });

  it('survives a sign-out with nobody signed in (visiting /login before the first sign-in)', () => {
    storage.newAccount.set('ann@example.org');
    storage.clearSignOutKeys();
    expect(storage.newAccount.is('ann@example.org')).toBe(true);
  });

  it('goes with the first sign-out of a signed-in person: their first session is over', () => {
    storage.newAccount.set('ann@example.org');
    storage.writeAuthSession(validSession);
    storage.clearSignOutKeys();
    expect(storage.newAccount.is('ann@example.org')).toBe(false);
    expect(local.keys()).toEqual([]);
  });

  it('never throws without a storage', () => {
    const none = createAppStorage({ local: null, session: null });
    expect(() => none.newAccount.set('ann@example.org')).not.toThrow();
    expect(none.newAccount.is('ann@example.org')).toBe(false);
  });
});

describe('subscription-expired flag (sessionStorage)', () => {
  it('is clear by default, then set, then cleared', () => {
    expect(storage.subscriptionExpired.get()).toBe(false);
    storage.subscriptionExpired.set();
    expect(session.getItem('subscription-expired')).toBe('true');
    expect(local.getItem('subscription-expired')).toBeNull();
    expect(storage.subscriptionExpired.get()).toBe(true);
    storage.subscriptionExpired.clear();
    expect(storage.subscriptionExpired.get()).toBe(false);
  });
});

describe('onboarding step per user (localStorage)', () => {
  it('defaults to 2 and is kept per user', () => {
    expect(storage.onboardingStep.get(42)).toBe(2);
    storage.onboardingStep.set(42, 3);
    storage.onboardingStep.set(43, 4);
    expect(local.getItem('onboardingStep:42')).toBe('3');
    expect(storage.onboardingStep.get(42)).toBe(3);
    expect(storage.onboardingStep.get(43)).toBe(4);
    storage.onboardingStep.set(42, 2);
    expect(storage.onboardingStep.get(42)).toBe(2);
  });

  it.each(['1', '5', 'x', ''])('an invalid stored value (%j) reads as 2', (value) => {
    local.setItem('onboardingStep:7', value);
    expect(storage.onboardingStep.get(7)).toBe(2);
  });
});
