import type { AnyStateNode, InspectionEvent } from 'xstate';

/**
 * What the real browser reaches (issue 33, deliverable 3): in the build for the e2e tests only
 * (`vite build --mode e2e`, src/app/start.ts), an inspection observer records, for every actor
 * whose logic is a state machine, the state nodes it is in and the transitions it takes, keyed
 * by the machine's id. The production build has none of this module.
 *
 * The keys are the path coverage's (tests/support/pathHarness.ts): a state is its StateNode id, a
 * transition is `${source id} | ${event type or '(always)'} | #${position}`, so the e2e figures
 * (reports/paths/e2e.json) compare with the unit ones.
 */

/** What one machine reached: state node ids and transition keys, in the order first reached. */
export interface MachineReach {
  states: string[];
  transitions: string[];
}

/** Every machine's reach, by machine id (`window.__givedropReach`). */
export type Reach = Record<string, MachineReach>;

/** Newly reached state ids and transition keys (what a report call sends). */
export interface ReachBatch {
  machine: string;
  states: string[];
  transitions: string[];
}

/** The e2e run's binding (tests/e2e/reachFixture.ts) that takes each batch as it happens. */
export const REACH_BINDING = '__givedropReachReport' satisfies keyof Window;

interface TransitionLike {
  source: AnyStateNode;
  eventType: string;
}

/** The path coverage's key of a transition: source id, event and position among its siblings. */
export function transitionKey(t: TransitionLike): string {
  const list =
    t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  const index = list.findIndex((candidate) => candidate === (t as unknown));
  return `${t.source.id} | ${t.eventType === '' ? '(always)' : t.eventType} | #${index}`;
}

/** The machine's state nodes a snapshot is in, if the snapshot is a state machine's. */
function activeNodes(snapshot: unknown): AnyStateNode[] | null {
  const nodes = (snapshot as { _nodes?: unknown } | null)?._nodes;
  return Array.isArray(nodes) ? (nodes as AnyStateNode[]) : null;
}

/** The machine id of an actor whose logic is a state machine (else null). */
function machineIdOf(event: InspectionEvent): string | null {
  const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic && typeof logic.id === 'string' && logic.root ? logic.id : null;
}

/**
 * Adds what `event` shows to `reach`: the states of a machine's snapshot (`@xstate.snapshot`,
 * and each microstep's) and the transitions of a microstep. Returns what was new, or null.
 */
export function noteInspection(reach: Reach, event: InspectionEvent): ReachBatch | null {
  if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return null;
  const machine = machineIdOf(event);
  const nodes = activeNodes(event.snapshot);
  if (machine === null || nodes === null) return null;
  const entry = (reach[machine] ??= { states: [], transitions: [] });
  const batch: ReachBatch = { machine, states: [], transitions: [] };
  for (const node of nodes) {
    if (!entry.states.includes(node.id)) {
      entry.states.push(node.id);
      batch.states.push(node.id);
    }
  }
  if (event.type === '@xstate.microstep') {
    for (const t of event._transitions as unknown as TransitionLike[]) {
      const key = transitionKey(t);
      if (!entry.transitions.includes(key)) {
        entry.transitions.push(key);
        batch.transitions.push(key);
      }
    }
  }
  return batch.states.length > 0 || batch.transitions.length > 0 ? batch : null;
}

declare global {
  interface Window {
    /** The page's reach, in the build for the e2e tests. */
    __givedropReach?: Reach;
    /** The e2e run's binding (tests/e2e/reachFixture.ts), when the page is under test. */
    __givedropReachReport?: (batches: ReachBatch[]) => unknown;
  }
}

/**
 * The observer of the build for the test: records into `window.__givedropReach`, and reports
 * what is new to the e2e run's binding when the page has one (batches made before the binding
 * appeared go with the next call).
 */
export function reachRecorder(): (event: InspectionEvent) => void {
  const reach: Reach = {};
  window.__givedropReach = reach;
  const pending: ReachBatch[] = [];
  return (event) => {
    const batch = noteInspection(reach, event);
    if (batch === null) return;
    pending.push(batch);
    const report = window.__givedropReachReport;
    if (typeof report !== 'function') return;
    // A binding call returns a promise; a closed page rejects it, and nothing is to be done then.
    Promise.resolve(report(pending.splice(0))).catch(() => {});
  };
}
