import type { AnyActorLogic, InputFrom, OutputFrom } from 'xstate';
import type { Configuration } from '../../contract/configuration';
import { UserRole } from '../../contract/enums';
import type { EstablishedSession } from './sessionMachine';

/**
 * What the app machine knows of a flow (architecture.md §3 "The app machine and the flow registry"):
 * its routes and rules, pure data and pure functions, so the app machine decides every redirect
 * from them. Each feature's `<flow>.flow.ts` adds `load` (its lazy entry) to these rules.
 */

/**
 * Spec §2.1 layouts. 'landing': the public layout signed out, the app layout signed in. 'admin':
 * the app layout with the admin area's side menu (spec §2.3 Admin), whose items are the routes
 * that carry an `adminMenu`.
 */
export type FlowLayout = 'public' | 'fullPage' | 'app' | 'admin' | 'landing' | 'none';

/**
 * Spec §6: anyone; a signed-in Administrator or User (every app screen); an Administrator
 * (/users, /admin); an Administrator who is a host (the admin section). Two more for onboarding
 * (spec §2.1, §2.3 Landing and Onboarding):
 * - `landing`: anyone, but a signed-in person whose organisation is onboarding is sent to
 *   /onboarding (the landing page shows the onboarding flow); it does not wait for the tenant's
 *   status, so nobody else waits for the feed;
 * - `onboarding`: a signed-in person whose organisation is onboarding; once its status says
 *   onboarding is finished, they are sent to /.
 * And `anyone`: anyone, once the session is known, for a page that shows a visitor one thing and
 * a signed-in person more (spec §2.1 full-page /data-privacy: the data privacy information for
 * whoever opens it, the account actions for a signed-in person); the flow is not started again
 * when the session changes (a deletion's confirmation stays on screen as the person is signed
 * out).
 */
export type FlowAccess = 'public' | 'anyone' | 'landing' | 'onboarding' | 'user' | 'admin' | 'host';

export interface FlowRoute {
  /** '/login', '/activate/:key' (a segment of its own), or '*': any path no other route claims. */
  path: string;
  layout: FlowLayout;
  /** The page title after the site name (spec §2.1). */
  title: string;
  /** Overrides the flow's access for this route (the landing page is public, /feed is not). */
  access?: FlowAccess;
  /**
   * The route's item in the admin area's side menu (layout 'admin'): its label, and its place
   * (lower first). The menu is derived from these, so a new admin flow brings its own item.
   */
  adminMenu?: { label: string; order: number };
  /**
   * Spec §2.3 Admin: the page a host comes back to when they stop impersonating (the session's
   * goToAdminUsers). One route of the registry says so; the app reads it, not the flow's path.
   */
  endsImpersonation?: boolean;
}

/** What a flow reads from its route when it starts. */
export interface FlowRouteContext {
  pathname: string;
  params: Readonly<Record<string, string>>;
  search: string;
  configuration: Configuration | null;
}

export interface FlowRules<TInput = unknown> {
  /** The flow's name (the registry's key; its actors carry systemIds of their own). */
  id: string;
  routes: readonly FlowRoute[];
  access: FlowAccess;
  /** Spec §2.1: visiting it, or any path that starts with its routes' paths, signs the user out. */
  signsOutOnVisit?: boolean;
  /**
   * Where a person who signs in while the flow runs is sent (spec §2.1: the auth screens send to
   * /feed; the login screen to /dashboard, or to the path the app layout remembered).
   */
  whenSignedIn?: { to: string; orRemembered?: boolean };
  /** Where the app goes once nobody is signed in (logout: /). */
  whenSignedOut?: string;
  /** Started again whenever the session changes, after it is known (the home's sample content). */
  followsSession?: boolean;
  /** Route params that are secrets (emailed keys): the inspector never sees them. */
  secretParams?: readonly string[];
  /**
   * The full-page layout's back arrow belongs to the flow (onboarding's steps): the app sends
   * its actors `layout.back` instead of going back in the browser's history.
   */
  handlesBack?: boolean;
  /** Query params the flow reads when it starts; the app then removes them from the address. */
  readsQuery?: readonly string[];
  /**
   * Query params that are secrets (a checkout session's id): the inspector never sees their
   * values, wherever a path or search with them appears.
   */
  secretQuery?: readonly string[];
  /** The flow's input, from its route. */
  input?: (route: FlowRouteContext) => TInput;
}

/** The small protocol by which flows speak to the app (never by reaching into it). */
export type FlowEvent =
  | { type: 'flow.sessionEstablished'; session: EstablishedSession }
  | { type: 'flow.navigate'; to: string; replace?: boolean }
  | { type: 'flow.signOut' }
  | { type: 'flow.refreshSession'; redirectTo?: string }
  /** The session moves to this organisation of the person's (e.g. one they just created). */
  | { type: 'flow.switchOrganisation'; tenantId: number };

/** One actor a flow runs: spawned with its key as id and systemId. */
export interface FlowActor<TLogic extends AnyActorLogic = AnyActorLogic> {
  logic: TLogic;
  input?: InputFrom<TLogic>;
  /** The protocol event the app receives when the actor ends (e.g. a login's session). */
  onDone?: (output: OutputFrom<TLogic>) => FlowEvent;
}

export type FlowActors = Record<string, AnyActorLogic>;
export type FlowActorsStart<T extends FlowActors> = { [K in keyof T]: FlowActor<T[K]> };

