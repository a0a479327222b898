// @ts-check
/**
 * Mutation testing of the statecharts (npm run mutation, scripts/mutation.ts).
 *
 * Mutated: every machine file, wherever it lives: src/machines/ today, src/features/<flow>/
 * once the flows move there. Only files named *Machine.ts are mutated: the helpers beside them
 * (notProvided.ts, errorMessages.ts, authPaths.ts, registry.ts, flows.ts, ...) are not
 * statecharts, some of them are tested outside tests/machines (tests/app/authPaths.test.ts),
 * and their mutants would only blur the per-machine scores.
 *
 * Tests run: tests/machines only, through vitest.stryker.config.ts (node, no dom project).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts' },
  mutate: ['src/machines/**/*Machine.ts', 'src/features/*/*Machine.ts'],
  coverageAnalysis: 'perTest',
  // The machine has 2 cores and other work runs beside this.
  concurrency: 2,
  // Off: the machines are being moved between folders, and a full run is the honest one.
  incremental: false,
  reporters: ['progress', 'clear-text', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The survivors are listed by scripts/mutation.ts (and in the HTML report), not here.
  clearTextReporter: { allowColor: false, reportMutants: false, reportTests: false },
  tempDirName: 'reports/.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: [
    '/reports',
    '/dist',
    '/coverage',
    '/docs',
    '/test-results',
    '/playwright-report',
    '/.data*',
  ],
  dryRunTimeoutMinutes: 10,
  // A mutant whose tests outrun timeoutMS + timeoutFactor x their time in the initial run counts
  // as a Timeout, which Stryker scores as detected. On a busy 2-core machine the defaults (5 s,
  // 1.5) turned plain survivors into timeouts; these leave room for a loaded machine.
  timeoutMS: 15000,
  timeoutFactor: 2,
};

export default config;
