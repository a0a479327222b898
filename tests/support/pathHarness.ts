/**
 * Generated path tests (architecture.md §7).
 *
 * 1. Plan: @xstate/graph traverses the machine (with its fakes provided) over the given events,
 *    including the `xstate.done.actor.<id>`, `xstate.error.actor.<id>` and `xstate.after.<delay>`
 *    events of invoked actors and delays, which it finds in every state by itself. Every reachable
 *    state gets its shortest path, and every (state, event) pair that changes something becomes a
 *    path too: the shortest path to the state plus that event.
 * 2. Run: each path drives the real machine in an actor on a simulated clock. Invoked promise
 *    actors are fakes that resolve or reject when the path says so; delays fire by advancing the
 *    clock; other events are sent. After every step the actor's state and context must equal what
 *    the traversal predicted.
 * 3. The oracle: the plan comes from the machine under test, so it cannot judge it. The actor must
 *    be running after start, and after start and every step its state must be the one the suite's
 *    spec table names (`spec`: the state value, and the tags the spec names), written from the
 *    spec and never read from the machine — a mutant that retargets a transition, or empties the
 *    machine, fails here even when every selector still answers the same.
 * 4. Coverage: the transitions the running actor took (from the inspection API) and the states it
 *    was in are compared with every transition and state node of the machine.
 */
import { getAdjacencyMap } from '@xstate/graph';
// One key for a transition, shared with the e2e run's recorder, so unit and e2e figures compare.
import { transitionKey } from '../../src/app/reach';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  initialTransition,
  transition,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type ActorSystem,
  type InspectionEvent,
  type StateValue,
} from 'xstate';

export type FakeKind = 'promise' | 'callback' | 'machine';

/**
 * A state as the suite's spec table names it: the machine's state value (a parallel or nested
 * state as an object, like `snapshot.value`), the tags the spec names (true: the state has it,
 * false: it has not; tags left out are not checked) and, when the spec says the flow ends there,
 * `done: true` (the actor's status is 'done'; otherwise it must be 'active').
 */
export interface SpecState {
  value: StateValue;
  tags?: Record<string, boolean>;
  done?: boolean;
  /**
   * What the suite's model says is shown at this point (the values its afterStep expects of the
   * selectors), for the path report QA reads; the harness does not check it (afterStep does).
   */
  shown?: unknown;
}

/** The suite's spec table: the state after start, and after each step of a path. */
export interface SpecTable<TSpies> {
  initial: SpecState | ((spies: TSpies) => SpecState);
  /** Called after the suite's afterStep (its model has taken the step by then). */
  after: (step: StepInfo, spies: TSpies) => SpecState;
}

/** Keys sorted, so two state values compare whatever order their regions were written in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** Throws when the snapshot is not in the state the spec table names. */
export function checkSpecState(snapshot: AnyMachineSnapshot, spec: SpecState, where: string): void {
  const problems: string[] = [];
  if (canonical(snapshot.value) !== canonical(spec.value)) {
    problems.push(`state ${canonical(snapshot.value)}, the spec says ${canonical(spec.value)}`);
  }
  for (const [tag, has] of Object.entries(spec.tags ?? {})) {
    if (snapshot.hasTag(tag) !== has) {
      problems.push(
        `tag '${tag}' ${has ? 'missing' : 'present'}, the spec says ${has ? 'present' : 'absent'}`,
      );
    }
  }
  const status = spec.done ? 'done' : 'active';
  if (snapshot.status !== status) {
    problems.push(`status '${snapshot.status}', the spec says '${status}'`);
  }
  if (problems.length) throw new Error(`${where}: ${problems.join('; ')}`);
}

export interface PathPlanOptions {
  /** Events with payloads to try in every state (done/error/after events are found automatically). */
  events: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]);
  /** How the traversal tells states apart; defaults to value and context. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  input?: unknown;
  limit?: number;
  /**
   * Also try, in every state, the given events the state does not handle, and keep a path for
   * each such (state, event) pair even though nothing changes (default false). The suite's
   * spec model then checks that nothing happened, so a mutant that drops a transition (which
   * removes the pair from its own plan) still meets a path that sends the event there.
   */
  unhandled?: boolean;
}

export interface PlannedPath {
  name: string;
  steps: { event: AnyEventObject; expected: AnyMachineSnapshot }[];
}

/**
 * The given events for one invoked actor: `xstate.done.actor.<id>` with each output, then
 * `xstate.error.actor.<id>` with each error.
 */
export function settled(
  actor: string,
  outputs: unknown[],
  errors: unknown[] = [],
): AnyEventObject[] {
  return [
    ...outputs.map((output) => ({ type: `xstate.done.actor.${actor}`, output })),
    ...errors.map((error) => ({ type: `xstate.error.actor.${actor}`, error })),
  ];
}

