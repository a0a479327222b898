import type { RunnerTask, RunnerTestCase } from 'vitest';
import type { Reporter, Vitest } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

function hasFailedTest(task: RunnerTask): boolean {
  if (task.type === 'test') return task.result?.state === 'fail';
  return task.tasks.some(hasFailedTest);
}

/**
 * A test file that fails as a whole (its import or its top-level `await describePaths(...)`
 * throws, or a hook fails) while none of its tests failed gets one failed test here.
 *
 * Why: @stryker-mutator/vitest-runner (9.6.1, and 10.x the same) builds its result from the
 * tests it finds in each file only (stryker-js issues #6150 and #6179). A machine test file
 * generates its path tests while it loads, so a mutant that makes the machine throw there (an
 * emptied `actions` object, a broken `output`) leaves that file with no test at all: Stryker
 * counted the mutant as survived, and an initial run with a file that cannot load as passed.
 * With this reporter such a mutant is killed and such an initial run fails.
 */
class FileFailureAsFailedTest implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || hasFailedTest(file)) continue;
      const errors = file.result.errors?.length
        ? file.result.errors
        : [{ name: 'Error', message: `${file.name} failed outside its tests` }];
      const failed: Omit<RunnerTestCase, 'context'> = {
        type: 'test',
        id: `${file.id}_file`,
        name: 'the test file runs',
        fullName: `${file.name} > the test file runs`,
        fullTestName: 'the test file runs',
        mode: 'run',
        meta: {},
        file,
        suite: file,
        timeout: 0,
        annotations: [],
        artifacts: [],
        result: { state: 'fail', errors },
      };
      // The runner's tests are built with a context only vitest makes; nothing reads it after
      // the run has ended.
      file.tasks.push(failed as RunnerTestCase);
    }
  }
}

/**
 * The vitest config Stryker runs (stryker.config.mjs, npm run mutation): only the generated
 * machine path tests of tests/machines and tests/features/<flow>/, in node; MUTATION_TESTS (comma-separated, set by
 * scripts/mutation.ts for each machine) narrows them to that machine's own. The dom project and the server, service, app
 * and script tests of vitest.config.ts are left out: they do not test the statecharts and would
 * only slow every mutant down.
 */
export default defineConfig({
  test: {
    name: 'machines',
    environment: 'node',
    include: process.env.MUTATION_TESTS?.split(',').filter(Boolean) ?? [
      'tests/machines/**/*.test.ts',
      'tests/features/**/*Machine.test.ts',
    ],
    exclude: [...configDefaults.exclude, 'tests/**/*.dom.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', new FileFailureAsFailedTest()],
  },
});
