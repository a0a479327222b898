import { and, assign, not, raise, sendTo, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { Configuration } from '../../contract/configuration';
import { activationMachine } from './activationMachine';
import {
  activationKeyOf,
  emailConfirmationKeyOf,
  isForgottenPasswordPath,
  isHomePath,
  isLoginPath,
  isLogoutPath,
  isSignOutPath,
  newPostGuidOf,
  passwordResetKeyOf,
  signupAccountTypeOf,
} from './authPaths';
import { configMachine } from './configMachine';
import { createPostMachine, type CreatePostInput } from './createPostMachine';
import { dropsCarouselMachine } from './dropsCarouselMachine';
import { emailConfirmationMachine } from './emailConfirmationMachine';
import { loginMachine } from './loginMachine';
import { passwordResetMachine } from './passwordResetMachine';
import { postsFeedMachine } from './postsFeedMachine';
import { passwordResetRequestMachine } from './passwordResetRequestMachine';
import {
  selectAuthStatus,
  sessionMachine,
  type EstablishedSession,
  type SessionSnapshot,
} from './sessionMachine';
import { signupMachine } from './signupMachine';
import { subscriptionMachine } from './subscriptionMachine';
import { thirdPartySignInMachine } from './thirdPartySignInMachine';

/** Where a successful login goes unless a remembered path is waiting (spec §2.3 Login). */
export const AFTER_LOGIN_PATH = '/dashboard';
/** Where a signed-in user on the other auth screens goes (spec §2.1). */
export const SIGNED_IN_HOME_PATH = '/feed';

/** Spec §9: the password minimum when the configuration gives none. */
const DEFAULT_MINIMUM_PASSWORD_LENGTH = 6;

export interface AppInput {
  pathname: string;
  /** The query string ('?error=…') the page was opened with. */
  search?: string;
  /** Whether this browser session carries the subscription-expired flag. */
  expiredFlag: boolean;
}

export interface AppContext {
  configuration: Configuration | null;
  pathname: string;
  /** The query string of the current location ('' when none). */
  search: string;
  /** The path the app layout remembered when it sent an unauthenticated user to /login. */
  returnTo: string | null;
  userId: number | null;
  expiredFlag: boolean;
}

export type AppEvent =
  | { type: 'route.changed'; pathname: string; search?: string }
  | { type: 'route.remember'; pathname: string }
  | { type: 'auth.signedIn'; userId: number }
  | { type: 'auth.signedOut' }
  | { type: 'auth.loading' };

/** Maps the session's snapshot to the app's view of authentication. */
export function authEventFrom(snapshot: SessionSnapshot): AppEvent {
  const status = selectAuthStatus(snapshot);
  const user = snapshot.context.user;
  if (status === 'signedIn' && user) return { type: 'auth.signedIn', userId: user.id };
  if (status === 'signedOut') return { type: 'auth.signedOut' };
  return { type: 'auth.loading' };
}

/** /create-post/{id}: the post to update, or null. */
export function editedPostIdOf(pathname: string): number | null {
  const match = /^\/create-post\/(\d{1,15})$/.exec(pathname);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}

/** Create Post's input: update mode on /create-post/{post id}, else a new post. */
export function createPostInputOf(pathname: string, now: Date): CreatePostInput {
  const id = editedPostIdOf(pathname);
  return id !== null
    ? { mode: 'update', postId: id, now: now.toISOString() }
    : { mode: 'new', now: now.toISOString() };
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    children: {} as {
      config: 'config';
      session: 'session';
      subscription: 'subscription';
      loginForm: 'loginForm';
    },
  },
  actors: {
    config: configMachine,
    session: sessionMachine,
    subscription: subscriptionMachine,
    loginForm: loginMachine,
    thirdPartySignIn: thirdPartySignInMachine,
    signup: signupMachine,
    passwordResetRequest: passwordResetRequestMachine,
    passwordReset: passwordResetMachine,
    activation: activationMachine,
    emailConfirmation: emailConfirmationMachine,
    postsFeed: postsFeedMachine,
    dropsCarousel: dropsCarouselMachine,
    createPost: createPostMachine,
  },
  guards: {
    isLoginPath: ({ context }) => isLoginPath(context.pathname),
    isLogoutPath: ({ context }) => isLogoutPath(context.pathname),
    isSignOutPath: ({ context }) => isSignOutPath(context.pathname),
    isSignupPath: ({ context }) => signupAccountTypeOf(context.pathname) !== null,
    isForgottenPasswordPath: ({ context }) => isForgottenPasswordPath(context.pathname),
    isPasswordResetPath: ({ context }) => passwordResetKeyOf(context.pathname) !== null,
    isActivationPath: ({ context }) => activationKeyOf(context.pathname) !== null,
    isEmailConfirmationPath: ({ context }) => emailConfirmationKeyOf(context.pathname) !== null,
    isHomePath: ({ context }) => isHomePath(context.pathname),
    isCreatePostPath: ({ context }) =>
      context.pathname === '/create-post' || editedPostIdOf(context.pathname) !== null,
    isAuthLoading: stateIn({ running: { auth: 'loading' } }),
    isSignedIn: stateIn({ running: { auth: 'signedIn' } }),
    hasNewPostParam: ({ context }) => newPostGuidOf(context.search) !== null,
    isSignedOut: stateIn({ running: { auth: 'signedOut' } }),
    /** Evaluated before the auth region moves: true only when a user newly signs in. */
    isNotYetSignedIn: not(stateIn({ running: { auth: 'signedIn' } })),
    isAnotherUser: ({ context }, userId: number) => context.userId !== userId,
  },
  actions: {
    assignConfiguration: assign((_, configuration: Configuration) => ({ configuration })),
    assignLocation: assign((_, location: { pathname: string; search?: string }) => ({
      pathname: location.pathname,
      search: location.search ?? '',
    })),
    rememberPath: assign((_, pathname: string) => ({ returnTo: pathname })),
    forgetPath: assign({ returnTo: null }),
    assignUser: assign((_, userId: number) => ({ userId })),
    clearUser: assign({ userId: null }),
    assignExpiredFlag: assign((_, expiredFlag: boolean) => ({ expiredFlag })),
    signOut: sendTo('session', { type: 'session.signOut' }),
    establishSession: sendTo('session', (_, session: EstablishedSession) => ({
      type: 'session.established' as const,
      session,
    })),
    /** Removes the `new` query parameter from the address once the feed has read it. */
    clearNewPostParam: () => {
      throw new Error('"clearNewPostParam" must be provided (see src/app)');
    },
    /** Client-side navigation to a path of the app. */
    navigate: (_, _to: string) => {
      throw new Error('"navigate" must be provided (see src/app)');
    },
  },
}).createMachine({
  id: 'app',
  description:
    'The root actor: loads the configuration, owns the session, polls the subscription while signed in, and runs the flow of the current route.',
  context: ({ input }) => ({
    configuration: null,
    pathname: input.pathname,
    search: input.search ?? '',
    returnTo: null,
    userId: null,
    expiredFlag: input.expiredFlag,
  }),
  on: {
    'route.changed': {
      actions: { type: 'assignLocation', params: ({ event }) => event },
      description: 'The browser location changed.',
    },
    'route.remember': {
      actions: { type: 'rememberPath', params: ({ event }) => event.pathname },
      description: 'The app layout sends an unauthenticated user to /login and remembers the path.',
    },
  },
  initial: 'initializing',
  states: {
    initializing: {
      description: "While the configuration loads, a full-screen indicator reads 'Loading...'.",
      invoke: {
        id: 'config',
        src: 'config',
        systemId: 'config',
        onDone: {
          target: 'running',
          actions: { type: 'assignConfiguration', params: ({ event }) => event.output },
          description: 'Configuration loaded.',
        },
      },
    },
    running: {
      type: 'parallel',
      description: 'The configured app: the session and the flow of the current route.',
      invoke: {
        id: 'session',
        src: 'session',
        systemId: 'session',
        onSnapshot: {
          actions: raise(({ event }) => authEventFrom(event.snapshot)),
          description:
            'The session changed: the app learns whether a user is signed in, signed out or still loading.',
        },
      },
      states: {
        auth: {
          description: 'Authentication as the rest of the app sees it.',
          initial: 'loading',
          states: {
            loading: {
              description: "While authentication state loads: 'Loading...'.",
              on: {
                'auth.signedIn': {
                  target: 'signedIn',
                  actions: { type: 'assignUser', params: ({ event }) => event.userId },
                  description: 'A stored session was restored, or a user signed in.',
                },
                'auth.signedOut': {
                  target: 'signedOut',
                  description: 'No session: a signed-out visitor.',
                },
              },
            },
            signedIn: {
              description: 'A user with an id: the subscription is polled.',
              invoke: {
                id: 'subscription',
                src: 'subscription',
                systemId: 'subscription',
                input: ({ context }) => ({
                  userId: context.userId ?? 0,
                  expiredFlag: context.expiredFlag,
                }),
                onSnapshot: {
                  actions: {
                    type: 'assignExpiredFlag',
                    params: ({ event }) => event.snapshot.context.expiredFlag,
                  },
                  description: 'The subscription-expired flag as the subscription last set it.',
                },
              },
              on: {
                'auth.signedOut': {
                  target: 'signedOut',
                  actions: 'clearUser',
                  description: 'Signed out: polling stops.',
                },
                'auth.loading': {
                  target: 'loading',
                  description: 'Signing out.',
                },
                'auth.signedIn': {
                  guard: { type: 'isAnotherUser', params: ({ event }) => event.userId },
                  target: 'signedIn',
                  reenter: true,
                  actions: { type: 'assignUser', params: ({ event }) => event.userId },
                  description: 'Another user signed in (in another tab).',
                },
              },
            },
            signedOut: {
              description: 'A visitor: signed-out visitors get sample content.',
              on: {
                'auth.signedIn': {
                  target: 'signedIn',
                  actions: { type: 'assignUser', params: ({ event }) => event.userId },
                  description: 'A user signed in (here or in another tab).',
                },
                'auth.loading': {
                  target: 'loading',
                  description: 'The session is busy again.',
                },
              },
            },
          },
        },
        flow: {
          description: 'The flow of the current route, spawned when its route is entered.',
          initial: 'routing',
          on: {
            'route.changed': {
              target: '.routing',
              actions: { type: 'assignLocation', params: ({ event }) => event },
              description: 'The browser location changed.',
            },
          },
          states: {
            routing: {
              description: 'Picks the flow of the current path.',
              always: [
                {
                  guard: 'isLoginPath',
                  target: 'login',
                  actions: 'signOut',
                  description: 'Visiting /login or /account/login signs the user out.',
                },
                {
                  guard: 'isLogoutPath',
                  target: 'logout',
                  actions: 'signOut',
                  description: "Logout: 'Logging out...', signs out and goes to /.",
                },
                {
                  guard: 'isSignupPath',
                  target: 'signup',
                  actions: 'signOut',
                  description:
                    'Signup: /signup (Individual) or /signup-charity (Charity); visiting it signs the user out.',
                },
                {
                  guard: 'isForgottenPasswordPath',
                  target: 'forgottenPassword',
                  actions: 'signOut',
                  description: 'Forgotten password; visiting it signs the user out.',
                },
                {
                  guard: 'isPasswordResetPath',
                  target: 'passwordReset',
                  actions: 'signOut',
                  description:
                    'The emailed password-reset link (/forgotten-password/{key}); visiting it signs the user out.',
                },
                {
                  guard: 'isSignOutPath',
                  target: 'idle',
                  actions: 'signOut',
                  description:
                    'Visiting a path starting with login, signup, forgotten-password, invitation, logout, auth/logout, brand-signup, account/login or buyer-signup signs the user out; so does /start-signup on load.',
                },
                {
                  guard: 'isActivationPath',
                  target: 'activation',
                  description: 'Activation /activate/{key}.',
                },
                {
                  guard: 'isEmailConfirmationPath',
                  target: 'emailConfirmation',
                  description: 'Email confirmation /account/confirm-email/{key}.',
                },
                {
                  guard: 'isCreatePostPath',
                  target: 'createPost',
                  description:
                    'Create Post /create-post; an existing post at /create-post/{id} (update mode).',
                },
                {
                  guard: 'isHomePath',
                  target: 'home',
                  description:
                    'The landing page / (and /feed, /dashboard, any unknown path): the Drops carousel and the Posts feed.',
                },
                { target: 'idle', description: 'Any other path.' },
              ],
            },
            idle: {
              description: 'A screen without a flow of its own.',
              on: {
                'auth.signedIn': {
                  guard: and(['isSignOutPath', 'isNotYetSignedIn']),
                  actions: { type: 'navigate', params: SIGNED_IN_HOME_PATH },
                  description:
                    'Once a signed-in user is present on the auth screens, the app redirects to /feed.',
                },
              },
            },
            login: {
              description: 'The Login screen: the email form and the third-party option.',
              invoke: [
                {
                  id: 'loginForm',
                  src: 'loginForm',
                  systemId: 'loginForm',
                  onDone: {
                    actions: {
                      type: 'establishSession',
                      params: ({ event }) => event.output,
                    },
                    description: 'The login stores the session.',
                  },
                },
                {
                  id: 'loginThirdParty',
                  src: 'thirdPartySignIn',
                  systemId: 'loginThirdParty',
                  onDone: {
                    actions: {
                      type: 'establishSession',
                      params: ({ event }) => event.output,
                    },
                    description: 'The third-party login stores the session.',
                  },
                },
              ],
              on: {
                'auth.signedIn': {
                  guard: 'isNotYetSignedIn',
                  target: 'idle',
                  actions: [
                    {
                      type: 'navigate',
                      params: ({ context }) => context.returnTo ?? AFTER_LOGIN_PATH,
                    },
                    'forgetPath',
                  ],
                  description:
                    'A successful login goes to /dashboard, or back to the path the app layout remembered.',
                },
              },
            },
            signup: {
              description:
                'Signup (individual or charity) with email, or with the third-party sign-up option.',
              invoke: [
                {
                  id: 'signup',
                  src: 'signup',
                  systemId: 'signup',
                  input: ({ context }) => ({
                    accountType: signupAccountTypeOf(context.pathname) ?? 'Individual',
                    minimumPasswordLength:
                      context.configuration?.minimumPasswordLength ??
                      DEFAULT_MINIMUM_PASSWORD_LENGTH,
                    errorParam: new URLSearchParams(context.search).get('error'),
                  }),
                  onDone: {
                    actions: {
                      type: 'establishSession',
                      params: ({ event }) => event.output,
                    },
                    description: 'A signup whose response carries data stores the session.',
                  },
                },
                {
                  id: 'signupThirdParty',
                  src: 'thirdPartySignIn',
                  systemId: 'signupThirdParty',
                  onDone: {
                    actions: {
                      type: 'establishSession',
                      params: ({ event }) => event.output,
                    },
                    description: 'The third-party signup stores the session.',
                  },
                },
              ],
              on: {
                'auth.signedIn': {
                  guard: 'isNotYetSignedIn',
                  actions: { type: 'navigate', params: SIGNED_IN_HOME_PATH },
                  description: 'An activated account goes to /feed.',
                },
              },
            },
            forgottenPassword: {
              description: 'Forgotten password: email field, Request Password Reset.',
              invoke: {
                id: 'passwordResetRequest',
                src: 'passwordResetRequest',
                systemId: 'passwordResetRequest',
              },
              on: {
                'auth.signedIn': {
                  guard: 'isNotYetSignedIn',
                  actions: { type: 'navigate', params: SIGNED_IN_HOME_PATH },
                  description:
                    'Once a signed-in user is present on the auth screens, the app redirects to /feed.',
                },
              },
            },
            passwordReset: {
              description:
                'The emailed password-reset link: a new password with the live checklist.',
              invoke: {
                id: 'passwordReset',
                src: 'passwordReset',
                systemId: 'passwordReset',
                input: ({ context }) => ({
                  key: passwordResetKeyOf(context.pathname) ?? '',
                  minimumPasswordLength:
                    context.configuration?.minimumPasswordLength ?? DEFAULT_MINIMUM_PASSWORD_LENGTH,
                }),
              },
              on: {
                'auth.signedIn': {
                  guard: 'isNotYetSignedIn',
                  actions: { type: 'navigate', params: SIGNED_IN_HOME_PATH },
                  description:
                    'Once a signed-in user is present on the auth screens, the app redirects to /feed.',
                },
              },
            },
            activation: {
              description: 'Activation: calls the server with the key; success or failure message.',
              invoke: {
                id: 'activation',
                src: 'activation',
                systemId: 'activation',
                input: ({ context }) => ({ key: activationKeyOf(context.pathname) ?? '' }),
              },
            },
            emailConfirmation: {
              description:
                'Email confirmation: calls the server with the key; success or failure message.',
              invoke: {
                id: 'emailConfirmation',
                src: 'emailConfirmation',
                systemId: 'emailConfirmation',
                input: ({ context }) => ({ key: emailConfirmationKeyOf(context.pathname) ?? '' }),
              },
            },
            createPost: {
              description:
                'Create Post: message, link, publish date and time, media, Is Draft, Save Draft, Create or Update Post.',
              invoke: {
                id: 'createPost',
                src: 'createPost',
                systemId: 'createPost',
                input: ({ context }) => createPostInputOf(context.pathname, new Date()),
              },
            },
            home: {
              description:
                'The home: the Drops carousel plus the Posts feed; signed-out visitors see the same with sample data.',
              initial: 'deciding',
              states: {
                deciding: {
                  description: 'Whether authentication is known yet.',
                  always: [
                    {
                      guard: 'isAuthLoading',
                      target: 'waiting',
                      description: "While authentication loads: 'Loading...'.",
                    },
                    { target: 'showing', description: 'Authentication is known.' },
                  ],
                },
                waiting: {
                  description: 'Waits for the session before choosing real or sample content.',
                  on: {
                    'auth.signedIn': { target: 'showing', description: 'A user: the API feed.' },
                    'auth.signedOut': {
                      target: 'showing',
                      description: 'A visitor: sample content.',
                    },
                  },
                },
                showing: {
                  description:
                    'Signed in: the carousel and feed from the API. Signed out: 20 sample drops and 50 sample posts.',
                  entry: 'clearNewPostParam',
                  invoke: [
                    {
                      id: 'postsFeed',
                      src: 'postsFeed',
                      systemId: 'postsFeed',
                      input: ({ context }) => ({
                        sample: context.userId === null,
                        showFirstGuid: newPostGuidOf(context.search),
                      }),
                    },
                    {
                      id: 'dropsCarousel',
                      src: 'dropsCarousel',
                      systemId: 'dropsCarousel',
                      input: ({ context }) => ({ sample: context.userId === null }),
                    },
                  ],
                  on: {
                    'auth.signedIn': {
                      guard: 'isNotYetSignedIn',
                      target: 'showing',
                      reenter: true,
                      description: 'A user signed in: the real feed replaces the sample one.',
                    },
                    'auth.signedOut': {
                      guard: 'isSignedIn',
                      target: 'showing',
                      reenter: true,
                      description: 'Signed out: sample content again.',
                    },
                  },
                },
              },
            },
            logout: {
              description: "'Logging out...': signs out, then goes to /.",
              always: {
                guard: 'isSignedOut',
                target: 'idle',
                actions: { type: 'navigate', params: '/' },
                description: 'Signed out: go to /.',
              },
            },
          },
        },
      },
    },
  },
});

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectConfiguration = (s: AppSnapshot) => s.context.configuration;
export const selectInitializing = (s: AppSnapshot) => s.matches('initializing');
