import { describe, expect, it, vi } from 'vitest';
import { fromCallback, type ActorSystem, type AnyEventObject } from 'xstate';
import type { User } from '../../contract/auth';
import {
  refreshDelayMs,
  selectAuthStatus,
  selectImpersonator,
  selectStoppingImpersonation,
  selectUser,
  sessionMachine,
  type AuthStatus,
  type EstablishedSession,
  type SessionEvent,
  type SessionSnapshot,
} from '../../src/machines/sessionMachine';
import { makeSession, makeUser } from '../support/fixtures';
import {
  describePaths,
  FakePromises,
  pendingDelays,
  settled,
  type SpecState,
} from '../support/pathHarness';

/** The composition root's clock (src/app/appLogic.ts gives refreshDue Date.now()): the test's. */
const NOW = Date.UTC(2026, 10, 24, 9, 0, 0);
const MINUTE = 60_000;

/** A session whose token expires some minutes from NOW, each with its own user. */
const expiringIn = (minutes: number, token: string, user: User): EstablishedSession => {
  const session = makeSession(token, user);
  return { ...session, authSession: { ...session.authSession, expiresAt: NOW + minutes * MINUTE } };
};
const stored = expiringIn(15, 'stored-token', makeUser());
const loggedIn = expiringIn(25, 'login-token', makeUser({ id: 3, email: 'donor@example.com' }));
const refreshed = expiringIn(20, 'refreshed-token', makeUser({ lastName: 'Harper-Reed' }));
const switched = expiringIn(10, 'switched-token', {
  ...makeUser(),
  currentTenant: { ...makeUser().currentTenant, id: 2, guid: 'tenant-guid-2', name: 'Tide' },
});
const other = expiringIn(30, 'other-tab-token', makeUser({ id: 2, email: 'member@example.com' }));
const impersonated = expiringIn(
  60,
  'impersonated-token',
  makeUser({
    id: 4,
    email: 'member@example.com',
    impersonator: { id: 1, name: 'Olivia Harper' },
  }),
);
const hostAgain = expiringIn(14, 'host-token', makeUser());
const failure = { messages: ['Refresh failed'] };
const REDIRECT = '/account/profile';

/**
 * What the app sees of the session and what the composition root is asked to do, written from
 * spec §4 Session (and §8: a failed tenant switch or refresh signs the user out):
 * - loading while the stored session is restored; signed in with it, or signed out without one
 *   (a malformed one is removed from storage);
 * - a login (or signup...) stores the session; another tab's session is adopted, not stored
 *   again; another tab's sign-out signs this tab out too;
 * - a refresh is due at expiry − 60 s − 60 s, or asked for (with a redirect target followed with
 *   a full page load once refreshed); a tenant switch; either stores the new session, or, when it
 *   fails, signs out;
 * - a sign-out revokes the token and removes authSession, user and passwordReset from storage.
 */
type Phase =
  'restoring' | 'signedIn' | 'refreshing' | 'switching' | 'stopping' | 'signingOut' | 'signedOut';
interface Call {
  name: string;
  input: unknown;
}
interface Shown {
  phase: Phase;
  session: EstablishedSession | null;
  redirectTo: string | null;
  calls: Call[];
  persisted: EstablishedSession[];
  removals: number;
  redirects: string[];
  /** Client-side navigations to the home (after a tenant switch). */
  homes: number;
  /** Client-side navigations to the admin users page (after an impersonation stops). */
  adminReturns: number;
}

let shown: Shown;
const START = (): Shown => ({
  phase: 'restoring',
  session: null,
  redirectTo: null,
  calls: [{ name: 'restoreSession', input: undefined }],
  persisted: [],
  removals: 0,
  redirects: [],
  homes: 0,
  adminReturns: 0,
});

const AUTH: Record<Phase, AuthStatus> = {
  restoring: 'loading',
  signedIn: 'signedIn',
  refreshing: 'signedIn',
  switching: 'signedIn',
  stopping: 'signedIn',
  signingOut: 'loading',
  signedOut: 'signedOut',
};
const BUSY: Phase[] = ['refreshing', 'switching', 'stopping', 'signingOut'];
/** The refresh is due two minutes before the token expires. */
const refreshDue = (s: EstablishedSession) => s.authSession.expiresAt - NOW - 2 * MINUTE;

type Event = AnyEventObject & {
  output?: unknown;
  session?: EstablishedSession;
  redirectTo?: string;
  tenantId?: number;
};

const signIn = (session: EstablishedSession, persist: boolean): Shown => ({
  ...shown,
  phase: 'signedIn',
  session,
  redirectTo: null,
  persisted: persist ? [...shown.persisted, session] : shown.persisted,
});
const signOut = (): Shown => ({
  ...shown,
  phase: 'signingOut',
  session: null,
  redirectTo: null,
  removals: shown.removals + 1,
  calls: [...shown.calls, { name: 'revokeToken', input: undefined }],
});
const refresh = (redirectTo: string | null): Shown => ({
  ...shown,
  phase: 'refreshing',
  redirectTo,
  calls: [
    ...shown.calls,
    {
      name: 'refreshSession',
      input: { switchToCurrent: false, expiresAt: shown.session?.authSession.expiresAt },
    },
  ],
});

