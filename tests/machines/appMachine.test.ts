import { describe, expect, it, vi } from 'vitest';
import {
  assign,
  createMachine,
  setup,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
} from 'xstate';
import { pageTitle } from '../../src/app/pageTitle';
import type { User } from '../../contract/auth';
import { UserRole } from '../../contract/enums';
import { appMachine } from '../../src/machines/appMachine';
import {
  backArrowShown,
  backTarget,
  flowCanGoBack,
  selectFlowStatus,
  selectInitializing,
  selectRoute,
  type AppSnapshot,
  errorRecovery,
  outletContent,
  shownLayout,
} from '../../src/machines/appSelectors';
import type { FlowRules, StartFlow } from '../../src/machines/flows';
import { sessionMachine, type EstablishedSession } from '../../src/machines/sessionMachine';
import { subscriptionMachine } from '../../src/machines/subscriptionMachine';
import { configuration, makeSession, makeStatus, makeUser } from '../support/fixtures';
import {
  describePaths,
  FakePromises,
  inertMachine,
  settled,
  type SpecState,
} from '../support/pathHarness';

/**
 * The app machine against a small fake registry (architecture.md §3): a landing flow that follows the
 * session and reads a query parameter, a login flow that signs out on visit and sends a new
 * sign-in on, a logout flow that leaves once signed out, and an admin-only flow with a secret
 * param. Every expectation below is written from spec §2.1 and §6, not read from the machine.
 */
const flows: FlowRules[] = [
  {
    id: 'landing',
    routes: [
      { path: '/', layout: 'landing', title: 'Home', access: 'landing' },
      { path: '/feed', layout: 'app', title: 'Home', access: 'user' },
    ],
    access: 'public',
    followsSession: true,
    readsQuery: ['new'],
    input: ({ search }) => ({ showFirstGuid: new URLSearchParams(search).get('new'), search }),
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
    input: ({ params, search, configuration }) => ({
      key: params.key,
      search,
      apiBaseUrl: configuration?.apiBaseUrl,
    }),
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
  | { type: 'session.refresh'; redirectTo?: string }
  | { type: 'session.switchTenant'; tenantId: number };
const sessionPuppet = setup({
  types: {
    context: {} as {
      user: User | null;
      signOuts: number;
      established: number;
      refreshes: number;
      switches: number;
      sent: unknown[];
    },
    events: {} as PuppetEvent,
  },
}).createMachine({
  id: 'session',
  context: { user: null, signOuts: 0, established: 0, refreshes: 0, switches: 0, sent: [] },
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
      actions: assign({
        established: ({ context }) => context.established + 1,
        sent: ({ context, event }) => [...context.sent, event],
      }),
    },
    'session.refresh': {
      actions: assign({
        refreshes: ({ context }) => context.refreshes + 1,
        sent: ({ context, event }) => [...context.sent, event],
      }),
    },
    'session.switchTenant': {
      actions: assign({
        switches: ({ context }) => context.switches + 1,
        sent: ({ context, event }) => [...context.sent, event],
      }),
    },
  },
  states: { loading: {}, signedIn: { tags: ['signedIn'] }, signedOut: { tags: ['signedOut'] } },
});

