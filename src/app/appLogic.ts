import { fromCallback, fromPromise } from 'xstate';
import type { AuthSession, SessionData } from '../../contract/auth';
import type { Configuration } from '../../contract/configuration';
import { appMachine } from '../machines/appMachine';
import { configMachine } from '../machines/configMachine';
import { impersonationEndPath, type StartFlow } from '../machines/flows';
import {
  refreshDelayMs,
  sessionMachine,
  type EstablishedSession,
  type RefreshInput,
  type SessionEvent,
} from '../machines/sessionMachine';
import { subscriptionMachine } from '../machines/subscriptionMachine';
import type { AnyFlowDefinition, FlowEntry, FlowServices } from '../shared/flow';
import { established } from '../shared/session';
import { loadConfiguration } from '../services/api/configuration';
import {
  subscribeToAuthSessionChanges,
  waitForStoredSession,
  withRefreshLock,
} from '../services/sessionSync';
import type { ThirdParties } from '../services/thirdParty';
import type { Services } from './services';

export interface AppEffects {
  /** Client-side navigation inside the app (history replace for redirects). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** A full page load (after a session refresh with a redirect target). */
  loadPage(to: string): void;
  /** Where failures that are only logged go. */
  logError(message: string, error: unknown): void;
  /** Removes a query parameter from the address bar without a navigation (history replace). */
  removeQueryParam(name: string): void;
  /** This site's origin, for the links the server mails (e.g. the password-reset page). */
  origin(): string;
}

/** How long a tab that waited on another tab's refresh waits for its session to arrive. */
const OTHER_TAB_WAIT_MS = 2_000;

function fromSessionData(data: SessionData): AuthSession {
  return {
    jwtToken: data.jwtToken,
    expiresAt: Date.now() + data.jwtTokenExpiresIn * 1000,
    refreshTokenExpiresAt: data.refreshTokenExpiresAt,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFlowEntry = FlowEntry<any, any>;

/**
 * The flows' entries, loaded on demand (each flow's chunk once) and built once with the
 * services; the app machine starts a flow from its entry and the outlet renders its Screen.
 */
export function createFlowEntries(registry: readonly AnyFlowDefinition[], services: FlowServices) {
  const entries = new Map<string, Promise<AnyFlowEntry>>();
  const loaded = new Map<string, AnyFlowEntry>();
  const load = (flowId: string): Promise<AnyFlowEntry> => {
    const definition = registry.find((flow) => flow.id === flowId);
    if (!definition) return Promise.reject(new Error(`No flow '${flowId}' in the registry`));
    let entry = entries.get(flowId);
    if (!entry) {
      entry = definition.load().then((module) => {
        const built = module.default(services);
        loaded.set(flowId, built);
        return built;
      });
      // A chunk that failed to load is fetched again on the next try.
      entry.catch(() => entries.delete(flowId));
      entries.set(flowId, entry);
    }
    return entry;
  };
  return { load, get: (flowId: string) => loaded.get(flowId) ?? null };
}

export type FlowEntries = ReturnType<typeof createFlowEntries>;

/**
 * The composition root of the long-lived statecharts: every named actor, action and delay of the
 * app, config, session and subscription machines gets its real implementation here; each flow's
 * entry provides its own (architecture.md §3).
 */
export function createAppLogic(
  services: Services,
  effects: AppEffects,
  registry: readonly AnyFlowDefinition[],
  // The adapters' code loads on its own, beside the landing page's (tests give stand-ins), and
  // so does the URL redaction the session recording is given.
  loadThirdParties: (configuration: Configuration) => Promise<ThirdParties> = (configuration) =>
    Promise.all([import('../services/thirdParty'), import('./redact')]).then(
      ([module, { redactUrl }]) =>
        module.createThirdParties(configuration, services.http, { redactUrl }),
    ),
) {
  const { storage, auth, tenants, http } = services;
  const fromResponse = (data: SessionData): EstablishedSession =>
    established(fromSessionData(data));

  // The third parties (captcha, sign-in provider), as the configuration says: the real adapters
  // when it carries their keys, the development stand-ins of the reference server otherwise.
  // They load once, when a flow first asks for them or when the start-up asks (start.ts: once
  // the first screen is shown, so that neither their code nor the vendors' scripts compete with
  // the landing page's for the network before its first render).
  let thirdParties: Promise<ThirdParties> | null = null;
  let configuration: Configuration | null = null;
  const startThirdParties = (): Promise<ThirdParties> => {
    if (!configuration) throw new Error('The configuration has not loaded yet');
    thirdParties ??= loadThirdParties(configuration);
    return thirdParties;
  };
  const flowServices: FlowServices = {
    http,
    storage,
    configuration: () => {
      if (!configuration) throw new Error('The configuration has not loaded yet');
      return configuration;
    },
    thirdParties: startThirdParties,
    logError: effects.logError,
    removeQueryParam: effects.removeQueryParam,
    loadPage: effects.loadPage,
    origin: effects.origin,
    // The session the session machine stored (every tab shares it), read from its token.
    currentUser: () => {
      const stored = storage.readAuthSession();
      return stored ? established(stored).user : null;
    },
  };
  const entries = createFlowEntries(registry, flowServices);

  const config = configMachine.provide({
    actors: {
      // The page's copy of the configuration when it has one (the server puts it into
      // index.html), else GET /api/configuration.
      fetchConfiguration: fromPromise(async () => {
        const loaded = await loadConfiguration(http);
        configuration = loaded;
        return loaded;
      }),
    },
  });

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
      stopImpersonating: fromPromise(async () => fromResponse(await auth.stopImpersonating())),
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
    delays: {
      refreshDue: ({ context }) => refreshDelayMs(context.authSession, Date.now()),
    },
    actions: {
      persistSession: (_, s) => {
        storage.writeAuthSession(s.authSession);
      },
      removeStoredSession: () => storage.clearSignOutKeys(),
      followRedirect: (_, to) => effects.loadPage(to),
      goHome: () => effects.navigate('/'),
      goToAdminUsers: () => effects.navigate(impersonationEndPath(registry)),
    },
  });

  const subscription = subscriptionMachine.provide({
    actors: {
      getCurrentTenantStatus: fromPromise(async () => ({
        status: await tenants.getCurrentTenantStatus(),
        at: Date.now(),
      })),
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

  const logic = appMachine.provide({
    actors: {
      config,
      session,
      subscription,
      loadFlow: fromPromise<StartFlow, { flowId: string }>(async ({ input }) => {
        const entry = await entries.load(input.flowId);
        return (flowInput, signedIn) => entry.start(flowInput, signedIn);
      }),
    },
    actions: {
      navigate: (_, { to, replace }) => effects.navigate(to, { replace }),
      removeQueryParams: (_, names) => {
        for (const name of names) effects.removeQueryParam(name);
      },
    },
  });
  return { logic, entries, startThirdParties };
}