export function defaultSerialize(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

/** A short summary of an event's payload (its fields besides `type`), or '' when it has none. */
export function payloadSummary(event: AnyEventObject, max = 60): string {
  const { type: _type, ...rest } = event;
  if (!Object.keys(rest).length) return '';
  const payload = safeJson(rest);
  return payload.length > max ? `${payload.slice(0, max - 3)}...` : payload;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * An event as the diagrams word it: an invoked actor's done and error events as "<actor> done"
 * and "<actor> failed", a delay as "after <delay>" (a number as milliseconds), a child's snapshot
 * as "<actor> update"; other events by their type.
 */
export function readableEvent(type: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[2]} ${actor[1] === 'done' ? 'done' : 'failed'}`;
  const after = /^xstate\.after\.([^.]+)/.exec(type);
  if (after?.[1]) return /^\d+$/.test(after[1]) ? `after ${after[1]} ms` : `after ${after[1]}`;
  const snapshot = /^xstate\.snapshot\.(.+)$/.exec(type);
  if (snapshot) return `${snapshot[1]} update`;
  const finished = /^xstate\.done\.state\.(.+)$/.exec(type);
  if (finished) return `${finished[1]} finished`;
  return type;
}

/**
 * A state value in a line: `editing`, a nested state as `form.editing`, parallel regions joined
 * by " + " (in parentheses when nested).
 */
export function stateText(value: StateValue, nested = false): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, inner]) => {
    if (inner === undefined) return key;
    if (typeof inner === 'string') return `${key}.${inner}`;
    const text = stateText(inner, true);
    return text ? `${key}.${text}` : key;
  });
  if (parts.length <= 1) return parts[0] ?? '';
  const joined = parts.join(' + ');
  return nested ? `(${joined})` : joined;
}

/** The name of a path from its states and events: "editing —form.submit→ submitting —…". */
export function pathBaseName(
  start: StateValue,
  steps: { event: AnyEventObject; to: StateValue; done?: boolean }[],
): string {
  let name = stateText(start);
  if (!steps.length) return `${name} (initial state)`;
  for (const step of steps) {
    name += ` —${readableEvent(step.event.type)}→ ${stateText(step.to)}`;
    if (step.done) name += ' (done)';
  }
  return name;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** The leaf fields (dotted) where the given values differ. */
function differingFields(values: unknown[], prefix: string): string[] {
  const texts = values.map((v) => safeJson(v));
  if (texts.every((t) => t === texts[0])) return [];
  if (!values.every(isPlainObject)) return [prefix];
  // Keys starting with '_' are internals (a snapshot's `_nodes`), not what a reader tells apart.
  const keys = [...new Set(values.flatMap((v) => Object.keys(v)))].filter(
    (key) => !key.startsWith('_'),
  );
  return keys.flatMap((key) =>
    differingFields(
      values.map((v) => v[key]),
      prefix ? `${prefix}.${key}` : key,
    ),
  );
}

function fieldValue(event: unknown, field: string): string {
  let value: unknown = event;
  for (const key of field.split('.')) value = isPlainObject(value) ? value[key] : undefined;
  if (value === undefined) return 'none';
  const text = safeJson(value);
  return text.length > 32 ? `${text.slice(0, 29)}...` : text;
}

/**
 * Unique names for paths: each path's states and events (see pathBaseName); paths whose names
 * are equal (the same steps with different payloads) are told apart by the payload fields that
 * differ between them ("· email: \"a@b.c\""), and, when that is not enough, by an ordinal.
 */
export function uniqueNames(paths: { base: string; events: AnyEventObject[] }[]): string[] {
  const names = paths.map((p) => p.base);
  const groups = new Map<string, number[]>();
  names.forEach((name, i) => groups.set(name, [...(groups.get(name) ?? []), i]));
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const length = Math.max(...members.map((i) => paths[i]!.events.length));
    const notes = members.map(() => [] as string[]);
    for (let step = 0; step < length; step++) {
      const events = members.map((i) => paths[i]!.events[step] ?? { type: '' });
      const fields = differingFields(
        events.map(({ type: _type, ...rest }) => rest),
        '',
      ).slice(0, 3);
      if (!fields.length) continue;
      members.forEach((_, m) => {
        const event = events[m]!;
        const values = fields.map((f) => `${f}: ${fieldValue(event, f)}`).join(', ');
        notes[m]!.push(
          length > 1 && event.type ? `${readableEvent(event.type)} with ${values}` : values,
        );
      });
    }
    members.forEach((i, m) => {
      if (notes[m]!.length) names[i] = `${names[i]} · ${notes[m]!.join(' · ')}`;
    });
  }
  // Still equal (identical steps, or a difference the summary cut off): number them.
  const seen = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return names.map((name) => {
    if ((counts.get(name) ?? 0) < 2) return name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `${name} (#${n})`;
  });
}