/** Stands in for the subscription poll: it keeps its input; its tenant's status is unknown. */
const subscriptionStandIn = createMachine({
  id: 'subscription',
  context: ({ input }: { input: { userId: number; expiredFlag: boolean } }) => ({
    ...input,
    status: null,
    error: null,
    input,
  }),
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
  // The landing page shows sample content or the user's: it waits until the session is known.
  // A signed-in person whose tenant is onboarding sees the onboarding flow (spec §2.3 Landing);
  // nobody waits for the tenant's status.
  if (path === '/') {
    if (who.auth === 'loading') return { kind: 'waits' };
    if (who.auth === 'signedIn' && who.role !== null && who.tenant === 'onboarding') {
      return { kind: 'redirects', to: '/onboarding', remembers: false };
    }
    return { kind: 'runs' };
  }
  if (path === '/feed') return guarded(['Administrator', 'User']);
  if (path === '/admin/k1') return guarded(['Administrator']);
  if (path === '/login' || path === '/logout') return { kind: 'runs' };
  return { kind: 'unmatched' };
}

/** The flow (by the registry's id) each path belongs to, and its page title. */
const FLOW_OF: Record<string, string> = {
  '/': 'landing',
  '/feed': 'landing',
  '/login': 'login',
  '/logout': 'logout',
  '/admin/k1': 'admin',
};
const TITLE_OF: Record<string, string> = {
  '/': 'Home',
  '/feed': 'Home',
  '/login': 'Welcome Back',
  '/logout': 'Logging out',
  '/admin/k1': 'Admin',
};
/**
 * Spec §2.1: visiting any path that starts with login or logout signs the user out (the fake
 * registry's sign-out routes), /loginfoo too, though no flow claims it.
 */
const SIGNS_OUT = ['/login', '/logout'];
const signsOut = (pathname: string) => SIGNS_OUT.some((prefix) => pathname.startsWith(prefix));

/** What the flow outlet shows (the redirects and the navigations away show 'Loading...'). */
type FlowShown =
  'waiting' | 'redirecting' | 'loading' | 'running' | 'failed' | 'unmatched' | 'leaving';

/** The app as the spec describes it, step by step. */
interface Model {
  configured: boolean;
  pathname: string;
  search: string;
  who: Who;
  userId: number | null;
  flow: FlowShown | null;
  loaded: string[];
  remembered: string | null;
  /** The expired flag the subscription poll starts with: the page's, then as last polled. */
  expiredFlag: boolean;
  /** What the running subscription poll was started with. */
  polled: { userId: number | null; expiredFlag: boolean } | null;
}

/** What the composition root and the session receive in one step. */
interface Effects {
  navigations: { to: string; replace: boolean }[];
  signOuts: number;
  established: number;
  refreshes: number;
  /** Organisation switches asked of the session. */
  switches: number;
  removedQuery: string[][];
  loads: string[];
  /** The flow's actors (re)started, with the flow's input and whether someone is signed in. */
  started: { input: unknown; signedIn: boolean } | null;
  stopped: boolean;
}

const INITIAL: Model = {
  configured: false,
  pathname: '/',
  search: '',
  who: { auth: 'loading', role: null, tenant: 'unknown' },
  userId: null,
  flow: null,
  loaded: [],
  remembered: null,
  expiredFlag: true,
  polled: null,
};

/** The fake registry's inputs: the route's param, the query and the loaded configuration. */
const inputOf = (m: Model): unknown =>
  m.pathname === '/admin/k1'
    ? { key: 'k1', search: m.search, apiBaseUrl: configuration.apiBaseUrl }
    : FLOW_OF[m.pathname] === 'landing'
      ? { showFirstGuid: new URLSearchParams(m.search).get('new'), search: m.search }
      : undefined;

function leaveIfSignedOut(m: Model, fx: Effects) {
  // Logout: once nobody is signed in, go to /.
  if (m.flow === 'running' && m.pathname === '/logout' && m.who.auth === 'signedOut') {
    fx.navigations.push({ to: '/', replace: false });
    fx.stopped = true;
    m.flow = 'leaving';
  }
}

function run(m: Model, fx: Effects) {
  m.flow = 'running';
  fx.started = { input: inputOf(m), signedIn: m.who.auth === 'signedIn' };
  // Spec §2.3 Landing: `new` is read, then removed from the address.
  const search = new URLSearchParams(m.search);
  const read = FLOW_OF[m.pathname] === 'landing' && search.has('new') ? ['new'] : [];
  fx.removedQuery.push(read);
  for (const name of read) search.delete(name);
  m.search = search.toString() ? `?${search.toString()}` : '';
  leaveIfSignedOut(m, fx);
}

function route(m: Model, fx: Effects) {
  if (m.flow === 'running') fx.stopped = true;
  if (signsOut(m.pathname)) fx.signOuts += 1;
  const expected = arrival(m.pathname, m.who);
  if (expected.kind === 'unmatched' || expected.kind === 'waits') {
    m.flow = expected.kind === 'waits' ? 'waiting' : 'unmatched';
  } else if (expected.kind === 'redirects') {
    // Spec §2.1: the path is remembered as it was asked for, its query string too.
    if (expected.remembers) m.remembered = `${m.pathname}${m.search}`;
    fx.navigations.push({ to: expected.to, replace: true });
    m.flow = 'redirecting';
  } else if (m.loaded.includes(FLOW_OF[m.pathname] ?? '')) {
    run(m, fx);
  } else {
    // The flow's code is asked for by the flow's id.
    fx.loads.push(FLOW_OF[m.pathname] ?? '');
    m.flow = 'loading';
  }
}

function sessionChanged(m: Model, fx: Effects) {
  if (m.flow === 'waiting') return route(m, fx);
  if (m.flow !== 'running') return;
  if (m.who.auth === 'signedIn' && m.pathname === '/login') {
    // The login screen sends to the remembered path, else /dashboard.
    fx.navigations.push({ to: m.remembered ?? '/dashboard', replace: false });
    fx.stopped = true;
    m.remembered = null;
    m.flow = 'leaving';
  } else if (arrival(m.pathname, m.who).kind === 'redirects' || FLOW_OF[m.pathname] === 'landing') {
    // No longer allowed, or the landing flow starts again for the new session.
    route(m, fx);
  }
}

const USERS: Record<number, Who['role']> = { 1: 'Administrator', 2: 'User' };
/** The organisation both fake users are signed in to. */
const CURRENT_TENANT = ADMIN.currentTenant.id;

function next(m: Model, event: { type: string } & Record<string, unknown>, fx: Effects) {
  switch (event.type) {
    case 'xstate.done.actor.config':
      if (m.configured) return;
      m.configured = true;
      return route(m, fx);
    case 'route.changed':
      m.pathname = event.pathname as string;
      m.search = (event.search as string | undefined) ?? '';
      return m.configured ? route(m, fx) : undefined;
    case 'xstate.snapshot.session': {
      const snapshot = event.snapshot as AnyMachineSnapshot;
      const auth: Who['auth'] = snapshot.matches('signedIn')
        ? 'signedIn'
        : snapshot.matches('signedOut')
          ? 'signedOut'
          : 'loading';
      const userId = (snapshot.context.user as User | null)?.id ?? null;
      const changed = auth !== m.who.auth || (auth === 'signedIn' && userId !== m.userId);
      if (!changed) return;
      // A new session: the tenant's status is polled again.
      m.who = { auth, role: userId === null ? null : (USERS[userId] ?? null), tenant: 'unknown' };
      m.userId = userId;
      m.polled = auth === 'signedIn' ? { userId, expiredFlag: m.expiredFlag } : null;
      if (auth !== 'loading') sessionChanged(m, fx);
      return leaveIfSignedOut(m, fx);
    }
    case 'xstate.snapshot.subscription': {
      if (m.who.auth !== 'signedIn') return;
      const snapshot = event.snapshot as AnyMachineSnapshot;
      m.expiredFlag = snapshot.context.expiredFlag as boolean;
      const tenant = (snapshot.context.status as { isOnboarding: boolean }).isOnboarding
        ? 'onboarding'
        : 'ready';
      if (tenant === m.who.tenant) return;
      m.who = { ...m.who, tenant };
      if (m.flow === 'waiting') return route(m, fx);
      // A tenant that turns out to be onboarding leaves the guarded screens (and the landing
      // page, while its code loads too) for /onboarding.
      if (
        (m.flow === 'running' || m.flow === 'loading') &&
        arrival(m.pathname, m.who).kind === 'redirects'
      ) {
        route(m, fx);
      }
      return;
    }
    case 'xstate.done.actor.loadFlow':
      if (m.flow !== 'loading') return;
      m.loaded = [...m.loaded, FLOW_OF[m.pathname] ?? ''];
      return run(m, fx);
    case 'xstate.error.actor.loadFlow':
      if (m.flow === 'loading') m.flow = 'failed';
      return;
    case 'organisation.switch':
      // The switcher: another of the signed-in person's organisations (both fake users are in
      // tenant 1); choosing the current one changes nothing.
      if (m.who.auth === 'signedIn' && event.tenantId !== CURRENT_TENANT) fx.switches += 1;
      return;
    case 'retry':
      if (m.flow !== 'failed') return;
      fx.loads.push(FLOW_OF[m.pathname] ?? '');
      m.flow = 'loading';
      return;
  }
  // A flow speaks to the app through the protocol, while it runs.
  if (m.flow !== 'running') return;
  if (event.type === 'xstate.done.actor.main') fx.established += 1;
  if (event.type === 'flow.navigate') fx.navigations.push({ to: '/elsewhere', replace: false });
  if (event.type === 'flow.signOut') fx.signOuts += 1;
  if (event.type === 'flow.refreshSession') fx.refreshes += 1;
  // Spec §4 Organisation creation: on success, switch to the new tenant.
  if (event.type === 'flow.switchOrganisation') fx.switches += 1;
}

// ---- reading the app --------------------------------------------------------------------------

interface Puppet {
  signOuts: number;
  established: number;
  refreshes: number;
  switches: number;
  sent: unknown[];
}
const puppetOf = (s: AppSnapshot | undefined): Puppet =>
  (s?.children.session?.getSnapshot() as { context: Puppet } | undefined)?.context ?? {
    signOuts: 0,
    established: 0,
    refreshes: 0,
    switches: 0,
    sent: [],
  };
const mainOf = (s: AppSnapshot) => s.context.flowRefs.main;
const inputOfActor = (ref: AnyActorRef | undefined) =>
  (ref?.getSnapshot() as { context: { input: unknown } } | undefined)?.context.input;

const EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.config', output: configuration },
  { type: 'route.changed', pathname: '/feed', search: '?new=guid-1&tab=2' },
  { type: 'route.changed', pathname: '/login' },
  { type: 'route.changed', pathname: '/logout' },
  { type: 'route.changed', pathname: '/admin/k1', search: '?tab=1' },
  { type: 'route.changed', pathname: '/nowhere' },
  { type: 'route.changed', pathname: '/loginfoo' },
  { type: 'route.changed', pathname: '/' },
  { type: 'xstate.snapshot.session', snapshot: adminSignedIn },
  { type: 'xstate.snapshot.session', snapshot: standardSignedIn },
  { type: 'xstate.snapshot.session', snapshot: signedOut },
  { type: 'xstate.snapshot.session', snapshot: restoring },
  { type: 'xstate.snapshot.subscription', snapshot: tenantReady },
  { type: 'xstate.snapshot.subscription', snapshot: tenantOnboarding },
  ...settled('loadFlow', [startFlow], [new Error('chunk failed')]),
  { type: 'retry' },
  { type: 'xstate.done.actor.main', output: session },
  { type: 'flow.navigate', to: '/elsewhere' },
  { type: 'flow.signOut' },
  { type: 'flow.refreshSession', redirectTo: '/' },
  { type: 'flow.switchOrganisation', tenantId: 3 },
  { type: 'organisation.switch', tenantId: 2 },
  { type: 'organisation.switch', tenantId: CURRENT_TENANT },
];

