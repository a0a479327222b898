import { expect, vi } from 'vitest';
import { assign, createMachine, setup, type AnyMachineSnapshot } from 'xstate';
import type { User } from '../../contract/auth';
import { UserRole } from '../../contract/enums';
import { appMachine } from '../../src/machines/appMachine';
import type { FlowRules, StartFlow } from '../../src/machines/flows';
import { sessionMachine, type EstablishedSession } from '../../src/machines/sessionMachine';
import { subscriptionMachine } from '../../src/machines/subscriptionMachine';
import { configuration, makeSession, makeStatus, makeUser } from '../support/fixtures';
import { describePaths, FakePromises, inertMachine } from '../support/pathHarness';

/**
 * The app machine against a small fake registry (design.md §3): a landing flow that follows the
 * session and reads a query parameter, a login flow that signs out on visit and sends a new
 * sign-in on, a logout flow that leaves once signed out, and an admin-only flow with a secret
 * param. Every expectation below is written from spec §2.1 and §6, not read from the machine.
 */
const flows: FlowRules[] = [
  {
    id: 'landing',
    routes: [
      { path: '/', layout: 'landing', title: 'Home' },
      { path: '/feed', layout: 'app', title: 'Home', access: 'user' },
    ],
    access: 'public',
    followsSession: true,
    readsQuery: ['new'],
    input: ({ search }) => ({ showFirstGuid: new URLSearchParams(search).get('new') }),
  },
  {
    id: 'login',
    routes: [{ path: '/login', layout: 'fullPage', title: 'Welcome Back' }],
    access: 'public',
    signsOutOnVisit: true,
    whenSignedIn: { to: '/dashboard', orRemembered: true },
  },
  {
    id: 'logout',
    routes: [{ path: '/logout', layout: 'none', title: 'Logging out' }],
    access: 'public',
    signsOutOnVisit: true,
    whenSignedOut: '/',
  },
  {
    id: 'admin',
    routes: [{ path: '/admin/:key', layout: 'app', title: 'Admin' }],
    access: 'admin',
    secretParams: ['key'],
    input: ({ params }) => ({ key: params.key }),
  },
];

// ---- the session and the subscription, as the app sees them ----------------------------------

const sessionLogic = sessionMachine.provide({ actors: {}, actions: {} });
const sessionSnapshot = (value: string, user: User | null) =>
  sessionLogic.resolveState({
    value,
    context: { authSession: null, user, redirectTo: null, switchToCurrent: false, tenantId: null },
  });
const ADMIN = makeUser({ id: 1, userRole: UserRole.Administrator });
const STANDARD = makeUser({ id: 2, userRole: UserRole.User });
const adminSignedIn = sessionSnapshot('signedIn', ADMIN);
const standardSignedIn = sessionSnapshot('signedIn', STANDARD);
const signedOut = sessionSnapshot('signedOut', null);
const restoring = sessionSnapshot('restoring', null);

const subscriptionLogic = subscriptionMachine.provide({ actors: {}, actions: {} });
const tenantSnapshot = (isOnboarding: boolean) =>
  subscriptionLogic.resolveState({
    value: 'waiting',
    context: { userId: 1, expiredFlag: false, status: makeStatus({ isOnboarding }), error: null },
  });
const tenantReady = tenantSnapshot(false);
const tenantOnboarding = tenantSnapshot(true);

/**
 * Stands in for the session: it takes on the status and user of the snapshot a path step names,
 * so the app receives it through the real child-to-parent snapshot mechanism. It counts what the
 * app sends it.
 */
type PuppetEvent =
  | { type: 'puppet.become'; snapshot: AnyMachineSnapshot }
  | { type: 'session.signOut' }
  | { type: 'session.established'; session: EstablishedSession }
  | { type: 'session.refresh'; redirectTo?: string };
const sessionPuppet = setup({
  types: {
    context: {} as { user: User | null; signOuts: number; established: number; refreshes: number },
    events: {} as PuppetEvent,
  },
}).createMachine({
  id: 'session',
  context: { user: null, signOuts: 0, established: 0, refreshes: 0 },
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
    'session.signOut': { actions: assign({ signOuts: ({ context }) => context.signOuts + 1 }) },
    'session.established': {
      actions: assign({ established: ({ context }) => context.established + 1 }),
    },
    'session.refresh': { actions: assign({ refreshes: ({ context }) => context.refreshes + 1 }) },
  },
  states: { loading: {}, signedIn: { tags: ['signedIn'] }, signedOut: { tags: ['signedOut'] } },
});