/** Names planned paths uniquely from their steps (see uniqueNames); `given` keeps a label. */
export function namePlannedPaths(
  start: AnyMachineSnapshot,
  paths: (PlannedPath & { given?: string })[],
): PlannedPath[] {
  const names = uniqueNames(
    paths.map((p) => {
      const base = pathBaseName(
        start.value,
        p.steps.map((s) => ({
          event: s.event,
          to: s.expected.value,
          done: s.expected.status === 'done',
        })),
      );
      return {
        base: p.given ? `${base} (given: ${p.given})` : base,
        events: p.steps.map((s) => s.event),
      };
    }),
  );
  return paths.map((p, i) => ({ name: names[i]!, steps: p.steps }));
}

const suiteInputs = new Map<string, unknown>();

/**
 * The describe title of a machine's generated paths. A test file that declares the paths of one
 * machine more than once (once per input) gets the suite's `name`, or else the input's fields that
 * differ from the first suite's, in the title: "subscription machine: generated paths (input
 * expiredFlag: true)".
 */
export function suiteTitle(
  file: string,
  machineId: string,
  name?: string,
  input?: unknown,
): string {
  const base = `${machineId} machine: generated paths`;
  if (name) return `${base} (${name})`;
  const key = `${file}\u0000${base}`;
  if (!suiteInputs.has(key)) {
    suiteInputs.set(key, input);
    return base;
  }
  const first = suiteInputs.get(key);
  const fields = differingFields([first, input], '').slice(0, 3);
  const note = fields.length
    ? `input ${fields.map((f) => `${f}: ${fieldValue(input, f)}`).join(', ')}`
    : 'again';
  return `${base} (${note})`;
}

/**
 * Fails when two tests of a test file would have the same full name (describe titles and test
 * title). Called by describePaths / describePathsForInputs as they declare their tests.
 */
const declaredNames = new Map<string, Set<string>>();
export function assertUniqueNames(file: string, scope: string, names: string[]): void {
  const seen = declaredNames.get(file) ?? new Set<string>();
  declaredNames.set(file, seen);
  const duplicates = new Set<string>();
  for (const name of names) {
    const full = `${scope} > ${name}`;
    if (seen.has(full)) duplicates.add(name);
    seen.add(full);
  }
  if (duplicates.size) {
    throw new Error(
      `path test names are not unique in ${scope}: ${[...duplicates].slice(0, 5).join('; ')}`,
    );
  }
}

