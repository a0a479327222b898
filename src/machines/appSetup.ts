import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { Configuration } from '../../contract/configuration';
import * as rules from './appRules';
import type { AppContext, AppEvent, AppInput, AppUser } from './appRules';
import { configMachine } from './configMachine';
import { matchRoute, signsOutAt, type StartFlow } from './flows';
import { notProvided } from './notProvided';
import { sessionMachine, type EstablishedSession } from './sessionMachine';
import { subscriptionMachine, type SubscriptionSnapshot } from './subscriptionMachine';

/**
 * The app machine's implementations: its types, child machines, guards (appRules) and actions.
 * The statechart itself is appMachine.ts; the app provides navigate, removeQueryParams and
 * loadFlow (appLogic.ts).
 */
export const appSetup = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    children: {} as { config: 'config'; session: 'session'; subscription: 'subscription' },
  },
  actors: {
    config: configMachine,
    session: sessionMachine,
    subscription: subscriptionMachine,
    loadFlow: fromPromise<StartFlow, { flowId: string }>(async () => notProvided('loadFlow')),
  },
  guards: rules.appGuards,
  actions: {
    assignConfiguration: assign((_, configuration: Configuration) => ({ configuration })),
    assignLocation: assign((_, location: { pathname: string; search?: string }) => ({
      pathname: location.pathname,
      search: location.search ?? '',
    })),
    assignUser: assign((_, user: AppUser) => ({ user, auth: 'signedIn' as const })),
    assignSignedOut: assign({ user: null, auth: 'signedOut' as const }),
    assignAuthLoading: assign({ auth: 'loading' as const }),
    noteSubscription: enqueueActions(({ context, enqueue }, snapshot: SubscriptionSnapshot) => {
      const tenant = rules.tenantOf(snapshot);
      enqueue.assign({ expiredFlag: snapshot.context.expiredFlag, tenant });
      if (tenant !== context.tenant) enqueue.raise({ type: 'tenant.changed' });
    }),
    assignRoute: assign(({ context }) => ({ route: matchRoute(context.flows, context.pathname) })),
    signOutOnVisit: enqueueActions(({ context, enqueue }) => {
      if (signsOutAt(context.flows, context.pathname))
        enqueue.sendTo('session', { type: 'session.signOut' });
    }),
    rememberPathIfAsked: assign(({ context }) => ({ returnTo: rules.rememberedPathOf(context) })),
    assignLoaded: assign(({ context }, start: StartFlow) => rules.withLoaded(context, start)),
    startFlow: assign(({ context, spawn }) => rules.spawnFlow(context, spawn as rules.Spawn)),
    stopFlow: enqueueActions(({ context, enqueue }) => {
      for (const ref of Object.values(context.flowRefs)) enqueue.stopChild(ref);
      enqueue.assign({ flowRefs: {}, flowDone: {} });
    }),
    forgetReadQuery: assign(({ context }) => ({ search: rules.searchWithoutReadQuery(context) })),
    forwardFlowOutput: enqueueActions(({ context, event, enqueue }) => {
      const flowEvent = rules.flowOutputEvent(context, event);
      if (flowEvent) enqueue.raise(flowEvent);
    }),
    forgetRememberedPath: assign({ returnTo: null }),
    signOut: sendTo('session', { type: 'session.signOut' }),
    establishSession: sendTo('session', (_, session: EstablishedSession) =>
      rules.sessionEstablished(session),
    ),
    refreshSession: sendTo('session', (_, redirectTo: string | undefined) =>
      rules.sessionRefresh(redirectTo),
    ),
    switchOrganisation: sendTo('session', (_, tenantId: number) =>
      rules.sessionSwitchTenant(tenantId),
    ),
    /** Client-side navigation to a path of the app (history replace for redirects). */
    navigate: (_, _to: { to: string; replace: boolean }) => notProvided('navigate'),
    /** Removes query parameters from the address bar without a navigation. */
    removeQueryParams: (_, _names: string[]) => notProvided('removeQueryParams'),
  },
});
