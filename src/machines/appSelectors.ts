import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './appMachine';
import { flowOf } from './appRules';

/** The app machine's selectors: what the shell shows (design.md §3: selectors decide). */
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