/** Plans the paths: one per reachable state and one per state-changing (state, event) pair. */
export function planPaths(machine: AnyStateMachine, options: PathPlanOptions): PlannedPath[] {
  const serializeState = (s: AnyMachineSnapshot) => (options.serializeState ?? defaultSerialize)(s);
  // Like @xstate/graph's default: in each state, try only the events that state handles,
  // with the payloads given (an event without given payloads is tried bare).
  const unhandled = options.unhandled ?? false;
  const eventsFor = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const given = typeof options.events === 'function' ? options.events(snapshot) : options.events;
    const handled = __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type: string) => {
      // A wildcard descriptor ('xstate.done.actor.*') takes every given event it matches.
      const matching = type.endsWith('.*')
        ? given.filter((e) => e.type.startsWith(type.slice(0, -1)))
        : given.filter((e) => e.type === type);
      if (matching.length) return matching;
      // Delays fire by themselves; other events the machine raises internally are not sent.
      return type.startsWith('xstate.after.') ? [{ type }] : [];
    });
    // A machine that is done receives nothing more.
    if (!unhandled || snapshot.status !== 'active') return handled;
    // Delays are never sent (an unhandled one has no timer to fire), and an actor's done or
    // error event, or its snapshot, comes only from a child that is running.
    const children = (snapshot.children ?? {}) as Record<string, unknown>;
    const others = given.filter((e) => {
      if (handled.includes(e) || e.type.startsWith('xstate.after.')) return false;
      const child = /^xstate\.(?:(?:done|error)\.actor|snapshot)\.(.+)$/.exec(e.type)?.[1];
      return child === undefined || child in children;
    });
    return [...handled, ...others];
  };
  // Each step gets a fresh inert actor scope (xstate's pure transition functions), so machines
  // that invoke children with a systemId can be traversed.
  const logic = {
    ...machine,
    transition: (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
      transition(machine, snapshot, event)[0],
    getInitialSnapshot: (_scope: unknown, input: unknown) =>
      initialTransition(machine, input as never)[0],
  } as unknown as AnyStateMachine;
  const adjacency = getAdjacencyMap(logic, {
    events: eventsFor as never,
    serializeState: serializeState as never,
    input: options.input as never,
    limit: options.limit ?? 5000,
  }) as unknown as Record<
    string,
    {
      state: AnyMachineSnapshot;
      transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }>;
    }
  >;

  const keys = Object.keys(adjacency);
  const initialKey = keys[0];
  if (initialKey === undefined) throw new Error('empty traversal');

  // Breadth-first shortest paths over the adjacency map.
  const shortest = new Map<string, PlannedPath['steps']>([[initialKey, []]]);
  const queue = [initialKey];
  while (queue.length) {
    const key = queue.shift() as string;
    const steps = shortest.get(key) as PlannedPath['steps'];
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const nextKey = serializeState(state);
      if (!shortest.has(nextKey)) {
        shortest.set(nextKey, [...steps, { event, expected: state }]);
        queue.push(nextKey);
      }
    }
  }

  // One path per distinct state value, and one per distinct (value, event, next value) step:
  // enough to reach every state and transition without one path per context combination.
  const paths: PlannedPath[] = [];
  const signatures = new Set<string>();
  // The shortest path to a state is often the path of a step into it: run such a path once.
  const sequences = new Set<string>();
  const add = (signature: string, steps: PlannedPath['steps']) => {
    if (signatures.has(signature)) return;
    signatures.add(signature);
    const sequence = safeJson(steps.map((s) => s.event));
    if (sequences.has(sequence)) return;
    sequences.add(sequence);
    paths.push({ name: '', steps });
  };
  const valueOf = (s: AnyMachineSnapshot) => `${JSON.stringify(s.value)}:${s.status}`;
  for (const key of keys) {
    const toState = shortest.get(key);
    const from = adjacency[key];
    if (!toState || !from) continue;
    add(`state ${valueOf(from.state)}`, toState);
    for (const { event, state } of Object.values(from.transitions)) {
      const changed = serializeState(state) !== key || state.status !== from.state.status;
      // A transition that changes nothing observable may still run actions: keep those that
      // the machine defines for this event in this state.
      const own = hasOwnTransition(from.state, event.type);
      if (!changed && !own && !unhandled) continue;
      add(
        `step ${valueOf(from.state)} ${own || changed ? event.type : `${event.type} ${payloadSummary(event)}`} ${stepEffects(machine, from.state, event)} ${valueOf(state)}`,
        [...toState, { event, expected: state }],
      );
    }
  }
  return namePlannedPaths(adjacency[initialKey]!.state, paths);
}

/**
 * What a step does besides changing state: the actions it runs and the context keys it changes.
 * Tells guarded branches with the same target apart.
 */
function stepEffects(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): string {
  const [next, actions] = transition(machine, snapshot, event);
  const types = [...new Set(actions.map((a) => a.type))].sort();
  const before = snapshot.context as Record<string, unknown>;
  const after = next.context as Record<string, unknown>;
  const changed = Object.keys({ ...before, ...after })
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();
  return `${types.join(',')} ${changed.join(',')}`;
}

function hasOwnTransition(snapshot: AnyMachineSnapshot, eventType: string): boolean {
  const handles = (key: string) =>
    key === eventType || (key.endsWith('.*') && eventType.startsWith(key.slice(0, -1)));
  return activeNodes(snapshot).some((node) => [...node.transitions.keys()].some(handles));
}

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes ?? [];
}

/** A clock for xstate whose pending timers are advanced one at a time. */
export class TestClock {
  private now = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  setTimeout = (fn: (...args: unknown[]) => void, timeout: number): number => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.now + timeout, fn: fn as () => void });
    return id;
  };

  clearTimeout = (id: unknown): void => {
    this.timers.delete(id as number);
  };

  get pending(): number {
    return this.timers.size;
  }

  /**
   * Fires the earliest pending timer. Returns how far the clock moved (the delay that fired,
   * which tests compare with the spec's timings), or null when no timer is pending.
   */
  advanceToNext(): number | null {
    const next = [...this.timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
    if (!next) return null;
    const moved = Math.max(0, next[1].at - this.now);
    this.now += moved;
    this.timers.delete(next[0]);
    next[1].fn();
    return moved;
  }
}

interface Deferred {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Invoked promise actors that settle when the path says so. */
/** An actor's name, or [the actor's name, the name its fake promise settles by]. */
export type FakeName = string | readonly [actor: string, fake: string];

export class FakePromises {
  private readonly pending = new Map<string, Deferred>();
  readonly calls: { name: string; input: unknown }[] = [];

