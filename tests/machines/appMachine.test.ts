import { expect, vi } from 'vitest';
import { assign, setup, type AnyMachineSnapshot } from 'xstate';
import type { User } from '../../contract/auth';
import { appMachine } from '../../src/machines/appMachine';
import { isSignOutPath } from '../../src/machines/authPaths';
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
 * so the app receives it through the real child-to-parent snapshot mechanism. It counts the
 * sign-outs and sessions the app sends it.
 */
type PuppetEvent =
  | { type: 'puppet.become'; snapshot: AnyMachineSnapshot }
  | { type: 'session.signOut' }
  | { type: 'session.established' };
const sessionPuppet = setup({
  types: {
    context: {} as { user: User | null; signOuts: number; established: number },
    events: {} as PuppetEvent,
  },
}).createMachine({
  id: 'session',
  context: { user: null, signOuts: 0, established: 0 },
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
  },
  states: {
    loading: {},
    signedIn: { tags: ['signedIn'] },
    signedOut: { tags: ['signedOut'] },
  },
});

const REMEMBERED = '/account/profile';
/** The flow state each visited path starts (any other path: idle). */
const FLOW_OF_PATH: Record<string, string> = {
  '/login': 'login',
  '/logout': 'logout',
  '/forgotten-password': 'forgottenPassword',
  '/forgotten-password/reset-key': 'passwordReset',
  '/signup-charity': 'signup',
  '/activate/activation-key': 'activation',
  '/account/confirm-email/confirm-key': 'emailConfirmation',
  '/dashboard': 'home',
  '/feed': 'home',
  '/create-post/42': 'createPost',
};
/** The child actor each flow runs. */
const CHILD_OF_FLOW: Record<string, string> = {
  login: 'loginForm',
  forgottenPassword: 'passwordResetRequest',
  passwordReset: 'passwordReset',
  signup: 'signup',
  activation: 'activation',
  emailConfirmation: 'emailConfirmation',
  home: 'postsFeed',
  createPost: 'createPost',
};
const NOT_SIGNING_OUT = [
  '/dashboard',
  '/feed',
  '/create-info',
  '/create-post/42',
  '/activate/activation-key',
  '/account/confirm-email/confirm-key',
];
const SESSION_HANDOVERS = [
  'xstate.done.actor.loginForm',
  'xstate.done.actor.loginThirdParty',
  'xstate.done.actor.signup',
  'xstate.done.actor.signupThirdParty',
];
let counted = { signOuts: 0, established: 0 };
const puppetContext = (snapshot: AnyMachineSnapshot) =>
  (
    snapshot.children.session?.getSnapshot() as
      { context: { signOuts: number; established: number } } | undefined
  )?.context;
/** The auth and flow regions; a compound flow state (home) by its name, with its substate. */
const authOf = (snapshot: AnyMachineSnapshot) => {
  if (!snapshot.matches('running')) return null;
  const { auth, flow } = (
    snapshot.value as { running: { auth: string; flow: string | Record<string, string> } }
  ).running;
  if (typeof flow === 'string') return { auth, flow, sub: null };
  const [name, sub] = Object.entries(flow)[0] as [string, string];
  return { auth, flow: name, sub };
};

