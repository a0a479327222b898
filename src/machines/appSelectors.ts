import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './appMachine';
import { flowOf } from './appRules';
import type { FlowLayout } from './flows';

/** The app machine's selectors: what the shell shows (architecture.md §3: selectors decide). */
export type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectInitializing = (s: AppSnapshot) => s.matches('initializing');

/** What the flow outlet shows: a full-screen 'Loading...', the flow's loading, its screen... */
export type FlowStatus = 'waiting' | 'loading' | 'running' | 'failed' | 'unmatched';

const SHOWN_FLOW_STATES = ['running', 'loading', 'failed', 'unmatched'] as const;
/** Anything else is waiting: for the session, a redirect, a navigation away. */
export const selectFlowStatus = (s: AppSnapshot): FlowStatus =>
  SHOWN_FLOW_STATES.find((state) => s.matches({ running: { flow: state } })) ?? 'waiting';
export const selectRoute = (s: AppSnapshot) => s.context.route;
/** The path the app is at (changes on each navigation, not when the session re-routes). */
export const selectPathname = (s: AppSnapshot) => s.context.pathname;
export const selectFlowRefs = (s: AppSnapshot) => s.context.flowRefs;

/** The current flow owns the full-page layout's back arrow (it is sent `layout.back`). */
export const selectFlowHandlesBack = (s: AppSnapshot) => Boolean(flowOf(s.context)?.handlesBack);

/** What a running flow's actor would do with `layout.back` (its snapshot's `can`). */
export interface BackCapable {
  can?: (event: { type: 'layout.back' }) => boolean;
}

/** Whether one of the flow's actors takes `layout.back` now (onboarding above step 2). */
export const flowCanGoBack = (snapshots: readonly BackCapable[]): boolean =>
  snapshots.some((snapshot) => snapshot.can?.({ type: 'layout.back' }) === true);

/**
 * Spec §2.1 and §2.3 Onboarding: the full-page layout shows its back arrow unless the flow owns
 * it and has no step to go back to (onboarding's first step: the arrow never goes below step 2,
 * so it is hidden there rather than doing nothing).
 */
export const backArrowShown = (flowHandlesBack: boolean, flowCanGoBackNow: boolean): boolean =>
  !flowHandlesBack || flowCanGoBackNow;

/**
 * Where the back arrow goes: the flow's previous step when the flow owns it; else the previous
 * page when it is one of this site's; else / (a directly opened /login or /signup never leaves
 * the site).
 */
export const backTarget = (
  flowHandlesBack: boolean,
  canGoBackInApp: boolean,
): 'flow' | 'history' | 'home' => (flowHandlesBack ? 'flow' : canGoBackInApp ? 'history' : 'home');

/**
 * Spec §2.1 layouts, as shown: 'landing' is the app layout to a signed-in person and the public
 * one to a visitor; the app and admin layouts are only for a signed-in person, so nobody signed
 * in (a sign-out, until its redirect arrives) sees 'Loading...' instead.
 */
export type ShownLayout = Exclude<FlowLayout, 'landing'> | 'loading';
export function shownLayout(layout: FlowLayout, signedIn: boolean): ShownLayout {
  const shown = layout === 'landing' ? (signedIn ? 'app' : 'public') : layout;
  return (shown === 'app' || shown === 'admin') && !signedIn ? 'loading' : shown;
}

/**
 * What the flow outlet shows: a full-screen 'Loading...' while the app waits (for the session,
 * a redirect) or has no route; the error with 'Reload Page' when the flow's code failed to load or
 * no flow claims the path; the flow's screen once it runs with its code; else the route's layout
 * with a loading indicator.
 */
export type OutletContent = 'waiting' | 'error' | 'screen' | 'flowLoading';
export function outletContent(
  status: FlowStatus,
  hasRoute: boolean,
  loaded: boolean,
): OutletContent {
  if (status === 'waiting' || !hasRoute) return 'waiting';
  if (status === 'failed' || status === 'unmatched') return 'error';
  return status === 'running' && loaded ? 'screen' : 'flowLoading';
}

/** The error's 'Reload Page': a flow whose code failed loads again; an unknown path goes to /. */
export const errorRecovery = (status: FlowStatus): 'retry' | 'home' =>
  status === 'failed' ? 'retry' : 'home';