let model: Model = INITIAL;
let loadsSeen = 0;
let received: Puppet = puppetOf(undefined);

/**
 * The spec's table of the app (spec §2.1, architecture.md §3): initializing (the configuration
 * loads: the start-up screen), then running, two regions at once: auth (loading, signedIn or
 * signedOut, as the session says) and flow (waiting for the session or the tenant, redirecting
 * by the guard rules, loading the flow's code, running it, failed to load it, unmatched: no flow
 * claims the path, leaving: navigating away). It never ends.
 */
function state(): SpecState {
  // A copy: the model is stepped in place, and the report lists what each step showed.
  const m = structuredClone(model);
  if (!m.configured) return { value: 'initializing', shown: m };
  return { value: { running: { auth: m.who.auth, flow: m.flow ?? 'routing' } }, shown: m };
}

await describePaths({
  machine: appMachine,
  unhandled: true,
  input: { pathname: '/', expiredFlag: true, flows },
  limit: 100_000,
  serializeState: (s) =>
    // Which flows' code has loaded is left out but for the current one's (the traversal would
    // otherwise visit every subset): it tells loading from running, and nothing else does.
    JSON.stringify({
      value: s.value,
      pathname: s.context.pathname,
      remembered: s.context.returnTo !== null,
      user: s.context.user?.id ?? null,
      auth: s.context.auth,
      tenant: s.context.tenant,
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
    const spies = { navigate: vi.fn(), removeQueryParams: vi.fn(), promises };
    const machine = appMachine.provide({
      actors: {
        ...promises.actors('loadFlow'),
        config: inertMachine('config') as never,
        session: sessionPuppet as never,
        // Its status stays unknown: the steps deliver the subscription's snapshots.
        subscription: subscriptionStandIn as never,
      },
      actions: {
        navigate: (_, params) => spies.navigate(params),
        removeQueryParams: (_, names) => spies.removeQueryParams(names),
      },
    });
    return { machine, promises, spies };
  },
  // In each state the plan keeps one path per kind of step, so on the login screen a sign-in is
  // tried with a remembered path only while the session restores, and without one otherwise:
  // both the remembered path and /dashboard then get a path of their own.
  events: (s) =>
    EVENTS.filter(
      (e) =>
        !(
          e.type === 'xstate.snapshot.session' &&
          (e.snapshot as AnyMachineSnapshot).matches('signedIn') &&
          s.context.pathname === '/login' &&
          (s.context.auth === 'loading') !== (s.context.returnTo !== null)
        ),
    ),
  afterStep: ({ event, snapshot: s, previous: p, index }, spies) => {
    const snapshot = s as AppSnapshot;
    const previous = p as AppSnapshot;
    const fx: Effects = {
      navigations: [],
      signOuts: 0,
      established: 0,
      refreshes: 0,
      switches: 0,
      removedQuery: [],
      loads: [],
      started: null,
      stopped: false,
    };
    next(model, event as never, fx);
    const m = model;
    const label = `${event.type} ${JSON.stringify(m)}`;

    // What the shell shows: the start-up screen, then the route's flow (selectors).
    expect(selectInitializing(snapshot), label).toBe(!m.configured);
    const shown =
      m.flow === 'running' || m.flow === 'loading' || m.flow === 'failed' || m.flow === 'unmatched'
        ? m.flow
        : 'waiting';
    expect(selectFlowStatus(snapshot), label).toBe(shown);
    const flowId = m.configured ? (FLOW_OF[m.pathname] ?? null) : null;
    const route = selectRoute(snapshot);
    expect(route?.flowId ?? null, label).toBe(flowId);
    // Spec §2.1: page titles are the site name plus the page title.
    expect(pageTitle(route?.route.title)).toBe(
      flowId ? `Givedrop | ${TITLE_OF[m.pathname]}` : 'Givedrop',
    );
    if (flowId === 'admin') expect(route?.params).toEqual({ key: 'k1' });
    // The location the app knows (the browser's, less the query params a flow read).
    expect({ pathname: snapshot.context.pathname, search: snapshot.context.search }, label).toEqual(
      {
        pathname: m.pathname,
        search: m.search,
      },
    );
    // Spec §2.1: the path the app layout remembered when it sent the user to /login.
    expect(snapshot.context.returnTo, label).toBe(m.remembered);
    // The inspector and the actor system name the long-lived actors and the flow's.
    const children = snapshot.children as Record<string, AnyActorRef | undefined>;
    const named = [
      m.configured ? 'session' : 'config',
      ...(m.who.auth === 'signedIn' ? ['subscription'] : []),
      ...(m.flow === 'running' ? ['main'] : []),
    ];
    for (const name of named) {
      expect(children[name], name).toBeDefined();
      expect(children[name]?.system.get(name), name).toBe(children[name]);
    }

    // What the composition root and the session received.
    expect(
      spies.navigate.mock.calls.map(([params]) => params as object),
      label,
    ).toEqual(fx.navigations);
    spies.navigate.mockClear();
    expect(
      spies.removeQueryParams.mock.calls.map(([names]) => names as string[]),
      label,
    ).toEqual(fx.removedQuery);
    spies.removeQueryParams.mockClear();
    // The flow's code is asked for by the flow's id, once per load.
    expect(spies.promises.calls.slice(loadsSeen), label).toEqual(
      fx.loads.map((flowId) => ({ name: 'loadFlow', input: { flowId } })),
    );
    loadsSeen = spies.promises.calls.length;
    // (The session's snapshot is live: what it had received is kept from the last step.)
    const now = puppetOf(snapshot);
    const before = index === 0 ? puppetOf(previous) : received;
    received = structuredClone(now);
    expect(
      {
        signOuts: now.signOuts - before.signOuts,
        established: now.established - before.established,
        refreshes: now.refreshes - before.refreshes,
        switches: now.switches - before.switches,
      },
      label,
    ).toEqual({
      signOuts: fx.signOuts,
      established: fx.established,
      refreshes: fx.refreshes,
      switches: fx.switches,
    });
    // An actor that ends with a session hands it to the session actor; a refresh keeps its target.
    const sent = now.sent.slice(before.sent.length);
    if (event.type === 'xstate.done.actor.main' && fx.established) {
      expect(sent).toEqual([{ type: 'session.established', session }]);
    }
    if (event.type === 'flow.refreshSession' && fx.refreshes) {
      expect(sent).toEqual([{ type: 'session.refresh', redirectTo: '/' }]);
    }
    if (fx.switches) {
      const tenantId = (event as { tenantId?: number }).tenantId;
      expect(sent).toEqual([{ type: 'session.switchTenant', tenantId }]);
    }

    // The flow's actors: running with the flow's input while the flow runs, else none.
    const main = mainOf(snapshot);
    if (m.flow === 'running') {
      expect(Object.keys(snapshot.context.flowRefs), label).toEqual(['main']);
      expect(main?.id).toBe('main');
      if (fx.started) {
        expect(main, label).not.toBe(mainOf(previous));
        expect(inputOfActor(main), label).toEqual({
          input: fx.started.input,
          signedIn: fx.started.signedIn,
        });
      } else {
        expect(main, label).toBe(mainOf(previous));
      }
      expect(snapshot.children.main).toBe(main);
    } else {
      expect(snapshot.context.flowRefs, label).toEqual({});
      expect(snapshot.children.main, label).toBeUndefined();
    }
    // A flow that stops (or starts again) stops its actors.
    const old = mainOf(previous);
    if (old) {
      const stops = fx.stopped || fx.started !== null;
      expect(old.getSnapshot().status, label).toBe(stops ? 'stopped' : 'active');
    }

    // The subscription is polled for the signed-in user only.
    const subscription = snapshot.children.subscription;
    if (m.who.auth === 'signedIn') {
      expect(inputOfActor(subscription), label).toEqual(m.polled);
    } else {
      expect(subscription, label).toBeUndefined();
    }
  },
  spec: {
    initial: () => {
      model = structuredClone(INITIAL);
      loadsSeen = 0;
      return state();
    },
    after: state,
  },
});

// Spec §2.1 layouts, as the shell shows them (App.tsx renders what these say).
describe('the layout a route is shown in', () => {
  it.each([
    ['landing', true, 'app'],
    ['landing', false, 'public'],
    ['app', true, 'app'],
    ['app', false, 'loading'],
    ['admin', true, 'admin'],
    ['admin', false, 'loading'],
    ['fullPage', false, 'fullPage'],
    ['fullPage', true, 'fullPage'],
    ['public', true, 'public'],
    ['none', false, 'none'],
  ] as const)('%s, signed in %s: %s', (layout, signedIn, shown) => {
    expect(shownLayout(layout, signedIn)).toBe(shown);
  });
});

describe('what the flow outlet shows', () => {
  it.each([
    ['waiting', true, false, 'waiting', 'home'],
    ['running', false, false, 'waiting', 'home'],
    ['loading', true, false, 'flowLoading', 'home'],
    ['running', true, true, 'screen', 'home'],
    ['running', true, false, 'flowLoading', 'home'],
    ['failed', true, false, 'error', 'retry'],
    ['unmatched', true, false, 'error', 'home'],
    ['failed', false, false, 'waiting', 'retry'],
  ] as const)('%s, a route %s, its code %s: %s', (status, hasRoute, loaded, shows, recovery) => {
    expect(outletContent(status, hasRoute, loaded)).toBe(shows);
    expect(errorRecovery(status)).toBe(recovery);
  });
});

// Spec §2.1 full-page layout and §2.3 Onboarding: the back arrow (App.tsx does what these say).
describe('the full-page back arrow', () => {
  it("shows unless the flow owns it and has no step to go back to (onboarding's first)", () => {
    expect(backArrowShown(false, false)).toBe(true);
    expect(backArrowShown(true, true)).toBe(true);
    expect(backArrowShown(true, false)).toBe(false);
  });
  it("goes to the flow's previous step, else this site's previous page, else /", () => {
    expect(backTarget(true, false)).toBe('flow');
    expect(backTarget(true, true)).toBe('flow');
    expect(backTarget(false, true)).toBe('history');
    expect(backTarget(false, false)).toBe('home');
  });
  it("asks the flow's actors whether they take layout.back now", () => {
    const can = (answer: boolean) => ({
      can: (e: { type: string }) => answer && e.type === 'layout.back',
    });
    expect(flowCanGoBack([])).toBe(false);
    expect(flowCanGoBack([can(false), {}])).toBe(false);
    expect(flowCanGoBack([{}, can(true)])).toBe(true);
  });
});