function expected(event: Event): Shown {
  const { phase } = shown;
  switch (event.type) {
    case 'xstate.done.actor.restoreSession':
      if (phase !== 'restoring') return shown;
      // Restored from storage: nothing to store again.
      return event.output
        ? signIn(event.output as EstablishedSession, false)
        : { ...shown, phase: 'signedOut' };
    case 'xstate.error.actor.restoreSession':
      // A malformed stored session is removed; the app starts signed out.
      return phase === 'restoring'
        ? { ...shown, phase: 'signedOut', removals: shown.removals + 1 }
        : shown;
    case 'session.established':
      return phase === 'signedIn' || phase === 'signedOut'
        ? signIn(event.session as EstablishedSession, true)
        : shown;
    case 'session.syncStored':
      // Another tab stored it already.
      return phase === 'signedIn' || phase === 'signedOut'
        ? signIn(event.session as EstablishedSession, false)
        : shown;
    case 'session.syncCleared':
      // Another tab signed out (and revoked the token, and cleared storage).
      return phase === 'signedIn' || phase === 'refreshing'
        ? { ...shown, phase: 'signedOut', session: null, redirectTo: null }
        : shown;
    case 'session.refresh':
      return phase === 'signedIn' ? refresh(event.redirectTo ?? null) : shown;
    case 'session.switchTenant':
      return phase === 'signedIn'
        ? {
            ...shown,
            phase: 'switching',
            calls: [...shown.calls, { name: 'switchTenant', input: { tenantId: event.tenantId } }],
          }
        : shown;
    case 'session.signOut':
      return phase === 'signingOut' || phase === 'signedOut' ? shown : signOut();
    case 'session.stopImpersonating':
      // Only a session that is an impersonation has a host to go back to.
      return phase === 'signedIn' && shown.session?.user.impersonator !== undefined
        ? {
            ...shown,
            phase: 'stopping',
            calls: [...shown.calls, { name: 'stopImpersonating', input: undefined }],
          }
        : shown;
    case 'xstate.done.actor.stopImpersonating':
      // The host's own session is stored, and the host is back on the admin users page.
      return phase === 'stopping'
        ? {
            ...signIn(event.output as EstablishedSession, true),
            adminReturns: shown.adminReturns + 1,
          }
        : shown;
    case 'xstate.error.actor.stopImpersonating':
      // A failed stop signs out.
      return phase === 'stopping' ? signOut() : shown;
    case 'xstate.done.actor.refreshSession': {
      if (phase !== 'refreshing') return shown;
      const redirects = shown.redirectTo ? [...shown.redirects, shown.redirectTo] : shown.redirects;
      return { ...signIn(event.output as EstablishedSession, true), redirects };
    }
    case 'xstate.done.actor.switchTenant':
      // The organisation switcher: stored, then the home of the new organisation.
      return phase === 'switching'
        ? { ...signIn(event.output as EstablishedSession, true), homes: shown.homes + 1 }
        : shown;
    case 'xstate.error.actor.refreshSession':
      return phase === 'refreshing' ? signOut() : shown;
    case 'xstate.error.actor.switchTenant':
      return phase === 'switching' ? signOut() : shown;
    case 'xstate.done.actor.revokeToken':
    case 'xstate.error.actor.revokeToken':
      // Signed out locally even when the revoke call fails.
      return phase === 'signingOut' ? { ...shown, phase: 'signedOut' } : shown;
    default:
      // The refresh timer.
      if (event.type.startsWith('xstate.after.') && phase === 'signedIn') return refresh(null);
      return shown;
  }
}

/**
 * The spec's table of the session (spec §4 Session): restoring (loading the stored session),
 * signedIn (a refresh scheduled), refreshing, switchingTenant and stoppingImpersonation (signed
 * in, a request out: busy), signingOut (the token is revoked: busy), signedOut (a visitor). It
 * never ends.
 */
const SPEC_STATE: Record<Phase, string> = {
  restoring: 'restoring',
  signedIn: 'signedIn',
  refreshing: 'refreshing',
  switching: 'switchingTenant',
  stopping: 'stoppingImpersonation',
  signingOut: 'signingOut',
  signedOut: 'signedOut',
};
const state = (): SpecState => ({
  value: SPEC_STATE[shown.phase],
  tags: {
    signedIn: AUTH[shown.phase] === 'signedIn',
    signedOut: AUTH[shown.phase] === 'signedOut',
    busy: BUSY.includes(shown.phase),
  },
  shown,
});

/** The other tabs, as the watcher the composition root provides reports them. */
interface Tabs {
  sendBack: ((event: SessionEvent) => void) | null;
  system: ActorSystem<never> | null;
  starts: number;
  stops: number;
}
let tabs: Tabs = { sendBack: null, system: null, starts: 0, stops: 0 };