  logic(name: string): AnyActorLogic {
    return fromPromise(
      ({ input }) =>
        new Promise((resolve, reject) => {
          this.calls.push({ name, input });
          this.pending.set(name, { input, resolve, reject });
        }),
    );
  }

  /** A fake promise actor for each name, keyed by it: `provide({ actors: promises.actors('a') })`. */
  actors(...names: FakeName[]): Record<string, never> {
    return Object.fromEntries(
      names.map((name) => {
        const [actor, fake] = typeof name === 'string' ? [name, name] : name;
        return [actor, this.logic(fake) as never];
      }),
    );
  }

  settle(id: string, outcome: 'done' | 'error', value: unknown): boolean {
    const deferred = this.pending.get(id);
    if (!deferred) return false;
    this.pending.delete(id);
    if (outcome === 'done') deferred.resolve(value);
    else deferred.reject(value);
    return true;
  }
}

/**
 * A path suite's `build` for a machine whose named actors are all fake promises (each settled by
 * its own name) and that has no other spies.
 */
export function withFakePromises(machine: AnyStateMachine, ...names: FakeName[]) {
  return () => {
    const promises = new FakePromises();
    const actors = promises.actors(...names);
    return { machine: machine.provide({ actors }), promises, spies: { promises } };
  };
}

/** The actor system of the running machine, as a watched fake actor saw it when it started. */
export interface SystemWatch {
  system: ActorSystem<never> | null;
}

/** `logic` that records the actor system it starts in (to read the machine's pending timers). */
export function watched(logic: AnyActorLogic, watch: SystemWatch): AnyActorLogic {
  return {
    ...logic,
    start: (snapshot, scope) => {
      watch.system = scope.system as ActorSystem<never>;
      logic.start?.(snapshot, scope);
    },
  };
}

/**
 * A path suite's `build` for a machine with one actor, a fake promise, watched so that the test
 * can read the machine's pending timers (a retry or a poll): spies `{ watch, promises }`.
 */
export function withWatchedFakePromise(machine: AnyStateMachine, name: string) {
  return () => {
    const promises = new FakePromises();
    const watch: SystemWatch = { system: null };
    const actors = { [name]: watched(promises.logic(name), watch) };
    return { machine: machine.provide({ actors }), promises, spies: { watch, promises } };
  };
}

/** The delays (ms) of the timers pending in the watched system, e.g. a retry or a poll. */
export const pendingDelays = (watch: SystemWatch): number[] =>
  Object.values(watch.system?.getSnapshot()._scheduledEvents ?? {}).map((e) => e.delay);

export function inertCallback(): AnyActorLogic {
  return fromCallback(() => () => undefined);
}

export function inertMachine(id: string): AnyActorLogic {
  // Keeps its input in its context, so a test can check what its parent started it with.
  return createMachine({
    id,
    context: ({ input }: { input: unknown }) => ({ input }),
  } as never);
}

export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [, list] of node.transitions) {
      for (const t of list) keys.push(transitionKey(t as never));
    }
    for (const t of node.always ?? []) keys.push(transitionKey(t as never));
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return keys;
}

export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode) => {
    ids.push(node.id);
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return ids;
}

export interface CoverageRecord {
  machine: string;
  states: { reached: string[]; all: string[] };
  transitions: { reached: string[]; all: string[] };
  paths: number;
}

/** What the oracle checked at a point of a path (the suite's spec table), as it was then. */
export interface CheckedSpec {
  value: StateValue;
  tags?: Record<string, boolean>;
  done?: boolean;
  shown?: unknown;
}

/** One step of a recorded path: the state before, the event, the state after. */
export interface PathStepRecord {
  from: string;
  /** The event as the diagrams word it (readableEvent), and its type. */
  event: string;
  type: string;
  /** Its payload, summarised (payloadSummary), when it has one. */
  payload?: string;
  to: string;
  /** The actor's status after the step, when it is not 'active'. */
  status?: string;
  /** How far the simulated clock moved (a delay that fired). */
  elapsedMs?: number;
  spec?: CheckedSpec;
}

/** A path as it ran: for the report QA reads (scripts/coverage-paths.ts). */
export interface PathRecord {
  name: string;
  /** The group of paths it belongs to (describePathsForInputs: the input's name). */
  group?: string;
  /** The state after start, and what the oracle checked there. */
  start?: string;
  startSpec?: CheckedSpec;
  steps: PathStepRecord[];
  ok: boolean;
  error?: string;
  /** The state ids and transition keys (transitionKey) this path reached. */
  states: string[];
  transitions: string[];
}

/** A suite's recorded paths, written beside the coverage record (one file per suite). */
export interface PathsFile {
  machine: string;
  file: string;
  /** The suite's describe title (suiteTitle). */
  suite: string;
  paths: PathRecord[];
}

