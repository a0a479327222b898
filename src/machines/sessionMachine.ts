import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AuthSession, Impersonator, User } from '../../contract/auth';
import { notProvided } from './notProvided';

/** Spec §4 Session / §9: refresh about two minutes before expiry (exp − 60 s − 60 s). */
export const REFRESH_MARGIN_MS = 60_000 + 60_000;
/** Longest delay a browser timer accepts. */
const MAX_TIMER_MS = 2_147_483_647;

/** A stored session: the token and refresh data, with the user built from the token. */
export interface EstablishedSession {
  authSession: AuthSession;
  user: User;
}

export interface SessionContext {
  authSession: AuthSession | null;
  user: User | null;
  /** Where to go, with a full page load, after the requested refresh. */
  redirectTo: string | null;
  switchToCurrent: boolean;
  tenantId: number | null;
}

export type SessionEvent =
  | { type: 'session.established'; session: EstablishedSession }
  | { type: 'session.refresh'; redirectTo?: string; switchToCurrent?: boolean }
  | { type: 'session.switchTenant'; tenantId: number }
  | { type: 'session.signOut' }
  /** The impersonation banner's Stop: back to the host's own session. */
  | { type: 'session.stopImpersonating' }
  | { type: 'session.syncStored'; session: EstablishedSession }
  | { type: 'session.syncCleared' };

/**
 * What the refresh actor needs: when this tab's token expires, so that a newer session another
 * tab stored meanwhile is adopted instead of spending the refresh token twice.
 */
export interface RefreshInput {
  switchToCurrent: boolean;
  expiresAt: number | null;
}

/** Milliseconds until the refresh is due: expiry − 60 s − 60 s, never negative. */
export function refreshDelayMs(authSession: AuthSession | null, nowMs: number): number {
  if (!authSession) return 0;
  return Math.min(MAX_TIMER_MS, Math.max(0, authSession.expiresAt - REFRESH_MARGIN_MS - nowMs));
}

