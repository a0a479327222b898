import { describe, expect, it, vi } from 'vitest';
import { refreshDelayMs, sessionMachine } from '../../src/machines/sessionMachine';
import { makeSession, makeUser } from '../support/fixtures';
import { describePaths, FakePromises, inertCallback } from '../support/pathHarness';

/** A session whose token expires 15 minutes from now (JWT_TTL_SECONDS 900). */
const expiringSoon = (session: ReturnType<typeof makeSession>) => ({
  ...session,
  authSession: { ...session.authSession, expiresAt: Date.now() + 900_000 },
});
const stored = expiringSoon(makeSession('stored-token'));
const refreshed = expiringSoon(makeSession('refreshed-token'));
const other = expiringSoon(
  makeSession('other-tab-token', makeUser({ id: 2, email: 'member@example.com' })),
);
const expiries = [stored, refreshed, other].map((s) => s.authSession.expiresAt);
const failure = { messages: ['Refresh failed'] };

await describePaths({
  machine: sessionMachine,
  build: () => {
    const promises = new FakePromises();
    const spies = {
      persistSession: vi.fn(),
      removeStoredSession: vi.fn(),
      followRedirect: vi.fn(),
    };
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: promises.logic('restoreSession') as never,
        refreshSession: promises.logic('refreshSession') as never,
        switchTenant: promises.logic('switchTenant') as never,
        revokeToken: promises.logic('revokeToken') as never,
        watchOtherTabs: inertCallback() as never,
      },
      // The composition root's clock: the test's.
      delays: { refreshDue: ({ context }) => refreshDelayMs(context.authSession, Date.now()) },
      actions: {
        persistSession: (_, session) => spies.persistSession(session),
        removeStoredSession: () => spies.removeStoredSession(),
        followRedirect: (_, to) => spies.followRedirect(to),
      },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'xstate.done.actor.restoreSession', output: stored },
    { type: 'xstate.done.actor.restoreSession', output: null },
    { type: 'xstate.error.actor.restoreSession', error: new Error('malformed') },
    { type: 'xstate.done.actor.refreshSession', output: refreshed },
    { type: 'xstate.error.actor.refreshSession', error: failure },
    { type: 'xstate.done.actor.switchTenant', output: refreshed },
    { type: 'xstate.error.actor.switchTenant', error: failure },
    { type: 'xstate.done.actor.revokeToken', output: undefined },
    { type: 'xstate.error.actor.revokeToken', error: failure },
    { type: 'session.established', session: stored },
    { type: 'session.refresh' },
    { type: 'session.refresh', redirectTo: '/account/profile' },
    { type: 'session.switchTenant', tenantId: 2 },
    { type: 'session.signOut' },
    { type: 'session.syncStored', session: other },
    { type: 'session.syncCleared' },
  ],
  afterStep: ({ event, snapshot, elapsedMs }, spies) => {
    if (event.type.startsWith('xstate.after.')) {
      // Spec §4: the refresh is due at expiry − 60 s − 60 s (13 minutes into a 15-minute token).
      expect(elapsedMs).toBeGreaterThan(780_000 - 10_000);
      expect(elapsedMs).toBeLessThanOrEqual(780_000);
    }
    if (snapshot.matches('signingOut') || snapshot.matches('signedOut')) {
      expect(snapshot.context.user).toBeNull();
    }
    if (snapshot.matches('signingOut')) {
      expect(spies.removeStoredSession).toHaveBeenCalled();
    }
    if (event.type === 'xstate.done.actor.refreshSession') {
      expect(spies.persistSession).toHaveBeenLastCalledWith(refreshed);
    }
    if (event.type === 'session.established') {
      expect(spies.persistSession).toHaveBeenLastCalledWith(stored);
    }
    if (event.type === 'session.syncStored') {
      // The other tab already stored it.
      expect(spies.persistSession).not.toHaveBeenCalledWith(other);
    }
  },
  afterPath: (plan, spies, promises) => {
    const redirected = plan.steps.some(
      (s) => s.event.type === 'session.refresh' && 'redirectTo' in s.event,
    );
    const last = plan.steps.at(-1)?.event.type;
    if (redirected && last === 'xstate.done.actor.refreshSession') {
      expect(spies.followRedirect).toHaveBeenCalledWith('/account/profile');
    } else if (!redirected) {
      expect(spies.followRedirect).not.toHaveBeenCalled();
    }
    for (const call of promises.calls) {
      if (call.name === 'switchTenant') expect(call.input).toEqual({ tenantId: 2 });
      if (call.name === 'refreshSession') {
        expect(call.input).toMatchObject({ switchToCurrent: false });
        expect(expiries).toContain((call.input as { expiresAt: number }).expiresAt);
      }
    }
  },
});

describe('refresh schedule', () => {
  it('is two minutes before expiry (exp − 60 s − 60 s), never negative', () => {
    const now = Date.UTC(2026, 0, 1);
    const session = (expiresIn: number) => ({
      ...makeSession().authSession,
      expiresAt: now + expiresIn * 1000,
    });
    expect(refreshDelayMs(session(900), now)).toBe((900 - 120) * 1000);
    expect(refreshDelayMs(session(30), now)).toBe(0);
    expect(refreshDelayMs(null, now)).toBe(0);
  });
});