/** Filled by runPath while a path runs (see PathRecord). */
export interface PathTrace {
  start?: string;
  startSpec?: CheckedSpec;
  steps: PathStepRecord[];
  states: Set<string>;
  transitions: Set<string>;
}

export const newTrace = (): PathTrace => ({ steps: [], states: new Set(), transitions: new Set() });

/** A copy of what the spec table returned, taken when the oracle checked it. */
function checked(spec: SpecState): CheckedSpec {
  const copy: CheckedSpec = { value: spec.value };
  if (spec.tags) copy.tags = { ...spec.tags };
  if (spec.done !== undefined) copy.done = spec.done;
  if (spec.shown !== undefined) {
    try {
      copy.shown = JSON.parse(JSON.stringify(spec.shown)) as unknown;
    } catch {
      copy.shown = String(spec.shown);
    }
  }
  return copy;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : safeJson(error);
  return text.length > 2000 ? `${text.slice(0, 1997)}...` : text;
}

export class CoverageRecorder {
  private readonly states = new Set<string>();
  private readonly transitions = new Set<string>();
  paths = 0;
  /** Every path run with this recorder, in the order they ran. */
  readonly pathRecords: PathRecord[] = [];

  /** Records a path that ran (or failed) with the given trace. */
  notePath(name: string, trace: PathTrace, failure?: { error: unknown }, group?: string): void {
    const record: PathRecord = {
      name,
      ...(group === undefined ? {} : { group }),
      ...(trace.start === undefined ? {} : { start: trace.start }),
      ...(trace.startSpec ? { startSpec: trace.startSpec } : {}),
      steps: trace.steps,
      ok: failure === undefined,
      ...(failure === undefined ? {} : { error: errorText(failure.error) }),
      states: [...trace.states],
      transitions: [...trace.transitions],
    };
    this.pathRecords.push(record);
  }

  constructor(private readonly machine: AnyStateMachine) {}

  noteSnapshot(snapshot: AnyMachineSnapshot): void {
    for (const node of activeNodes(snapshot)) this.states.add(node.id);
  }

  noteTransitions(transitions: unknown[]): void {
    for (const t of transitions) this.transitions.add(transitionKey(t as never));
  }

  record(): CoverageRecord {
    const allStates = allStateIds(this.machine);
    const allTransitions = allTransitionKeys(this.machine);
    return {
      machine: this.machine.id,
      states: { reached: allStates.filter((s) => this.states.has(s)), all: allStates },
      transitions: {
        reached: allTransitions.filter((t) => this.transitions.has(t)),
        all: allTransitions,
      },
      paths: this.paths,
    };
  }

  /**
   * Writes this suite's record and the paths it recorded (from `testFile`), each to a file of its
   * own: suites of one machine run in parallel workers, so none reads and rewrites a shared file
   * (scripts/coverage-paths.ts merges a machine's records). Returns this suite's own record.
   */
  write(dir = path.resolve('coverage/paths'), testFile?: string, suite = ''): CoverageRecord {
    const record = this.record();
    mkdirSync(dir, { recursive: true });
    writeFileSync(this.suiteFile(dir, testFile, 'record'), JSON.stringify(record));
    this.writePaths(dir, testFile, suite);
    return record;
  }

  /**
   * A new file of this machine's for one suite of `testFile` (a test file runs in one worker, its
   * suites one after the other, so the first free number is this suite's).
   */
  private suiteFile(dir: string, testFile: string | undefined, kind: 'record' | 'paths'): string {
    const relative = testFile ? path.relative(process.cwd(), testFile) : 'unknown';
    const slug = relative.replace(/[^A-Za-z0-9]+/g, '_');
    let n = 0;
    let file = path.join(dir, `${this.machine.id}.${slug}.${n}.${kind}.json`);
    while (existsSync(file))
      file = path.join(dir, `${this.machine.id}.${slug}.${++n}.${kind}.json`);
    return file;
  }

  /**
   * Writes this suite's recorded paths to its own file (suites of one machine run in parallel
   * workers; scripts/coverage-paths.ts merges the files).
   */
  private writePaths(dir: string, testFile: string | undefined, suite: string): void {
    if (!this.pathRecords.length) return;
    const relative = testFile ? path.relative(process.cwd(), testFile) : 'unknown';
    const file = this.suiteFile(dir, testFile, 'paths');
    const content: PathsFile = {
      machine: this.machine.id,
      file: relative,
      suite,
      paths: this.pathRecords,
    };
    writeFileSync(file, JSON.stringify(content));
  }
}