/** The new session a call answered is kept and stored (every tab follows). */
const storedOutput = [
  {
    type: 'assignSession' as const,
    params: ({ event }: { event: { output: EstablishedSession } }) => event.output,
  },
  {
    type: 'persistSession' as const,
    params: ({ event }: { event: { output: EstablishedSession } }) => event.output,
  },
];

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<EstablishedSession | null>(async () =>
      notProvided('restoreSession'),
    ),
    refreshSession: fromPromise<EstablishedSession, RefreshInput>(async () =>
      notProvided('refreshSession'),
    ),
    switchTenant: fromPromise<EstablishedSession, { tenantId: number }>(async () =>
      notProvided('switchTenant'),
    ),
    revokeToken: fromPromise<void>(async () => notProvided('revokeToken')),
    stopImpersonating: fromPromise<EstablishedSession>(async () =>
      notProvided('stopImpersonating'),
    ),
    watchOtherTabs: fromCallback<SessionEvent>(() => notProvided('watchOtherTabs')),
  },
  delays: {
    /**
     * Until the refresh: about two minutes before the token expires (refreshDelayMs). The clock
     * is the composition root's: it provides this delay with refreshDelayMs and the time now.
     */
    refreshDue: () => notProvided('refreshDue'),
  },
  guards: {
    hasStoredSession: (_, session: EstablishedSession | null) => session !== null,
    hasRedirect: ({ context }) => context.redirectTo !== null,
    isImpersonating: ({ context }) => context.user?.impersonator !== undefined,
  },
  actions: {
    assignSession: assign((_, session: EstablishedSession) => ({
      authSession: session.authSession,
      user: session.user,
      redirectTo: null,
      switchToCurrent: false,
      tenantId: null,
    })),
    clearSession: assign({
      authSession: null,
      user: null,
      redirectTo: null,
      switchToCurrent: false,
      tenantId: null,
    }),
    assignRefreshRequest: assign(
      (_, request: { redirectTo?: string; switchToCurrent?: boolean }) => ({
        redirectTo: request.redirectTo ?? null,
        switchToCurrent: request.switchToCurrent ?? false,
      }),
    ),
    assignTenantRequest: assign((_, tenantId: number) => ({ tenantId })),
    /** Writes the session to browser storage under authSession. */
    persistSession: (_, _session: EstablishedSession) => notProvided('persistSession'),
    /** Removes authSession, user and passwordReset from browser storage. */
    removeStoredSession: () => notProvided('removeStoredSession'),
    /** Follows the caller's redirect target with a full page load. */
    followRedirect: (_, _to: string) => notProvided('followRedirect'),
    /** Client-side navigation to the home, /, after a tenant switch. */
    goHome: () => notProvided('goHome'),
    /** Client-side navigation to the admin users page, where an impersonation starts. */
    goToAdminUsers: () => notProvided('goToAdminUsers'),
  },
}).createMachine({
  id: 'session',
  description:
    'Spec §4 Session: loading, then signed in or signed out. A stored session is restored on start; login, signup, third-party login, invitation acceptance, tenant switch or token refresh store the session; a failed refresh or tenant switch, or a sign-out, revokes the token and clears the session.',
  context: {
    authSession: null,
    user: null,
    redirectTo: null,
    switchToCurrent: false,
    tenantId: null,
  },
  invoke: {
    id: 'watchOtherTabs',
    src: 'watchOtherTabs',
    description:
      'Several tabs share one session: a session stored or cleared in another tab applies here too.',
  },
  on: {
    'session.signOut': {
      target: '.signingOut',
      description: 'Sign-out (also on visiting an auth path).',
    },
  },
  initial: 'restoring',
  states: {
    restoring: {
      description:
        'Loading: the stored session (browser storage key authSession) is restored on start.',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: {
              type: 'assignSession',
              params: ({ event }) => event.output as EstablishedSession,
            },
            description: 'A valid stored session was found.',
          },
          { target: 'signedOut', description: 'No stored session.' },
        ],
        onError: {
          target: 'signedOut',
          actions: 'removeStoredSession',
          description: 'A malformed stored session starts the app signed out.',
        },
      },
    },
    signedIn: {
      description: 'Signed in; a refresh is scheduled about two minutes before the token expires.',
      tags: ['signedIn'],
      after: {
        refreshDue: {
          target: 'refreshing',
          description: 'Token refresh: exp minus 60 s, minus a further 60 s.',
        },
      },
      on: {
        'session.refresh': {
          target: 'refreshing',
          actions: { type: 'assignRefreshRequest', params: ({ event }) => event },
          description: 'A caller asks for a refresh, optionally with a redirect target.',
        },
        'session.switchTenant': {
          target: 'switchingTenant',
          actions: { type: 'assignTenantRequest', params: ({ event }) => event.tenantId },
          description: 'Switch to another organisation.',
        },
        'session.stopImpersonating': {
          guard: 'isImpersonating',
          target: 'stoppingImpersonation',
          description:
            "A host viewing the product as another user (auth/impersonate) stops: back to the host's own session.",
        },
        'session.established': {
          target: 'signedIn',
          reenter: true,
          actions: [
            { type: 'assignSession', params: ({ event }) => event.session },
            { type: 'persistSession', params: ({ event }) => event.session },
          ],
          description: 'A new session replaces the current one and is stored.',
        },
        'session.syncStored': {
          target: 'signedIn',
          reenter: true,
          actions: { type: 'assignSession', params: ({ event }) => event.session },
          description: 'Another tab refreshed or replaced the session: adopt it.',
        },
        'session.syncCleared': {
          target: 'signedOut',
          actions: 'clearSession',
          description: 'Another tab signed out: this tab is signed out too.',
        },
      },
    },
    refreshing: {
      description: 'POST /auth/refreshToken; one refresh serves every tab.',
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        input: ({ context }) => ({
          switchToCurrent: context.switchToCurrent,
          expiresAt: context.authSession?.expiresAt ?? null,
        }),
        onDone: [
          {
            guard: 'hasRedirect',
            target: 'signedIn',
            actions: [
              {
                type: 'followRedirect',
                params: ({ context }) => context.redirectTo ?? '/',
              },
              ...storedOutput,
            ],
            description: 'Refreshed; the redirect target is followed with a full page load.',
          },
          {
            target: 'signedIn',
            actions: [...storedOutput],
            description: 'Refreshed: the new session is stored.',
          },
        ],
        onError: {
          target: 'signingOut',
          description: 'A failed refresh signs the user out.',
        },
      },
      on: {
        'session.syncCleared': {
          target: 'signedOut',
          actions: 'clearSession',
          description: 'Another tab signed out meanwhile.',
        },
      },
    },
    switchingTenant: {
      description: 'POST /auth/switchTenant (id).',
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'switchTenant',
        src: 'switchTenant',
        input: ({ context }) => ({ tenantId: context.tenantId ?? 0 }),
        onDone: {
          target: 'signedIn',
          actions: [...storedOutput, 'goHome'],
          description:
            'Switched: the new session is stored (every tab follows) and the person goes to the home of the organisation.',
        },
        onError: {
          target: 'signingOut',
          description: 'A failed tenant switch signs the user out.',
        },
      },
    },
    stoppingImpersonation: {
      description:
        "POST /auth/stopImpersonating: the impersonated session ends and the host's own one comes back, without signing in again. In the session machine because it replaces the session (and its refresh cookie) like a refresh or a tenant switch, and must never run beside one.",
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'stopImpersonating',
        src: 'stopImpersonating',
        onDone: {
          target: 'signedIn',
          actions: [...storedOutput, 'goToAdminUsers'],
          description:
            "The host's own session is stored (every tab follows) and the host is back on the admin users page.",
        },
        onError: {
          target: 'signingOut',
          description: 'A failed stop signs out: the impersonated session is not kept.',
        },
      },
    },
    signingOut: {
      description:
        'Revokes the token (POST /auth/revokeToken) and clears the session: authSession, user and passwordReset are removed from storage.',
      tags: ['busy'],
      entry: ['clearSession', 'removeStoredSession'],
      on: {
        'session.signOut': { description: 'Already signing out.' },
      },
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        onDone: { target: 'signedOut', description: 'Token revoked.' },
        onError: {
          target: 'signedOut',
          description: 'Signed out locally even when the revoke call fails.',
        },
      },
    },
    signedOut: {
      description: 'Signed out: a visitor without a user.',
      tags: ['signedOut'],
      on: {
        'session.established': {
          target: 'signedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => event.session },
            { type: 'persistSession', params: ({ event }) => event.session },
          ],
          description:
            'Login, signup, third-party login or invitation acceptance stores the session.',
        },
        'session.syncStored': {
          target: 'signedIn',
          actions: { type: 'assignSession', params: ({ event }) => event.session },
          description: 'Another tab signed in.',
        },
        'session.signOut': {
          description: 'Already signed out: nothing to revoke.',
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export const selectUser = (s: SessionSnapshot): User | null => s.context.user;
export const selectAuthStatus = (s: SessionSnapshot): AuthStatus =>
  s.hasTag('signedIn') ? 'signedIn' : s.hasTag('signedOut') ? 'signedOut' : 'loading';

/** The host viewing the product as the signed-in user (the banner), or null. */
export const selectImpersonator = (s: SessionSnapshot): Impersonator | null =>
  s.context.user?.impersonator ?? null;
/** Stop was pressed and the host's session is on its way. */
export const selectStoppingImpersonation = (s: SessionSnapshot): boolean =>
  s.matches('stoppingImpersonation');
