// @ts-check
/**
 * Mutation testing of the statecharts (npm run mutation, scripts/mutation.ts).
 *
 * Mutated: every machine file (src/machines/*Machine.ts, src/features/<flow>/*Machine.ts,
 * contract/*Machine.ts);
 * scripts/mutation.ts runs Stryker once per machine with `--mutate <file>`. The helpers beside
 * them (notProvided.ts, errorMessages.ts, flows.ts, appRules.ts, ...) are not statecharts and
 * their mutants would only blur the per-machine scores.
 *
 * Tests run: the machine path tests only (tests/machines, tests/features/<flow>/*Machine.test.ts), through vitest.stryker.config.ts (node, no dom project),
 * narrowed by scripts/mutation.ts to the machine's own path tests (MUTATION_TESTS).
 *
 * Ignored: the mutants no behaviour can tell apart (scripts/stryker/statechartIgnorer.mjs).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './scripts/stryker/statechartIgnorer.mjs'],
  ignorers: ['statechart'],
  vitest: { configFile: 'vitest.stryker.config.ts' },
  mutate: ['src/machines/**/*Machine.ts', 'src/features/*/*Machine.ts', 'contract/*Machine.ts'],
  coverageAnalysis: 'perTest',
  // The machine has 2 cores and other work runs beside this.
  concurrency: 2,
  // Off: a full run is the honest one.
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