export interface StepInfo {
  event: AnyEventObject;
  /** The actor's snapshot after the step, and before it. */
  snapshot: AnyMachineSnapshot;
  previous: AnyMachineSnapshot;
  index: number;
  /** How far the simulated clock moved in this step (a delay that fired), else 0. */
  elapsedMs: number;
}

export interface RunPathOptions {
  /** The machine with fakes provided (built fresh per path so spies start clean). */
  machine: AnyStateMachine;
  promises: FakePromises;
  input?: unknown;
  recorder?: CoverageRecorder;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Called after every step with the live snapshot, for machine-specific expectations. */
  afterStep?: (step: StepInfo) => void;
  /** The oracle (see SpecTable): the spec's state after start and after every step. */
  spec?: { initial: () => SpecState; after: (step: StepInfo) => SpecState };
  /**
   * Delivers a step's event some other way (e.g. through a child actor's fake, so that the real
   * child-to-parent mechanism carries it). Returns true when it did.
   */
  deliver?: (event: AnyEventObject, actor: AnyActorRef) => boolean;
  /** Filled with what the path did (steps, states, transitions), for the path report. */
  trace?: PathTrace;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;

/** Drives the real machine along a planned path; throws when it strays from the plan. */
export async function runPath(plan: PlannedPath, options: RunPathOptions): Promise<void> {
  const serializeState = options.serializeState ?? defaultSerialize;
  const clock = new TestClock();
  const recorder = options.recorder;
  const trace = options.trace;
  let rootRef: unknown = null;
  const errors: unknown[] = [];
  const actor = createActor(options.machine, {
    input: options.input as never,
    clock,
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      if (event.actorRef === rootRef) {
        recorder?.noteTransitions(event._transitions);
        recorder?.noteSnapshot(event.snapshot as AnyMachineSnapshot);
      }
      // The trace also takes the eventless transitions made inside createActor (before rootRef
      // is set), and the states they left.
      if (trace && event.rootId === event.actorRef.sessionId) {
        for (const t of event._transitions) {
          trace.transitions.add(transitionKey(t as never));
          trace.states.add((t as unknown as { source: AnyStateNode }).source.id);
        }
        for (const node of activeNodes(event.snapshot as AnyMachineSnapshot)) {
          trace.states.add(node.id);
        }
      }
    },
  });
  rootRef = actor;
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  await flush();
  recorder?.noteSnapshot(actor.getSnapshot());
  if (trace) {
    for (const node of activeNodes(actor.getSnapshot())) trace.states.add(node.id);
    trace.start = stateText(actor.getSnapshot().value as StateValue);
  }
  // A machine that failed to start (an error in its definition or its entry) is not running.
  if (errors.length) throw errors[0];
  const started = actor.getSnapshot();
  if (started.status !== 'active') {
    throw new Error(`the machine is not running after start (status '${started.status}')`);
  }
  if (options.spec) {
    const spec = options.spec.initial();
    if (trace) trace.startSpec = checked(spec);
    checkSpecState(started, spec, 'after start');
  }

  for (const [index, step] of plan.steps.entries()) {
    const { event } = step;
    const previous = actor.getSnapshot();
    let elapsedMs = 0;
    const done = DONE.exec(event.type);
    const failed = ERROR.exec(event.type);
    if (
      done?.[1] &&
      options.promises.settle(done[1], 'done', (event as { output?: unknown }).output)
    ) {
      // settled the fake; the actor receives the done event from it
    } else if (
      failed?.[1] &&
      options.promises.settle(failed[1], 'error', (event as { error?: unknown }).error)
    ) {
      // settled the fake with a failure
    } else if (options.deliver?.(event, actor)) {
      // delivered by the suite
    } else if (event.type.startsWith('xstate.after.')) {
      const moved = clock.advanceToNext();
      if (moved === null) throw new Error(`step ${index}: no timer pending for ${event.type}`);
      elapsedMs = moved;
    } else {
      actor.send(event);
    }
    await flush();
    await flush();
    const snapshot = actor.getSnapshot();
    recorder?.noteSnapshot(snapshot);
    const stepRecord: PathStepRecord | undefined = trace && {
      from: stateText(previous.value as StateValue),
      event: readableEvent(event.type),
      type: event.type,
      to: stateText(snapshot.value as StateValue),
    };
    if (trace && stepRecord) {
      const payload = payloadSummary(event);
      if (payload) stepRecord.payload = payload;
      if (snapshot.status !== 'active') stepRecord.status = snapshot.status;
      if (elapsedMs) stepRecord.elapsedMs = elapsedMs;
      trace.steps.push(stepRecord);
      for (const node of activeNodes(snapshot)) trace.states.add(node.id);
    }
    if (errors.length) throw errors[0];
    const actual = serializeState(snapshot);
    const expected = serializeState(step.expected);
    if (actual !== expected) {
      throw new Error(
        `step ${index} (${event.type}) left the plan:\n  expected ${expected}\n  actual   ${actual}`,
      );
    }
    const info = { event, snapshot, previous, index, elapsedMs };
    options.afterStep?.(info);
    if (options.spec) {
      const spec = options.spec.after(info);
      if (stepRecord) stepRecord.spec = checked(spec);
      checkSpecState(snapshot, spec, `step ${index} (${event.type})`);
    }
  }
  if (recorder) recorder.paths += 1;
  actor.stop();
}