const subscriptionStandIn = createMachine({
  id: 'subscription',
  context: { userId: 0, expiredFlag: false, status: null, error: null },
});

/** Every flow's code, loaded: one actor 'main' that keeps its input and ends with a session. */
const flowActor = createMachine({
  id: 'flowActor',
  context: ({ input }: { input: unknown }) => ({ input }),
});
const session = makeSession();
const startFlow: StartFlow = (input, { signedIn }) => ({
  main: {
    logic: flowActor,
    input: { input, signedIn },
    onDone: (output: EstablishedSession) => ({ type: 'flow.sessionEstablished', session: output }),
  },
});

// ---- what spec §2.1 and §6 say should happen ----------------------------------------------------

interface Who {
  auth: 'loading' | 'signedIn' | 'signedOut';
  role: 'Administrator' | 'User' | null;
  tenant: 'unknown' | 'onboarding' | 'ready';
}

type Arrival =
  | { kind: 'waits' }
  | { kind: 'redirects'; to: string; remembers: boolean }
  | { kind: 'runs' }
  | { kind: 'leaves'; to: string }
  | { kind: 'unmatched' };

/** What visiting `path` does for `who` (spec §2.1 guard rules, §6 roles). */
function arrival(path: string, who: Who): Arrival {
  const guarded = (roles: Who['role'][]): Arrival => {
    if (who.auth === 'loading') return { kind: 'waits' };
    if (who.auth === 'signedOut') return { kind: 'redirects', to: '/login', remembers: true };
    if (!roles.includes(who.role)) return { kind: 'redirects', to: '/', remembers: false };
    if (who.tenant === 'unknown') return { kind: 'waits' };
    if (who.tenant === 'onboarding') {
      return { kind: 'redirects', to: '/onboarding', remembers: false };
    }
    return { kind: 'runs' };
  };
  if (path === '/') return who.auth === 'loading' ? { kind: 'waits' } : { kind: 'runs' };
  if (path === '/feed') return guarded(['Administrator', 'User']);
  if (path === '/admin/k1') return guarded(['Administrator']);
  if (path === '/login') return { kind: 'runs' };
  if (path === '/logout') {
    return who.auth === 'signedOut' ? { kind: 'leaves', to: '/' } : { kind: 'runs' };
  }
  return { kind: 'unmatched' };
}

/** The flow (by the registry's id) each path belongs to. */
const FLOW_OF: Record<string, string> = {
  '/': 'landing',
  '/feed': 'landing',
  '/login': 'login',
  '/logout': 'logout',
  '/admin/k1': 'admin',
};
const SIGNS_OUT = ['/login', '/logout'];

// ---- reading the app --------------------------------------------------------------------------

const flowStateOf = (s: AnyMachineSnapshot): string | null =>
  s.matches('running') ? (s.value as { running: { flow: string } }).running.flow : null;
const whoOf = (s: AnyMachineSnapshot): Who => ({
  auth: s.context.auth,
  role:
    s.context.user === null
      ? null
      : s.context.user.role === UserRole.Administrator
        ? 'Administrator'
        : 'User',
  tenant: s.context.tenant,
});
const puppetOf = (s: AnyMachineSnapshot) =>
  (
    s.children.session?.getSnapshot() as
      { context: { signOuts: number; established: number; refreshes: number } } | undefined
  )?.context ?? { signOuts: 0, established: 0, refreshes: 0 };
const mainOf = (s: AnyMachineSnapshot) =>
  s.context.flowRefs.main?.getSnapshot() as
    { context: { input: { input: unknown; signedIn: boolean } } } | undefined;

let counts = { signOuts: 0, established: 0, refreshes: 0 };

