/**
 * The mutation ledger's check (npm run mutation:check; scripts/mutationLedger.ts says what the
 * ledger is). For every machine file it hashes the machine and the tests Stryker runs for it and
 * compares with docs/mutation-ledger.json: a machine with no entry is missing, one whose hash
 * differs is stale. It runs Stryker for the stale and missing ones only, through the same code as
 * `npm run mutation -- --machines <them>` (scripts/mutation.ts), and fails when any of them, or
 * any fresh entry, scores below 85 %, when the ledger names a file that is no machine file any
 * more, or when a machine has no path tests. Then it prints every machine's score and whether it
 * was fresh or re-measured. With the ledger up to date it runs no Stryker and takes seconds.
 *
 * It does not write the ledger: CI measures and passes or fails, and the committed ledger is what
 * a developer commits after measuring (`npm run mutation -- --machines ...`, or this check with
 * --write), so a stale entry stays visible until someone measures it.
 *
 *   npm run mutation:check                       check, measure the stale and missing machines
 *   npm run mutation:check -- --dry-run          (or --list) print the table and what it would
 *                                                measure, run no Stryker; fails only on what
 *                                                needs no measuring (a removed file, a machine
 *                                                without tests, a fresh entry below 85 %)
 *   npm run mutation:check -- --write            also record the re-measured entries
 *   npm run mutation:check -- --concurrency 1    other arguments go to Stryker
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  LEDGER_PATH,
  MIN_SCORE,
  compareLedger,
  failuresOf,
  machineFiles,
  nameOf,
  readLedger,
  scoreOfReport,
} from './mutationLedger';

const OWN_FLAGS = ['--dry-run', '--list', '--write'];
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run') || args.includes('--list');
const write = args.includes('--write');
const strykerArgs = args.filter((a) => !OWN_FLAGS.includes(a));

const all = machineFiles();
const state = compareLedger(readLedger(), all, readFileSync, existsSync);
const toMeasure = state.machines.filter((m) => m.freshness !== 'fresh').map((m) => m.file);
const count = (f: string) => state.machines.filter((m) => m.freshness === f).length;

console.log(
  `${LEDGER_PATH}: ${state.machines.length + state.untested.length} machine files, ` +
    `${count('fresh')} fresh, ${count('stale')} stale, ${count('missing')} missing` +
    (state.removed.length ? `, ${state.removed.length} removed` : '') +
    (state.untested.length ? `, ${state.untested.length} without path tests` : '') +
    '.',
);

/** Scores measured by this run, from scripts/mutation.ts's per-machine reports. */
const measured = new Map<string, number | null>();
let strykerStatus = 0;
if (!dryRun && toMeasure.length > 0) {
  console.log(`Measuring ${toMeasure.length} machine(s): ${toMeasure.map(nameOf).join(', ')}.`);
  const started = Date.now();
  const run = spawnSync(
    'npx',
    [
      'tsx',
      'scripts/mutation.ts',
      '--machines',
      toMeasure.join(','),
      `--min=${MIN_SCORE}`,
      ...(write ? [] : ['--no-ledger']),
      ...strykerArgs,
    ],
    { stdio: 'inherit', shell: false },
  );
  strykerStatus = run.status ?? 1;
  for (const file of toMeasure) {
    const report = path.join('reports/mutation/machines', `${nameOf(file)}.json`);
    // A report left by an earlier run is not this run's measure.
    if (!existsSync(report) || statSync(report).mtimeMs < started) continue;
    measured.set(file, scoreOfReport(readFileSync(report, 'utf8')));
  }
}

const pct = (s: number | null | undefined) =>
  s === null || s === undefined ? 'n/a' : `${s.toFixed(2)} %`;
const rows = [
  ['machine file', 'machine ids', 'score', 'ledger'],
  ...state.machines.map((m) => {
    const ids = (m.entry?.machineIds ?? []).join(', ');
    if (m.freshness === 'fresh') {
      const score = m.entry?.score;
      const below = score !== null && score !== undefined && score < MIN_SCORE;
      return [m.file, ids, pct(score), below ? `fresh, below ${MIN_SCORE} % ✗` : 'fresh ✓'];
    }
    if (measured.has(m.file)) {
      const before = m.entry ? ` (was ${pct(m.entry.score)})` : '';
      return [m.file, ids, pct(measured.get(m.file)), `re-measured, was ${m.freshness}${before}`];
    }
    const was = m.entry ? ` (ledger: ${pct(m.entry.score)}, ${m.entry.measured})` : '';
    return [
      m.file,
      ids,
      '-',
      `${m.freshness}${was}${dryRun ? ', would measure' : ', not measured'}`,
    ];
  }),
  ...state.untested.map((u) => [u.file, '', '-', `no path tests (${u.missing})`]),
  ...state.removed.map((f) => [f, '', '-', 'removed: no such machine file']),
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
console.log('\nMutation ledger');
for (const [i, r] of rows.entries()) {
  console.log(
    r.map((c, j) => (j === 2 ? c.padStart(widths[j]!) : c.padEnd(widths[j]!))).join('  '),
  );
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

const failures = failuresOf(state, measured, MIN_SCORE, { unmeasuredFails: !dryRun });
if (dryRun && toMeasure.length > 0) {
  console.log(
    `\n--dry-run: no Stryker run. The check would measure ${toMeasure.length} machine(s): ` +
      `npm run mutation -- --machines ${toMeasure.map(nameOf).join(',')}`,
  );
}
if (!dryRun && toMeasure.length > 0 && !write) {
  console.log(
    `\n${LEDGER_PATH} is left as it is (the check measures, it does not record): to record, run ` +
      `npm run mutation -- --machines ${toMeasure.map(nameOf).join(',')} and commit the ledger.`,
  );
}
if (strykerStatus !== 0) failures.unshift(`scripts/mutation.ts failed (exit ${strykerStatus}).`);
if (failures.length > 0) {
  console.error(`\nThe mutation ledger check fails:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `\nEvery machine ${dryRun ? 'in the ledger that is fresh ' : ''}scores at least ${MIN_SCORE} %.`,
);