/** Starts a loaded flow: its actors, given its input and whether someone is signed in. */
export type StartFlow = (
  input: unknown,
  session: { signedIn: boolean },
) => Record<string, FlowActor>;

export interface RouteMatch {
  flowId: string;
  route: FlowRoute;
  params: Record<string, string>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** The params of `pattern` in `pathname`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = actual[index] as string;
    if (!segment.startsWith(':')) {
      if (segment !== value) return null;
      continue;
    }
    try {
      params[segment.slice(1)] = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return params;
}

/**
 * The route of `pathname`: a route without params before one with params, and '*' (spec §2.1:
 * 'Any unknown path shows the landing page') only when nothing else matches. The order of the
 * registry does not matter: the registry's table test refuses two routes of one path.
 */
export function matchRoute(flows: readonly FlowRules[], pathname: string): RouteMatch | null {
  let best: (RouteMatch & { rank: number }) | null = null;
  for (const flow of flows) {
    for (const route of flow.routes) {
      const params = route.path === '*' ? {} : matchPath(route.path, pathname);
      if (!params) continue;
      const rank = route.path === '*' ? 0 : route.path.includes('/:') ? 1 : 2;
      if (!best || rank > best.rank) best = { flowId: flow.id, route, params, rank };
    }
  }
  if (!best) return null;
  const { rank: _rank, ...match } = best;
  return match;
}

/**
 * Spec §2.1: 'Visiting any path that starts with login, signup, … signs the user out.' The
 * prefixes are the sign-out flows' routes up to their first param (`/invitation/:key` gives
 * `/invitation`), so `/loginfoo` and `/signup/extra` sign out as `/login` and `/signup` do.
 */
export function signOutPrefixes(flows: readonly FlowRules[]): string[] {
  return flows
    .filter((flow) => flow.signsOutOnVisit)
    .flatMap((flow) => flow.routes.map((route) => route.path))
    .filter((path) => path !== '*')
    .map((path) => path.split('/:')[0]!.replace(/\/+$/, ''))
    .filter((prefix) => prefix !== '');
}

/** Whether visiting `pathname` signs the user out (spec §2.1, by prefix). */
export function signsOutAt(flows: readonly FlowRules[], pathname: string): boolean {
  return signOutPrefixes(flows).some((prefix) => pathname.startsWith(prefix));
}

export interface AccessState {
  auth: 'loading' | 'signedIn' | 'signedOut';
  role: UserRole | null;
  isHost: boolean;
  /** Whether a host is impersonating this user (the session user has an `impersonator`). */
  impersonating: boolean;
  /** The current tenant as the subscription poll last saw it. */
  tenant: 'unknown' | 'onboarding' | 'ready';
}

export type AccessDecision =
  { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string; remember: boolean };

/** The path a host returns to when an impersonation stops: the route that says so, else /. */
export function impersonationEndPath(flows: readonly FlowRules[]): string {
  const route = flows.flatMap((flow) => flow.routes).find((r) => r.endsImpersonation);
  return route?.path ?? '/';
}

export const LOGIN_PATH = '/login';
export const ONBOARDING_PATH = '/onboarding';
export const DASHBOARD_PATH = '/dashboard';

/** Spec §6: the roles an area allows: every app screen both, /users and /admin Administrators. */
export function rolesAllowed(access: FlowAccess): readonly UserRole[] {
  return access === 'user' || access === 'onboarding'
    ? [UserRole.User, UserRole.Administrator]
    : [UserRole.Administrator];
}

/**
 * Spec §2.1 and §6 guard rules: an unauthenticated user goes to /login and the path is
 * remembered; a role outside the area's list goes to / (a Standard User on /users or /admin*,
 * issue 34); the admin section (access 'host') sends an Administrator who is not a host to
 * /dashboard (spec §2.3 Admin: 'The admin layout redirects to /dashboard unless the user
 * isHost'; spec §6), and so does an impersonated session (the server refuses host calls while
 * impersonating); a tenant still onboarding goes to /onboarding.
 */
export function decideAccess(access: FlowAccess, state: AccessState): AccessDecision {
  if (access === 'public') return { kind: 'allow' };
  if (access === 'anyone') return state.auth === 'loading' ? { kind: 'wait' } : { kind: 'allow' };
  if (access === 'landing') {
    return state.auth === 'signedIn' && state.role !== null && state.tenant === 'onboarding'
      ? { kind: 'redirect', to: ONBOARDING_PATH, remember: false }
      : { kind: 'allow' };
  }
  if (state.auth === 'loading') return { kind: 'wait' };
  if (state.auth === 'signedOut' || state.role === null) {
    return { kind: 'redirect', to: LOGIN_PATH, remember: true };
  }
  if (!rolesAllowed(access).includes(state.role))
    return { kind: 'redirect', to: '/', remember: false };
  if (access === 'host' && (!state.isHost || state.impersonating)) {
    return { kind: 'redirect', to: DASHBOARD_PATH, remember: false };
  }
  if (state.tenant === 'unknown') return { kind: 'wait' };
  if (access === 'onboarding') {
    return state.tenant === 'onboarding'
      ? { kind: 'allow' }
      : { kind: 'redirect', to: '/', remember: false };
  }
  if (state.tenant === 'onboarding') {
    return { kind: 'redirect', to: ONBOARDING_PATH, remember: false };
  }
  return { kind: 'allow' };
}
