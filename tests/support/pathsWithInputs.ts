/**
 * Generated path tests of a machine whose inputs lead to different parts of it (e.g. sample
 * content for a visitor, or a create and an update mode): like `describePaths`, but planned and
 * run once per input, and the 100 % check is made over all the inputs together (no single input
 * reaches every state).
 */
import {
  createActor,
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate';
import {
  assertUniqueNames,
  CoverageRecorder,
  namePlannedPaths,
  planPaths,
  runRecordedPath,
  suiteTitle,
  type PathSuite,
  type PlannedPath,
  type SpecState,
  type StepInfo,
} from './pathHarness';

export interface PathInput<TInput> {
  /** Names the group of paths in the report. */
  name: string;
  input: TInput;
  /**
   * Paths to run besides the planned ones, given as events: the planner keeps one path per
   * (state value, event, effects, next value), so two guarded branches that differ only in what
   * they assign (e.g. next and previous) need one of them spelled out.
   */
  paths?: { name: string; events: AnyEventObject[] }[];
}

/** A path along the given events, each step's expected snapshot from the machine itself. */
export function planEvents(
  machine: AnyStateMachine,
  input: unknown,
  name: string,
  events: AnyEventObject[],
): PlannedPath {
  let snapshot = initialTransition(machine, input as never)[0] as AnyMachineSnapshot;
  const steps = events.map((event) => {
    snapshot = transition(machine, snapshot, event)[0] as AnyMachineSnapshot;
    return { event, expected: snapshot };
  });
  return { name, steps };
}

export interface InputsPathSuite<TSpies, TInput> extends Omit<
  PathSuite<TSpies>,
  'input' | 'afterStep' | 'afterPath' | 'spec'
> {
  inputs: PathInput<TInput>[];
  afterStep?: (step: StepInfo, spies: TSpies, input: TInput) => void;
  /** The oracle (pathHarness.ts SpecTable), per input. */
  spec: {
    initial: (spies: TSpies, input: TInput) => SpecState;
    after: (step: StepInfo, spies: TSpies, input: TInput) => SpecState;
  };
  afterPath?: (
    plan: Parameters<NonNullable<PathSuite<TSpies>['afterPath']>>[0],
    spies: TSpies,
    promises: Parameters<NonNullable<PathSuite<TSpies>['afterPath']>>[2],
    input: TInput,
  ) => void;
}

export async function describePathsForInputs<TSpies, TInput>(
  suite: InputsPathSuite<TSpies, TInput>,
): Promise<void> {
  const { describe, it, afterAll, expect } = await import('vitest');
  const recorder = new CoverageRecorder(suite.machine);
  const planned = suite.inputs.map(({ name, input, paths = [] }) => {
    const machine = suite.build().machine;
    return {
      name,
      input,
      // Named together, so that a given path and a planned one never share a name.
      paths: namePlannedPaths(initialTransition(machine, input as never)[0] as AnyMachineSnapshot, [
        ...planPaths(machine, {
          events: suite.events,
          input,
          serializeState: suite.serializeState as ((s: AnyMachineSnapshot) => string) | undefined,
          limit: suite.limit,
          unhandled: suite.unhandled,
        }),
        ...paths.map((p) => ({ ...planEvents(machine, input, p.name, p.events), given: p.name })),
      ]),
    };
  });
  const testFile = expect.getState().testPath;
  const title = suiteTitle(testFile ?? '', suite.machine.id, suite.name);
  assertUniqueNames(
    testFile ?? '',
    title,
    planned.map((p) => p.name),
  );
  for (const { name, paths } of planned) {
    assertUniqueNames(testFile ?? '', `${title} > ${name}`, [
      '(initial eventless transitions)',
      ...paths.map((p) => p.name),
    ]);
  }
  describe(title, () => {
    for (const { name, input, paths } of planned) {
      describe(name, () => {
        // runPath records from when createActor returns, but the eventless transitions out of
        // the initial state are taken inside createActor: record them here.
        it('(initial eventless transitions)', () => {
          const actor = createActor(suite.build().machine, {
            input,
            inspect: (event: InspectionEvent) => {
              if (event.type !== '@xstate.microstep' || event.rootId !== event.actorRef.sessionId) {
                return;
              }
              recorder.noteTransitions(event._transitions);
              recorder.noteSnapshot(event.snapshot as AnyMachineSnapshot);
              // The states those transitions left were active too (the recorder reads `_nodes`).
              const left = event._transitions.map((t) => t.source);
              recorder.noteSnapshot({ _nodes: left } as unknown as AnyMachineSnapshot);
            },
          });
          expect(actor.getSnapshot().status).toBe('active');
        });
        it.each(paths.map((p) => [p.name, p] as const))('%s', (_name, plan) =>
          runRecordedPath(plan, recorder, suite.build, {
            options: (spies) => ({
              input,
              serializeState: suite.serializeState,
              afterStep: suite.afterStep
                ? (step) => suite.afterStep?.(step, spies, input)
                : undefined,
              spec: {
                initial: () => suite.spec.initial(spies, input),
                after: (step) => suite.spec.after(step, spies, input),
              },
              deliver: suite.deliver,
            }),
            afterPath: (spies, promises) => suite.afterPath?.(plan, spies, promises, input),
            group: name,
          }),
        );
      });
    }

    afterAll(() => {
      const record = recorder.write(undefined, testFile, title);
      expect(record.states.reached).toEqual(record.states.all);
      expect(record.transitions.reached).toEqual(record.transitions.all);
    });
  });
}
