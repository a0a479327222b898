import type { AnyActorLogic, AnyActorRef, DoneActorEvent } from 'xstate';
import type { Configuration } from '../../contract/configuration';
import type { UserRole } from '../../contract/enums';
import {
  decideAccess,
  type AccessState,
  type FlowEvent,
  type FlowRules,
  type RouteMatch,
  type StartFlow,
} from './flows';
import { selectAuthStatus, type EstablishedSession, type SessionSnapshot } from './sessionMachine';
import {
  selectIsOnboarding,
  selectStatusKnown,
  type SubscriptionSnapshot,
} from './subscriptionMachine';

/**
 * The app machine's types and the pure rules its guards and actions apply (architecture.md §3): which
 * flow and route are current, what the access rules decide, what a flow starts with.
 */

export interface AppUser {
  id: number;
  tenantId: number;
  role: UserRole;
  isHost: boolean;
  /** Whether a host is impersonating this user. */
  impersonating: boolean;
}

export interface AppInput {
  pathname: string;
  /** The query string ('?error=…') the page was opened with. */
  search?: string;
  /** Whether this browser session carries the subscription-expired flag. */
  expiredFlag: boolean;
  /** The flow registry's rules (src/app/flowRegistry.ts). */
  flows: readonly FlowRules[];
}

export interface AppContext {
  flows: readonly FlowRules[];
  configuration: Configuration | null;
  pathname: string;
  search: string;
  /** The path (and query) the app layout remembered when it sent an unauthenticated user to /login. */
  returnTo: string | null;
  expiredFlag: boolean;
  auth: AccessState['auth'];
  user: AppUser | null;
  tenant: AccessState['tenant'];
  /** The route of the current path and the flow that owns it. */
  route: RouteMatch | null;
  /** The running flow's actors, by systemId (also their id); and what each one's end tells the app. */
  flowRefs: Readonly<Record<string, AnyActorRef>>;
  flowDone: Readonly<Record<string, (output: never) => FlowEvent>>;
  /** The flows whose code has loaded, by flow id. */
  loaded: Readonly<Record<string, StartFlow>>;
}

export type AppEvent =
  | { type: 'route.changed'; pathname: string; search?: string }
  | { type: 'auth.signedIn'; user: AppUser }
  | { type: 'auth.signedOut' }
  | { type: 'auth.loading' }
  | { type: 'session.changed' }
  | { type: 'tenant.changed' }
  | { type: 'retry' }
  /** The organisation switcher (account settings menu, account area): one of the person's. */
  | { type: 'organisation.switch'; tenantId: number }
  | FlowEvent
  | DoneActorEvent;

/** Maps the session's snapshot to the app's view of authentication. */
export function authEventFrom(snapshot: SessionSnapshot): AppEvent {
  const status = selectAuthStatus(snapshot);
  const user = snapshot.context.user;
  if (status === 'signedIn' && user) {
    return {
      type: 'auth.signedIn',
      user: {
        id: user.id,
        tenantId: user.currentTenant.id,
        role: user.userRole,
        isHost: user.isHost,
        impersonating: user.impersonator !== undefined,
      },
    };
  }
  return status === 'signedOut' ? { type: 'auth.signedOut' } : { type: 'auth.loading' };
}

export const flowOf = (context: AppContext) =>
  context.flows.find((f) => f.id === context.route?.flowId);
export const accessOf = (context: AppContext) =>
  decideAccess(context.route?.route.access ?? flowOf(context)?.access ?? 'public', {
    auth: context.auth,
    role: context.user?.role ?? null,
    isHost: context.user?.isHost ?? false,
    impersonating: context.user?.impersonating ?? false,
    tenant: context.tenant,
  });
export const tenantOf = (s: SubscriptionSnapshot): AccessState['tenant'] =>
  !selectStatusKnown(s) ? 'unknown' : selectIsOnboarding(s) ? 'onboarding' : 'ready';
export const redirectOf = (context: AppContext) => {
  const decision = accessOf(context);
  return { to: decision.kind === 'redirect' ? decision.to : '/', replace: true };
};
export const signedInTargetOf = (context: AppContext) => {
  const rule = flowOf(context)?.whenSignedIn;
  const to = rule?.orRemembered ? (context.returnTo ?? rule.to) : (rule?.to ?? '/');
  return { to, replace: false };
};
export const readQueryOf = (context: AppContext) => {
  const search = new URLSearchParams(context.search);
  return (flowOf(context)?.readsQuery ?? []).filter((name) => search.has(name));
};

/** The search without the query params the current flow read (they leave the address too). */
export function searchWithoutReadQuery(context: AppContext): string {
  const search = new URLSearchParams(context.search);
  for (const name of readQueryOf(context)) search.delete(name);
  const rest = search.toString();
  return rest ? `?${rest}` : '';
}

export type Spawn = (logic: AnyActorLogic, options: object) => AnyActorRef;