export interface PathSuite<TSpies> {
  /** The machine as defined (for coverage of its states and transitions). */
  machine: AnyStateMachine;
  /**
   * Tells this suite apart in its describe title when a test file declares the paths of one
   * machine more than once (default: the input's fields that differ from the first suite's).
   */
  name?: string;
  /** Builds the machine with fresh fakes and spies for one path. */
  build: () => { machine: AnyStateMachine; promises: FakePromises; spies: TSpies };
  events: PathPlanOptions['events'];
  /** See PathPlanOptions.unhandled (default false): on for suites whose model is the spec's. */
  unhandled?: boolean;
  input?: unknown;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Most states the traversal may visit (default 5000). */
  limit?: number;
  afterStep?: (step: StepInfo, spies: TSpies) => void;
  /**
   * The oracle: the spec's table of states (see SpecTable). Written from the spec, not read
   * from the machine.
   */
  spec: SpecTable<TSpies>;
  afterPath?: (plan: PlannedPath, spies: TSpies, promises: FakePromises) => void;
  deliver?: RunPathOptions['deliver'];
}

function specFor<TSpies>(table: SpecTable<TSpies>, spies: TSpies): RunPathOptions['spec'] {
  const { initial, after } = table;
  return {
    initial: () => (typeof initial === 'function' ? initial(spies) : initial),
    after: (step) => after(step, spies),
  };
}

/**
 * One path's test: builds the machine with fresh fakes and spies, runs the plan with the options
 * the spies give, then the suite's own checks, and notes the path (with its failure, if any) on
 * the recorder, in the group of its input where there is one (describePaths and
 * describePathsForInputs).
 */
export async function runRecordedPath<TSpies>(
  plan: PlannedPath,
  recorder: CoverageRecorder,
  build: PathSuite<TSpies>['build'],
  run: {
    options: (spies: TSpies) => Omit<RunPathOptions, 'machine' | 'promises' | 'recorder' | 'trace'>;
    afterPath: (spies: TSpies, promises: FakePromises) => void;
    group?: string;
  },
): Promise<void> {
  const { machine, promises, spies } = build();
  const trace = newTrace();
  try {
    await runPath(plan, { ...run.options(spies), machine, promises, recorder, trace });
    run.afterPath(spies, promises);
  } catch (error) {
    recorder.notePath(plan.name, trace, { error }, run.group);
    throw error;
  }
  recorder.notePath(plan.name, trace, undefined, run.group);
}

/**
 * Declares the generated path tests of one machine in vitest: one test per planned path, and a
 * final check that every state and transition was reached (written to coverage/paths/).
 */
export async function describePaths<TSpies>(suite: PathSuite<TSpies>): Promise<void> {
  const { describe, it, afterAll, expect } = await import('vitest');
  const recorder = new CoverageRecorder(suite.machine);
  const paths = planPaths(suite.build().machine, {
    events: suite.events,
    input: suite.input,
    serializeState: suite.serializeState,
    limit: suite.limit,
    unhandled: suite.unhandled,
  });
  const testFile = expect.getState().testPath;
  const title = suiteTitle(testFile ?? '', suite.machine.id, suite.name, suite.input);
  assertUniqueNames(
    testFile ?? '',
    title,
    paths.map((p) => p.name),
  );
  describe(title, () => {
    it.each(paths.map((p) => [p.name, p] as const))('%s', (_name, plan) =>
      runRecordedPath(plan, recorder, suite.build, {
        options: (spies) => ({
          input: suite.input,
          serializeState: suite.serializeState,
          afterStep: suite.afterStep ? (step) => suite.afterStep?.(step, spies) : undefined,
          spec: specFor(suite.spec, spies),
          deliver: suite.deliver,
        }),
        afterPath: (spies, promises) => suite.afterPath?.(plan, spies, promises),
      }),
    );

    afterAll(() => {
      const record = recorder.write(undefined, testFile, title);
      expect(record.states.reached).toEqual(record.states.all);
      expect(record.transitions.reached).toEqual(record.transitions.all);
    });
  });
}
