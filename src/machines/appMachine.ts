import { assign, raise, type DoneActorEvent } from 'xstate';
import * as rules from './appRules';
import type { AppUser } from './appRules';
import { appSetup } from './appSetup';
import type { StartFlow } from './flows';

export type { AppContext, AppEvent, AppInput, AppUser } from './appRules';

export const appMachine = appSetup.createMachine({
  id: 'app',
  description: 'Loads the configuration, owns the session and runs the flow of the current route.',
  context: ({ input }) => rules.initialContext(input),
  on: {
    'route.changed': {
      actions: { type: 'assignLocation', params: ({ event }) => event },
      description: 'The browser location changed.',
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
          actions: raise(({ event }) => rules.authEventFrom(event.snapshot)),
          description: 'The session changed: signed in, signed out or still loading.',
        },
      },
      states: {
        auth: {
          description: 'Authentication as the rest of the app sees it.',
          initial: 'loading',
          states: {
            loading: {
              description: "While authentication state loads: 'Loading...'.",
              entry: 'assignAuthLoading',
              on: {
                'auth.signedIn': { target: 'signedIn', description: 'A user signed in.' },
                'auth.signedOut': { target: 'signedOut', description: 'Nobody is signed in.' },
              },
            },
            signedIn: {
              description: 'A user with an id: the subscription is polled.',
              entry: [
                { type: 'assignUser', params: ({ event }) => (event as { user: AppUser }).user },
                raise({ type: 'session.changed' }),
              ],
              invoke: {
                id: 'subscription',
                src: 'subscription',
                systemId: 'subscription',
                input: ({ context }) => rules.subscriptionInputOf(context),
                onSnapshot: {
                  actions: { type: 'noteSubscription', params: ({ event }) => event.snapshot },
                  description: "The expired flag and the tenant's status, as last polled.",
                },
              },
              exit: assign({ tenant: 'unknown' }),
              on: {
                'auth.signedOut': {
                  target: 'signedOut',
                  description: 'Signed out: polling stops.',
                },
                'auth.loading': { target: 'loading', description: 'Signing out.' },
                'organisation.switch': {
                  guard: {
                    type: 'isOtherOrganisation',
                    params: ({ event }) => event.tenantId,
                  },
                  actions: { type: 'switchOrganisation', params: ({ event }) => event.tenantId },
                  description:
                    'Spec §4 Session: the person chooses another of their organisations; the session switches to it (a failed switch signs them out).',
                },
                'auth.signedIn': {
                  guard: { type: 'isAnotherUser', params: ({ event }) => event.user },
                  target: 'signedIn',
                  reenter: true,
                  description: 'Another user, tenant or role (another tab, a tenant switch).',
                },
              },
            },
            signedOut: {
              description: 'A visitor: signed-out visitors get sample content.',
              entry: ['assignSignedOut', raise({ type: 'session.changed' })],
              on: {
                'auth.signedIn': { target: 'signedIn', description: 'A user signed in.' },
                'auth.loading': { target: 'loading', description: 'The session is busy again.' },
              },
            },
          },
        },
        flow: {
          description: 'The flow of the current route, found in the flow registry.',
          initial: 'routing',
          on: {
            'route.changed': {
              target: '.routing',
              actions: { type: 'assignLocation', params: ({ event }) => event },
              description: 'The browser location changed: the current flow stops.',
            },
          },
          states: {
            routing: {
              description:
                "Finds the route's flow; spec §2.1: visiting any path that starts with a sign-out route's path (login, signup, …) signs the user out.",
              entry: ['assignRoute', 'signOutOnVisit'],
              always: [
                { guard: 'isUnmatched', target: 'unmatched', description: 'No flow claims it.' },
                { guard: 'mustWait', target: 'waiting', description: 'The session is loading.' },
                {
                  guard: 'isDenied',
                  target: 'redirecting',
                  description: 'Spec §2.1 guard rules: /login, /, /dashboard or /onboarding.',
                },
                { guard: 'isLoaded', target: 'running', description: 'Allowed; its code is here.' },
                { target: 'loading', description: "Allowed: the flow's code loads." },
              ],
            },
            waiting: {
              description: "'Loading...' until the session (and the tenant's status) is known.",
              on: {
                'session.changed': { target: 'routing', description: 'The session is known.' },
                'tenant.changed': { target: 'routing', description: 'The tenant is known.' },
              },
            },
            redirecting: {
              description: "'Loading...' while the guard's redirect navigates.",
              entry: [
                'rememberPathIfAsked',
                { type: 'navigate', params: ({ context }) => rules.redirectOf(context) },
              ],
            },
            loading: {
              description: "The flow's code loads on demand.",
              invoke: {
                id: 'loadFlow',
                src: 'loadFlow',
                input: ({ context }) => ({ flowId: context.route?.flowId ?? '' }),
                onDone: {
                  target: 'running',
                  actions: {
                    type: 'assignLoaded',
                    params: ({ event }: { event: DoneActorEvent<StartFlow> }) => event.output,
                  },
                  description: 'Loaded.',
                },
                onError: { target: 'failed', description: "The flow's code could not be loaded." },
              },
              on: {
                'tenant.changed': {
                  guard: 'isDenied',
                  target: 'routing',
                  description:
                    "The landing page's person turns out to be onboarding: /onboarding, not the feed.",
                },
              },
            },
            running: {
              description: "The flow's actors run; they speak to the app by the flow protocol.",
              entry: [
                'startFlow',
                { type: 'removeQueryParams', params: ({ context }) => rules.readQueryOf(context) },
                'forgetReadQuery',
              ],
              exit: 'stopFlow',
              always: {
                guard: 'sendsSignedOutAway',
                target: 'leaving',
                actions: {
                  type: 'navigate',
                  params: ({ context }) => rules.signedOutTargetOf(context),
                },
                description: 'Logout: once signed out, go to /.',
              },
              on: {
                'session.changed': [
                  {
                    guard: 'sendsSignedInAway',
                    target: 'leaving',
                    actions: [
                      {
                        type: 'navigate',
                        params: ({ context }) => rules.signedInTargetOf(context),
                      },
                      'forgetRememberedPath',
                    ],
                    description: 'Signed in on an auth screen: /feed (login: /dashboard).',
                  },
                  { guard: 'isDenied', target: 'routing', description: 'No longer allowed.' },
                  { guard: 'followsSession', target: 'routing', description: 'It starts again.' },
                ],
                'tenant.changed': {
                  guard: 'isDenied',
                  target: 'routing',
                  description: 'Onboarding.',
                },
                'xstate.done.actor.*': {
                  actions: 'forwardFlowOutput',
                  description: "A flow's actor ended: its output, as a protocol event.",
                },
                'flow.sessionEstablished': {
                  actions: { type: 'establishSession', params: ({ event }) => event.session },
                  description: 'A login or signup stores the session.',
                },
                'flow.navigate': {
                  actions: { type: 'navigate', params: ({ event }) => rules.navigationOf(event) },
                  description: 'The flow goes elsewhere.',
                },
                'flow.signOut': { actions: 'signOut', description: 'The flow signs out.' },
                'flow.switchOrganisation': {
                  actions: { type: 'switchOrganisation', params: ({ event }) => event.tenantId },
                  description:
                    'Spec §4 Organisation creation: on success, switch to the new tenant.',
                },
                'flow.refreshSession': {
                  actions: { type: 'refreshSession', params: ({ event }) => event.redirectTo },
                  description: 'The flow refreshes the session (maybe to a redirect).',
                },
              },
            },
            leaving: { description: 'Navigating away; the next route starts routing again.' },
            failed: {
              description: "The flow's code could not be loaded: an error with 'Reload Page'.",
              on: { retry: { target: 'loading', description: 'Load it again.' } },
            },
            unmatched: { description: 'No flow claims the path.' },
          },
        },
      },
    },
  },
});
