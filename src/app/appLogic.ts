import { fromCallback, fromPromise } from 'xstate';
import type { AuthSession, SessionData } from '../../contract/auth';
import { appMachine } from '../machines/appMachine';
import { configMachine } from '../machines/configMachine';
import { loginMachine } from '../machines/loginMachine';
import {
  refreshDelayMs,
  sessionMachine,
  type EstablishedSession,
  type RefreshInput,
  type SessionEvent,
} from '../machines/sessionMachine';
import { subscriptionMachine } from '../machines/subscriptionMachine';
import { fetchConfiguration } from '../services/api/configuration';
import {
  subscribeToAuthSessionChanges,
  waitForStoredSession,
  withRefreshLock,
} from '../services/sessionSync';
import { userFromToken } from '../services/token';
import type { Services } from './services';

export interface AppEffects {
  /** Client-side navigation inside the app. */
  navigate(to: string): void;
  /** A full page load (after a session refresh with a redirect target). */
  loadPage(to: string): void;
  /** Where failures that are only logged go. */
  logError(message: string, error: unknown): void;
}

/** How long a tab that waited on another tab's refresh waits for its session to arrive. */
const OTHER_TAB_WAIT_MS = 2_000;

function established(authSession: AuthSession): EstablishedSession {
  return { authSession, user: userFromToken(authSession.jwtToken) };
}

function fromSessionData(data: SessionData): AuthSession {
  return {
    jwtToken: data.jwtToken,
    expiresAt: Date.now() + data.jwtTokenExpiresIn * 1000,
    refreshTokenExpiresAt: data.refreshTokenExpiresAt,
  };
}

/**
 * The composition root of the statecharts: every named actor, action and delay that the
 * machines declare gets its real implementation here (design.md §3).
 */
export function createAppLogic(services: Services, effects: AppEffects) {
  const { storage, auth, tenants, http } = services;

  const fromResponse = (data: SessionData): EstablishedSession =>
    established(fromSessionData(data));

  const session = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        const stored = storage.readAuthSession();
        return stored ? established(stored) : null;
      }),
      refreshSession: fromPromise<EstablishedSession, RefreshInput>(({ input }) =>
        withRefreshLock(async (contended) => {
          // One refresh serves every tab: a newer session another tab stored (or is storing,
          // when it held the lock as this tab asked) is adopted instead of refreshing again.
          const isNewer = (s: AuthSession) =>
            s.expiresAt > (input.expiresAt ?? 0) && refreshDelayMs(s, Date.now()) > 0;
          const read = () => storage.readAuthSession();
          const stored = contended
            ? await waitForStoredSession(read, isNewer, OTHER_TAB_WAIT_MS)
            : read();
          if (stored && isNewer(stored)) return established(stored);
          // Stored before the lock is released, so the next tab in line finds it.
          const refreshed = fromResponse(
            await auth.refreshToken({ switchToCurrent: input.switchToCurrent }),
          );
          storage.writeAuthSession(refreshed.authSession);
          return refreshed;
        }),
      ),
      switchTenant: fromPromise<EstablishedSession, { tenantId: number }>(async ({ input }) =>
        fromResponse(await auth.switchTenant({ id: input.tenantId })),
      ),
      revokeToken: fromPromise(() => auth.revokeToken()),
      watchOtherTabs: fromCallback<SessionEvent>(({ sendBack }) =>
        subscribeToAuthSessionChanges((change) => {
          if (change.type === 'cleared') sendBack({ type: 'session.syncCleared' });
          else {
            sendBack({
              type: 'session.syncStored',
              session: { authSession: change.session, user: change.user },
            });
          }
        }),
      ),
    },
    actions: {
      persistSession: (_, s) => {
        storage.writeAuthSession(s.authSession);
      },
      removeStoredSession: () => storage.clearSignOutKeys(),
      followRedirect: (_, to) => effects.loadPage(to),
    },
  });

  const subscription = subscriptionMachine.provide({
    actors: {
      getCurrentTenantStatus: fromPromise(() => tenants.getCurrentTenantStatus()),
    },
    actions: {
      setExpiredFlag: () => storage.subscriptionExpired.set(),
      clearExpiredFlag: () => storage.subscriptionExpired.clear(),
      resetOnboardingStep: (_, userId) => storage.onboardingStep.set(userId, 2),
      goHome: () => effects.navigate('/'),
      logLoadError: (_, error) =>
        effects.logError('Failed to fetch tenant status information', error),
    },
  });

  const config = configMachine.provide({
    actors: { fetchConfiguration: fromPromise(() => fetchConfiguration(http)) },
  });

  const loginForm = loginMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => fromResponse(await auth.login(input))),
    },
  });

  return appMachine.provide({
    actors: { config, session, subscription, loginForm },
    actions: { navigate: (_, to) => effects.navigate(to) },
  });
}