/**
 * Spawns the current flow's actors from its loaded code, each with its systemId as its id too,
 * so its end arrives as `xstate.done.actor.<systemId>` (the typed overload of spawn takes an id
 * only for the actors named in setup).
 */
export function spawnFlow(context: AppContext, spawn: Spawn): Partial<AppContext> {
  const flow = flowOf(context);
  const route = context.route;
  const start = context.loaded[route?.flowId ?? ''];
  if (!flow || !route || !start) return {};
  const input = flow.input?.({
    pathname: context.pathname,
    params: route.params,
    search: context.search,
    configuration: context.configuration,
  });
  const flowRefs: Record<string, AnyActorRef> = {};
  const flowDone: Record<string, (output: never) => FlowEvent> = {};
  for (const [id, actor] of Object.entries(
    start(input, { signedIn: context.auth === 'signedIn' }),
  )) {
    flowRefs[id] = spawn(actor.logic, { id, systemId: id, input: actor.input });
    if (actor.onDone) flowDone[id] = actor.onDone;
  }
  return { flowRefs, flowDone };
}

const DONE_PREFIX = 'xstate.done.actor.';

/** The protocol event a flow's ended actor gives the app (a login's session), if any. */
export function flowOutputEvent(context: AppContext, event: AppEvent): FlowEvent | null {
  if (!event.type.startsWith(DONE_PREFIX)) return null;
  const onDone = context.flowDone[event.type.slice(DONE_PREFIX.length)];
  return onDone ? onDone((event as DoneActorEvent).output as never) : null;
}

export function initialContext(input: AppInput): AppContext {
  return {
    flows: input.flows,
    configuration: null,
    pathname: input.pathname,
    search: input.search ?? '',
    returnTo: null,
    expiredFlag: input.expiredFlag,
    auth: 'loading',
    user: null,
    tenant: 'unknown',
    route: null,
    flowRefs: {},
    flowDone: {},
    loaded: {},
  };
}

/**
 * The path to remember when the guard sends an unauthenticated user to /login, with its query
 * string (/feed?new=… comes back as it was asked for).
 */
export function rememberedPathOf(context: AppContext): string | null {
  const decision = accessOf(context);
  return decision.kind === 'redirect' && decision.remember
    ? `${context.pathname}${context.search}`
    : context.returnTo;
}

export const signedOutTargetOf = (context: AppContext) => ({
  to: flowOf(context)?.whenSignedOut ?? '/',
  replace: false,
});

type Args = { context: AppContext };

/** The app machine's guards (named in its setup, shown in its diagram). */
export const appGuards = {
  isUnmatched: ({ context }: Args) => context.route === null,
  isLoaded: ({ context }: Args) => context.loaded[context.route?.flowId ?? ''] !== undefined,
  /** The access rules wait, or the flow follows a session that is still loading. */
  mustWait: ({ context }: Args) =>
    accessOf(context).kind === 'wait' ||
    (context.auth === 'loading' && Boolean(flowOf(context)?.followsSession)),
  isDenied: ({ context }: Args) => accessOf(context).kind === 'redirect',
  followsSession: ({ context }: Args) => Boolean(flowOf(context)?.followsSession),
  sendsSignedInAway: ({ context }: Args) =>
    context.auth === 'signedIn' && Boolean(flowOf(context)?.whenSignedIn),
  sendsSignedOutAway: ({ context }: Args) =>
    context.auth === 'signedOut' && Boolean(flowOf(context)?.whenSignedOut),
  /** Another user, tenant or role than the one the app knows. */
  isAnotherUser: ({ context }: Args, user: AppUser) =>
    context.user?.id !== user.id ||
    context.user.tenantId !== user.tenantId ||
    context.user.role !== user.role,
  /** An organisation other than the current one: choosing the current one changes nothing. */
  isOtherOrganisation: ({ context }: Args, tenantId: number) =>
    context.user !== null && context.user.tenantId !== tenantId,
};

export const navigationOf = (event: { to: string; replace?: boolean }) => ({
  to: event.to,
  replace: event.replace ?? false,
});

export const subscriptionInputOf = (context: AppContext) => ({
  userId: context.user?.id ?? 0,
  expiredFlag: context.expiredFlag,
});

/** What the app tells the session actor for the flow protocol's session events. */
export const sessionEstablished = (session: EstablishedSession) => ({
  type: 'session.established' as const,
  session,
});
export const sessionSwitchTenant = (tenantId: number) => ({
  type: 'session.switchTenant' as const,
  tenantId,
});
export const sessionRefresh = (redirectTo?: string) => ({
  type: 'session.refresh' as const,
  redirectTo,
});

/** The loaded flows, with the current route's flow's code added. */
export const withLoaded = (context: AppContext, start: StartFlow) => ({
  loaded: { ...context.loaded, [context.route?.flowId ?? '']: start },
});