await describePaths({
  machine: appMachine,
  input: { pathname: '/', expiredFlag: false, flows },
  limit: 100_000,
  serializeState: (s) =>
    // Which flows' code has loaded is left out but for the current one's (the traversal would
    // otherwise visit every subset): it tells loading from running, and nothing else does.
    JSON.stringify({
      value: s.value,
      pathname: s.context.pathname,
      remembered: s.context.returnTo !== null,
      who: whoOf(s),
      loaded: s.context.route ? s.context.route.flowId in s.context.loaded : false,
      running: Object.keys(s.context.flowRefs),
    }),
  deliver: (event, actor) => {
    if (event.type !== 'xstate.snapshot.session') return false;
    actor.getSnapshot().children.session.send({ type: 'puppet.become', snapshot: event.snapshot });
    return true;
  },
  build: () => {
    const promises = new FakePromises();
    const spies = { navigate: vi.fn(), removeQueryParams: vi.fn() };
    const machine = appMachine.provide({
      actors: {
        config: inertMachine('config') as never,
        session: sessionPuppet as never,
        // Its status stays unknown: the steps deliver the subscription's snapshots.
        subscription: subscriptionStandIn as never,
        loadFlow: promises.logic('loadFlow') as never,
      },
      actions: {
        navigate: (_, params) => spies.navigate(params),
        removeQueryParams: (_, names) => spies.removeQueryParams(names),
      },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'xstate.done.actor.config', output: configuration },
    { type: 'route.changed', pathname: '/' },
    { type: 'route.changed', pathname: '/feed', search: '?new=guid-1' },
    { type: 'route.changed', pathname: '/login' },
    { type: 'route.changed', pathname: '/logout' },
    { type: 'route.changed', pathname: '/admin/k1' },
    { type: 'route.changed', pathname: '/nowhere' },
    { type: 'xstate.snapshot.session', snapshot: adminSignedIn },
    { type: 'xstate.snapshot.session', snapshot: standardSignedIn },
    { type: 'xstate.snapshot.session', snapshot: signedOut },
    { type: 'xstate.snapshot.session', snapshot: restoring },
    { type: 'xstate.snapshot.subscription', snapshot: tenantReady },
    { type: 'xstate.snapshot.subscription', snapshot: tenantOnboarding },
    { type: 'xstate.done.actor.loadFlow', output: startFlow },
    { type: 'xstate.error.actor.loadFlow', error: new Error('chunk failed') },
    { type: 'retry' },
    { type: 'xstate.done.actor.main', output: session },
    { type: 'flow.navigate', to: '/elsewhere' },
    { type: 'flow.signOut' },
    { type: 'flow.refreshSession', redirectTo: '/' },
  ],
  afterStep: ({ event, snapshot, previous, index }, spies) => {
    if (index === 0) counts = { signOuts: 0, established: 0, refreshes: 0 };
    const now = puppetOf(snapshot);
    const sent = {
      signOuts: now.signOuts - counts.signOuts,
      established: now.established - counts.established,
      refreshes: now.refreshes - counts.refreshes,
    };
    counts = { ...now };
    const navigations = spies.navigate.mock.calls.map(([params]) => params as object);
    const lastNavigation = navigations.at(-1);
    spies.navigate.mockClear();
    const flowState = flowStateOf(snapshot);
    const before = flowStateOf(previous);
    const who = whoOf(snapshot);

    // Arriving at a route (or the configuration arriving, which starts the first route).
    const arrived =
      (event.type === 'route.changed' && before !== null) ||
      (event.type === 'xstate.done.actor.config' && before === null);
    if (arrived) {
      const path = snapshot.context.pathname;
      const expected = arrival(path, who);
      // Spec §2.1: visiting a path that starts with login, logout... signs the user out.
      expect(sent.signOuts).toBe(SIGNS_OUT.includes(path) ? 1 : 0);
      if (expected.kind === 'waits') {
        expect(flowState).toBe('waiting');
        expect(navigations).toEqual([]);
      } else if (expected.kind === 'redirects') {
        expect(flowState).toBe('redirecting');
        expect(lastNavigation).toEqual({ to: expected.to, replace: true });
        expect(snapshot.context.returnTo).toBe(
          expected.remembers ? path : previous.context.returnTo,
        );
      } else if (expected.kind === 'leaves') {
        // Once its code is here (it may still be loading).
        if (flowState !== 'loading') {
          expect(flowState).toBe('leaving');
          expect(lastNavigation).toEqual({ to: expected.to, replace: false });
        }
      } else if (expected.kind === 'unmatched') {
        expect(flowState).toBe('unmatched');
      } else {
        // Its code loads once; after that it starts at once.
        const loaded = Object.keys(previous.context.loaded).includes(FLOW_OF[path] ?? '');
        expect(flowState).toBe(loaded ? 'running' : 'loading');
        expect(navigations).toEqual([]);
      }
    } else if (event.type !== 'flow.signOut') {
      expect(sent.signOuts).toBe(0);
    }

    // The flow's code is asked for by the flow's id; once here, its actor runs with its input.
    if (event.type === 'xstate.done.actor.loadFlow') {
      // Logout leaves at once when nobody is signed in.
      const leaves = snapshot.context.pathname === '/logout' && who.auth === 'signedOut';
      expect(flowState).toBe(leaves ? 'leaving' : 'running');
    }
    if (event.type === 'xstate.error.actor.loadFlow') expect(flowState).toBe('failed');
    if (event.type === 'retry') expect(flowState).toBe('loading');
    if (flowState === 'running' && snapshot.context.route) {
      const main = mainOf(snapshot);
      expect(main).toBeDefined();
      const flowId = snapshot.context.route.flowId;
      // A flow starts knowing whether someone is signed in; the landing flow follows the session.
      if (before !== 'running' || (flowId === 'landing' && who.auth !== 'loading')) {
        expect(
          main?.context.input.signedIn,
          `${event.type} ${before} ${JSON.stringify(who)} ${JSON.stringify(previous.value)}`,
        ).toBe(who.auth === 'signedIn');
      }
      if (flowId === 'admin') expect(main?.context.input.input).toEqual({ key: 'k1' });
      if (flowId === 'landing') {
        // Spec §2.3 Landing: `new` is read, then removed from the address.
        const search =
          event.type === 'route.changed' ? (event.search ?? '') : previous.context.search;
        const arrivedWithNew = search.includes('new=guid-1');
        if (before !== 'running' && arrivedWithNew) {
          expect(spies.removeQueryParams).toHaveBeenLastCalledWith(['new']);
        }
        expect(snapshot.context.search).not.toContain('new=');
      }
    } else {
      expect(snapshot.context.flowRefs).toEqual({});
    }

    // A flow speaks to the app through the protocol.
    if (event.type === 'flow.navigate') {
      expect(lastNavigation).toEqual({ to: '/elsewhere', replace: false });
    }
    expect(sent.signOuts > 0 || event.type !== 'flow.signOut').toBe(true);
    expect(sent.refreshes).toBe(event.type === 'flow.refreshSession' ? 1 : 0);
    // An actor that ends with a session hands it to the session actor.
    expect(sent.established).toBe(event.type === 'xstate.done.actor.main' ? 1 : 0);

    // Session changes while a flow runs (spec §2.1).
    if (event.type === 'xstate.snapshot.session' && before === 'running') {
      const path = previous.context.pathname;
      const newlySignedIn = who.auth === 'signedIn' && previous.context.auth !== 'signedIn';
      const anotherUser =
        who.auth === 'signedIn' && previous.context.user?.id !== snapshot.context.user?.id;
      const newlySignedOut = who.auth === 'signedOut' && previous.context.auth !== 'signedOut';
      if ((newlySignedIn || anotherUser) && path === '/login') {
        // The login screen sends to the remembered path, else /dashboard.
        expect(lastNavigation).toEqual({
          to: previous.context.returnTo ?? '/dashboard',
          replace: false,
        });
        expect(snapshot.context.returnTo).toBeNull();
        expect(flowState).toBe('leaving');
      } else if (who.auth === 'signedOut' && path === '/logout') {
        expect(lastNavigation).toEqual({ to: '/', replace: false });
      } else if ((newlySignedIn || anotherUser || newlySignedOut) && FLOW_OF[path] === 'landing') {
        // The landing flow starts again for the new session (sample content or the API's).
        const expected = arrival(path, who);
        if (expected.kind === 'runs') {
          expect(flowState).toBe('running');
          expect(mainOf(snapshot)).not.toBe(mainOf(previous));
        } else if (expected.kind === 'redirects') {
          expect(lastNavigation).toEqual({ to: expected.to, replace: true });
        }
      } else if (newlySignedOut && path === '/admin/k1') {
        // Signed out on a guarded screen: to /login, remembering the path.
        expect(lastNavigation).toEqual({ to: '/login', replace: true });
        expect(snapshot.context.returnTo).toBe(path);
      }
    }
    // A tenant that turns out to be onboarding leaves the guarded screens for /onboarding.
    if (
      event.type === 'xstate.snapshot.subscription' &&
      before === 'running' &&
      who.tenant === 'onboarding' &&
      ['/feed', '/admin/k1'].includes(previous.context.pathname)
    ) {
      expect(lastNavigation).toEqual({ to: '/onboarding', replace: true });
    }
    // Navigations go only where the spec's rules and the flows say.
    for (const params of navigations) {
      expect([
        '/login',
        '/',
        '/dashboard',
        '/onboarding',
        '/elsewhere',
        '/feed',
        '/admin/k1',
      ]).toContain((params as { to: string }).to);
    }
  },
});
