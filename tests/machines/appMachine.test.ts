import { expect, vi } from 'vitest';
import { assign, setup, type AnyMachineSnapshot } from 'xstate';
import type { User } from '../../contract/auth';
import { appMachine } from '../../src/machines/appMachine';
import { sessionMachine } from '../../src/machines/sessionMachine';
import { subscriptionMachine } from '../../src/machines/subscriptionMachine';
import { configuration, makeSession, makeUser } from '../support/fixtures';
import { describePaths, FakePromises, inertMachine } from '../support/pathHarness';

const sessionLogic = sessionMachine.provide({ actors: {}, actions: {} });
const snapshotOf = (value: string, userId: number | null) => {
  const snapshot = sessionLogic.resolveState({
    value,
    context: {
      authSession: null,
      user: userId === null ? null : makeUser({ id: userId }),
      redirectTo: null,
      switchToCurrent: false,
      tenantId: null,
    },
  });
  return snapshot;
};

const signedIn = snapshotOf('signedIn', 1);
const otherUser = snapshotOf('signedIn', 2);
const signedOut = snapshotOf('signedOut', null);
const restoring = snapshotOf('restoring', null);
const flagged = subscriptionMachine.provide({ actors: {}, actions: {} }).resolveState({
  value: 'waiting',
  context: { userId: 1, expiredFlag: true, status: null, error: null },
});

/**
 * Stands in for the session: it takes on the status and user of the snapshot a path step names,
 * so the app receives it through the real child-to-parent snapshot mechanism.
 */
const sessionPuppet = setup({
  types: {
    context: {} as { user: User | null },
    events: {} as { type: 'puppet.become'; snapshot: AnyMachineSnapshot },
  },
}).createMachine({
  id: 'session',
  context: { user: null },
  initial: 'loading',
  on: {
    'puppet.become': [
      {
        guard: ({ event }) => event.snapshot.hasTag('signedIn'),
        target: '.signedIn',
        actions: assign({ user: ({ event }) => event.snapshot.context.user }),
      },
      {
        guard: ({ event }) => event.snapshot.hasTag('signedOut'),
        target: '.signedOut',
        actions: assign({ user: null }),
      },
      { target: '.loading', actions: assign({ user: null }) },
    ],
  },
  states: {
    loading: {},
    signedIn: { tags: ['signedIn'] },
    signedOut: { tags: ['signedOut'] },
  },
});

await describePaths({
  deliver: (event, actor) => {
    if (event.type !== 'xstate.snapshot.session') return false;
    const child = actor.getSnapshot().children.session;
    child.send({ type: 'puppet.become', snapshot: event.snapshot });
    return true;
  },
  machine: appMachine,
  input: { pathname: '/', expiredFlag: false },
  build: () => {
    const promises = new FakePromises();
    const spies = { navigate: vi.fn() };
    const machine = appMachine.provide({
      actors: {
        config: inertMachine('config') as never,
        session: sessionPuppet as never,
        subscription: subscriptionMachine.provide({
          actors: { getCurrentTenantStatus: promises.logic('getCurrentTenantStatus') as never },
        }) as never,
        loginForm: inertMachine('login') as never,
      },
      actions: { navigate: (_, to) => spies.navigate(to) },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'xstate.done.actor.config', output: configuration },
    { type: 'route.changed', pathname: '/login' },
    { type: 'route.changed', pathname: '/logout' },
    { type: 'route.changed', pathname: '/forgotten-password' },
    { type: 'route.changed', pathname: '/dashboard' },
    { type: 'route.remember', pathname: '/dashboard' },
    { type: 'xstate.snapshot.subscription', snapshot: flagged },
    { type: 'xstate.snapshot.session', snapshot: signedIn },
    { type: 'xstate.snapshot.session', snapshot: otherUser },
    { type: 'xstate.snapshot.session', snapshot: signedOut },
    { type: 'xstate.snapshot.session', snapshot: restoring },
    { type: 'xstate.done.actor.loginForm', output: makeSession() },
  ],
  afterStep: ({ event, snapshot }, spies) => {
    const inLogin = snapshot.matches({ running: { flow: 'login' } });
    if (event.type === 'route.changed' && snapshot.matches('running')) {
      expect(inLogin).toBe(event.pathname === '/login');
    }
    if (event.type === 'xstate.snapshot.session' && snapshot.matches('running')) {
      const auth = (snapshot.value as { running: { auth: string } }).running.auth;
      const expected =
        event.snapshot === signedOut
          ? 'signedOut'
          : event.snapshot === restoring
            ? 'loading'
            : 'signedIn';
      expect(auth).toBe(expected);
    }
    // Navigation happens only after login (to the remembered path or /dashboard),
    // after logout (to /), or for a signed-in user on another auth screen (/feed).
    for (const [to] of spies.navigate.mock.calls) {
      expect(['/dashboard', '/', '/feed']).toContain(to);
    }
  },
});