await describePaths({
  deliver: (event, actor) => {
    if (event.type !== 'xstate.snapshot.session') return false;
    const child = actor.getSnapshot().children.session;
    child.send({ type: 'puppet.become', snapshot: event.snapshot });
    return true;
  },
  machine: appMachine,
  input: { pathname: '/', expiredFlag: false },
  limit: 100_000,
  build: () => {
    const promises = new FakePromises();
    const spies = { navigate: vi.fn(), clearNewPostParam: vi.fn() };
    const machine = appMachine.provide({
      actors: {
        config: inertMachine('config') as never,
        session: sessionPuppet as never,
        subscription: subscriptionMachine.provide({
          actors: { getCurrentTenantStatus: promises.logic('getCurrentTenantStatus') as never },
        }) as never,
        loginForm: inertMachine('login') as never,
        thirdPartySignIn: inertMachine('thirdPartySignIn') as never,
        signup: inertMachine('signup') as never,
        passwordResetRequest: inertMachine('passwordResetRequest') as never,
        passwordReset: inertMachine('passwordReset') as never,
        activation: inertMachine('activation') as never,
        emailConfirmation: inertMachine('emailConfirmation') as never,
        postsFeed: inertMachine('postsFeed') as never,
        dropsCarousel: inertMachine('dropsCarousel') as never,
        createPost: inertMachine('createPost') as never,
      },
      actions: {
        navigate: (_, to) => spies.navigate(to),
        clearNewPostParam: () => spies.clearNewPostParam(),
      },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'xstate.done.actor.config', output: configuration },
    { type: 'route.changed', pathname: '/login' },
    { type: 'route.changed', pathname: '/logout' },
    { type: 'route.changed', pathname: '/forgotten-password' },
    { type: 'route.changed', pathname: '/forgotten-password/reset-key' },
    { type: 'route.changed', pathname: '/signup-charity', search: '?error=Oops' },
    { type: 'route.changed', pathname: '/start-signup' },
    { type: 'route.changed', pathname: '/activate/activation-key' },
    { type: 'route.changed', pathname: '/account/confirm-email/confirm-key' },
    { type: 'route.changed', pathname: '/dashboard' },
    { type: 'route.changed', pathname: '/feed', search: '?new=guid-1' },
    { type: 'route.changed', pathname: '/create-info' },
    { type: 'route.changed', pathname: '/create-post/42' },
    { type: 'route.remember', pathname: REMEMBERED },
    { type: 'xstate.snapshot.subscription', snapshot: flagged },
    { type: 'xstate.snapshot.session', snapshot: signedIn },
    { type: 'xstate.snapshot.session', snapshot: otherUser },
    { type: 'xstate.snapshot.session', snapshot: signedOut },
    { type: 'xstate.snapshot.session', snapshot: restoring },
    { type: 'xstate.done.actor.loginForm', output: makeSession() },
    { type: 'xstate.done.actor.loginThirdParty', output: makeSession() },
    { type: 'xstate.done.actor.signup', output: makeSession() },
    { type: 'xstate.done.actor.signupThirdParty', output: makeSession() },
  ],
  afterStep: ({ event, snapshot, previous, index }, spies) => {
    // The session stand-in is live (its snapshot is the same before and after a step): keep
    // its counts from the step before.
    if (index === 0) counted = { signOuts: 0, established: 0 };
    const counts = puppetContext(snapshot) ?? { signOuts: 0, established: 0 };
    const signOuts = counts.signOuts - counted.signOuts;
    const established = counts.established - counted.established;
    counted = { ...counts };
    const before = authOf(previous);
    const after = authOf(snapshot);
    const calls = spies.navigate.mock.calls.length;
    const navigatedTo = (): unknown => spies.navigate.mock.calls.at(-1)?.[0];

    if (event.type === 'route.changed' && after) {
      // /logout waits for the sign-out unless nobody is signed in: then it goes to / at once.
      const logoutDone = event.pathname === '/logout' && after.auth === 'signedOut';
      expect(after.flow).toBe(logoutDone ? 'idle' : (FLOW_OF_PATH[event.pathname] ?? 'idle'));
      if (logoutDone) expect(navigatedTo()).toBe('/');
      // Visiting an auth path (and /start-signup) signs the user out; other paths do not.
      expect(signOuts).toBe(NOT_SIGNING_OUT.includes(event.pathname) ? 0 : 1);
      // Each flow is started with what its route says.
      const child = snapshot.children[CHILD_OF_FLOW[after.flow] ?? ''];
      if (after.flow === 'signup') {
        expect(child?.getSnapshot().context.input).toEqual({
          accountType: 'Charity',
          minimumPasswordLength: configuration.minimumPasswordLength,
          errorParam: 'Oops',
        });
      } else if (after.flow === 'passwordReset') {
        expect(child?.getSnapshot().context.input).toEqual({
          key: 'reset-key',
          minimumPasswordLength: configuration.minimumPasswordLength,
        });
      } else if (after.flow === 'activation') {
        expect(child?.getSnapshot().context.input).toEqual({ key: 'activation-key' });
      } else if (after.flow === 'createPost') {
        expect(child?.getSnapshot().context.input).toMatchObject({ mode: 'update', postId: 42 });
      } else if (after.flow === 'emailConfirmation') {
        expect(child?.getSnapshot().context.input).toEqual({ key: 'confirm-key' });
      }
      if (CHILD_OF_FLOW[after.flow] && after.sub !== 'waiting') expect(child).toBeDefined();
    } else if (event.type === 'xstate.done.actor.config') {
      // Starting on an auth path signs the user out too.
      expect(signOuts).toBe(isSignOutPath(snapshot.context.pathname) ? 1 : 0);
    } else {
      expect(signOuts).toBe(0);
    }
    // The login and signup flows hand their session to the session actor, and nothing else does.
    expect(established).toBe(SESSION_HANDOVERS.includes(event.type) && after ? 1 : 0);

    if (event.type === 'xstate.snapshot.session' && after && before) {
      const expected =
        event.snapshot === signedOut
          ? 'signedOut'
          : event.snapshot === restoring
            ? 'loading'
            : 'signedIn';
      expect(after.auth).toBe(expected);
      const newlySignedIn = expected === 'signedIn' && before.auth !== 'signedIn';
      if (newlySignedIn && before.flow === 'login') {
        // A login goes to the remembered path, else /dashboard.
        expect(navigatedTo()).toBe(previous.context.returnTo ?? '/dashboard');
        expect(snapshot.context.returnTo).toBeNull();
      } else if (
        newlySignedIn &&
        isSignOutPath(previous.context.pathname) &&
        before.flow !== 'logout'
      ) {
        // A signed-in user on another auth screen (an activated signup too) goes to /feed.
        expect(navigatedTo()).toBe('/feed');
      } else if (newlySignedIn) {
        expect(spies.navigate.mock.calls.length).toBe(calls);
      }
      if (expected === 'signedOut' && before.flow === 'logout') {
        // Logout ends on /.
        expect(navigatedTo()).toBe('/');
      }
    }
    // The home shows the API feed to a user and sample content to a visitor, and waits while
    // authentication loads; the feed reads the `new` parameter, which is then removed.
    if (after?.flow === 'home') {
      const feed = snapshot.children.postsFeed?.getSnapshot() as
        { context: { input: { sample: boolean; showFirstGuid: string | null } } } | undefined;
      // (A user signing out keeps the home shown until signed out.)
      if (after.auth !== 'loading') expect(after.sub).toBe('showing');
      if (after.sub === 'waiting') expect(after.auth).toBe('loading');
      if (after.sub === 'showing') {
        expect(feed?.context.input).toEqual({
          sample: snapshot.context.userId === null,
          showFirstGuid: snapshot.context.search.includes('new=guid-1') ? 'guid-1' : null,
        });
        expect(snapshot.children.dropsCarousel).toBeDefined();
        expect(spies.clearNewPostParam).toHaveBeenCalled();
      } else {
        expect(feed).toBeUndefined();
      }
    }
    for (const [to] of spies.navigate.mock.calls.slice(0, calls)) {
      expect(['/dashboard', '/', '/feed', REMEMBERED]).toContain(to);
    }
  },
});
