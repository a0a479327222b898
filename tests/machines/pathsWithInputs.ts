/**
 * Generated path tests of a machine whose inputs lead to different parts of it (e.g. sample
 * content for a visitor, or a create and an update mode): like `describePaths`, but planned and
 * run once per input, and the 100 % check is made over all the inputs together (no single input
 * reaches every state).
 */
import type { AnyMachineSnapshot } from 'xstate';
import {
  CoverageRecorder,
  planPaths,
  runPath,
  type PathSuite,
  type StepInfo,
} from '../support/pathHarness';

export interface PathInput<TInput> {
  /** Names the group of paths in the report. */
  name: string;
  input: TInput;
}

export interface InputsPathSuite<TSpies, TInput> extends Omit<
  PathSuite<TSpies>,
  'input' | 'afterStep' | 'afterPath'
> {
  inputs: PathInput<TInput>[];
  afterStep?: (step: StepInfo, spies: TSpies, input: TInput) => void;
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
  const planned = suite.inputs.map(({ name, input }) => ({
    name,
    input,
    paths: planPaths(suite.build().machine, {
      events: suite.events,
      input,
      serializeState: suite.serializeState as ((s: AnyMachineSnapshot) => string) | undefined,
      limit: suite.limit,
    }),
  }));
  describe(`${suite.machine.id} machine: generated paths`, () => {
    for (const { name, input, paths } of planned) {
      describe(name, () => {
        it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, plan) => {
          const { machine, promises, spies } = suite.build();
          await runPath(plan, {
            machine,
            promises,
            recorder,
            input,
            serializeState: suite.serializeState,
            afterStep: suite.afterStep
              ? (step) => suite.afterStep?.(step, spies, input)
              : undefined,
            deliver: suite.deliver,
          });
          suite.afterPath?.(plan, spies, promises, input);
        });
      });
    }

    afterAll(() => {
      const record = recorder.write();
      expect(record.states.reached).toEqual(record.states.all);
      expect(record.transitions.reached).toEqual(record.transitions.all);
    });
  });
}