function checkShown(snapshot: SessionSnapshot) {
  expect(selectAuthStatus(snapshot)).toBe(AUTH[shown.phase]);
  expect(selectUser(snapshot)).toEqual(shown.session?.user ?? null);
  // Read by the composition root's tests: a request is out.
  expect(snapshot.hasTag('busy')).toBe(BUSY.includes(shown.phase));
}

await describePaths({
  machine: sessionMachine,
  unhandled: true,
  build: () => {
    tabs = { sendBack: null, system: null, starts: 0, stops: 0 };
    const watch = tabs;
    const promises = new FakePromises();
    const spies = {
      persistSession: vi.fn(),
      removeStoredSession: vi.fn(),
      followRedirect: vi.fn(),
      goHome: vi.fn(),
      goToAdminUsers: vi.fn(),
      promises,
    };
    const machine = sessionMachine.provide({
      actors: {
        ...promises.actors(
          'restoreSession',
          'refreshSession',
          'switchTenant',
          'revokeToken',
          'stopImpersonating',
        ),
        watchOtherTabs: fromCallback<SessionEvent>(({ sendBack, system }) => {
          watch.sendBack = sendBack;
          watch.system = system as ActorSystem<never>;
          watch.starts += 1;
          return () => {
            watch.stops += 1;
          };
        }) as never,
      },
      delays: { refreshDue: ({ context }) => refreshDelayMs(context.authSession, NOW) },
      actions: {
        persistSession: (_, session) => spies.persistSession(session),
        removeStoredSession: () => spies.removeStoredSession(),
        followRedirect: (_, to) => spies.followRedirect(to),
        goHome: () => spies.goHome(),
        goToAdminUsers: () => spies.goToAdminUsers(),
      },
    });
    return { machine, promises, spies };
  },
  // Another tab's changes come through the watcher, as in the app.
  deliver: (event) => {
    if (!event.type.startsWith('session.sync') || !tabs.sendBack) return false;
    tabs.sendBack(event as SessionEvent);
    return true;
  },
  events: [
    ...settled('restoreSession', [stored, null], [new Error('malformed')]),
    ...settled('refreshSession', [refreshed], [failure]),
    ...settled('switchTenant', [switched], [failure]),
    ...settled('revokeToken', [undefined], [failure]),
    ...settled('stopImpersonating', [hostAgain], [failure]),
    { type: 'session.established', session: loggedIn },
    { type: 'session.established', session: impersonated },
    { type: 'session.stopImpersonating' },
    { type: 'session.refresh' },
    { type: 'session.refresh', redirectTo: REDIRECT },
    { type: 'session.switchTenant', tenantId: 2 },
    { type: 'session.signOut' },
    { type: 'session.syncStored', session: other },
    { type: 'session.syncCleared' },
  ],
  afterStep: ({ event, snapshot, previous, index, elapsedMs }, spies) => {
    if (index === 0) checkShown(previous);
    const before = shown;
    shown = expected(event);
    // Spec §4: the refresh is due at expiry − 60 s − 60 s.
    const timer = event.type.startsWith('xstate.after.');
    expect(elapsedMs).toBe(timer && before.session ? refreshDue(before.session) : 0);
    checkShown(snapshot);
    expect(spies.promises.calls).toEqual(shown.calls);
    expect(spies.persistSession.mock.calls).toEqual(shown.persisted.map((s) => [s]));
    expect(spies.removeStoredSession).toHaveBeenCalledTimes(shown.removals);
    expect(spies.followRedirect.mock.calls).toEqual(shown.redirects.map((to) => [to]));
    expect(spies.goHome).toHaveBeenCalledTimes(shown.homes);
    expect(spies.goToAdminUsers).toHaveBeenCalledTimes(shown.adminReturns);
    // The banner shows while the session is an impersonation.
    expect(selectImpersonator(snapshot)).toEqual(shown.session?.user.impersonator ?? null);
    expect(selectStoppingImpersonation(snapshot)).toBe(shown.phase === 'stopping');
    // Signed in: one refresh pending, for the current token.
    expect(pendingDelays(tabs)).toEqual(
      shown.phase === 'signedIn' && shown.session ? [refreshDue(shown.session)] : [],
    );
    // The other tabs are watched the whole time.
    expect([tabs.starts, tabs.stops]).toEqual([1, 0]);
    // The session never ends.
    expect(snapshot.status).toBe('active');
  },
  spec: {
    initial: () => {
      shown = START();
      return state();
    },
    after: state,
  },
  afterPath: (_plan, _spies, promises) => {
    // The stored session is restored at start.
    expect(promises.calls[0]).toEqual({ name: 'restoreSession', input: undefined });
    expect(promises.calls).toEqual(shown.calls);
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
  it('is capped at the longest delay a browser timer accepts', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(refreshDelayMs({ ...makeSession().authSession, expiresAt: now + 10 ** 12 }, now)).toBe(
      2_147_483_647,
    );
  });
});
