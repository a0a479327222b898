/**
 * Mutation testing of the statecharts, one machine at a time: for each machine file
 * (src/machines/*Machine.ts, src/features/<flow>/*Machine.ts) Stryker (stryker.config.mjs)
 * mutates that file and runs only that machine's own generated path tests
 * (found by convention: tests/features/<flow>/<name>.test.ts for a flow's machine,
 * tests/machines/<name>.test.ts for the others) and tests/machines/descriptions.test.ts. A machine
 * factory (src/machines/*Factory.ts: one shape, several named machines) has no tests of its own:
 * it is mutated against the path tests of every machine file that imports it (its instances), so
 * a new instance's tests count for it with no list to edit. A machine's score is
 * what its own tests detect, and each mutant runs a few hundred tests instead of every suite.
 * Then it prints, per machine, its mutants by status and its score, plus the total, and the
 * surviving mutants of every machine below the minimum. Fails when Stryker fails or when a
 * machine scores below the minimum.
 *
 * Once Stryker has finished for a machine, its entry in docs/mutation-ledger.json is written
 * (scripts/mutationLedger.ts): its machines' ids, its counts and score, and the hash of the
 * machine file and the test files Stryker ran; commit the ledger. `npm run mutation:check`
 * (scripts/mutation-check.ts) re-measures, through this script, the machines whose hash changed.
 *
 *   npm run mutation                                   every machine, then the report
 *   npm run mutation -- --machines login,config        those machines (names or paths)
 *   npm run mutation -- --report-only                  report the last runs (reports/mutation/)
 *   npm run mutation -- --no-ledger                    measure, leave the ledger as it is
 *   npm run mutation -- --concurrency 1                other arguments go to Stryker
 *
 * MUTATION_MIN (or --min=N): the lowest score a machine may have, in %, 85 unless set; 0 turns
 * the check off. MUTATION_SURVIVORS (or --survivors=N): how many undetected mutants to list for
 * each machine below the minimum, 10 unless set.
 *
 * Score, as Stryker defines it: detected / (detected + undetected), where detected = killed +
 * timeout and undetected = survived + no coverage; errors and ignored mutants do not count
 * (scripts/stryker/statechartIgnorer.mjs says which mutants are ignored and why).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StateMachine, type AnyStateMachine } from 'xstate';
import {
  LEDGER_PATH,
  countsOf as ledgerCountsOf,
  hashOf,
  instancesOf,
  isFactory,
  machineFiles,
  nameOf,
  ownTestsOf,
  readLedger,
  serializeLedger,
  testsOf,
  type LedgerEntry,
} from './mutationLedger';

const REPORT_DIR = path.resolve('reports/mutation');
const REPORT = path.join(REPORT_DIR, 'mutation.json');
const HTML = path.join(REPORT_DIR, 'mutation.html');
const PER_MACHINE = path.join(REPORT_DIR, 'machines');

/** The part of mutation-testing-report-schema (Stryker's JSON report) read here. */
type MutantStatus =
  | 'Killed'
  | 'Survived'
  | 'NoCoverage'
  | 'CompileError'
  | 'RuntimeError'
  | 'Timeout'
  | 'Ignored'
  | 'Pending';
interface Position {
  line: number;
  column: number;
}
interface MutantResult {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: MutantStatus;
  statusReason?: string;
}
interface FileResult {
  source: string;
  mutants: MutantResult[];
}
interface MutationReport {
  schemaVersion: string;
  files: Record<string, FileResult>;
}

function option(name: string, env: string, fallback: number): number {
  const flag = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = flag ? flag.slice(name.length + 3) : process.env[env];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${env} / --${name} must be a number >= 0, got "${raw}".`);
    process.exit(2);
  }
  return value;
}

const min = option('min', 'MUTATION_MIN', 85);
const survivorsToList = option('survivors', 'MUTATION_SURVIVORS', 10);
const reportOnly = process.argv.includes('--report-only');
/** --no-ledger: measure and report, leave docs/mutation-ledger.json as it is. */
const writeLedger = !process.argv.includes('--no-ledger');
/** --machines a,b (or --machines=a,b); everything else not ours goes to Stryker. */
let machinesArg: string | undefined;
const strykerArgs: string[] = [];
for (let i = 2; i < process.argv.length; i += 1) {
  const a = process.argv[i]!;
  if (a === '--machines') {
    machinesArg = process.argv[i + 1];
    i += 1;
  } else if (a.startsWith('--machines=')) {
    machinesArg = a.slice('--machines='.length);
  } else if (!['--report-only', '--no-ledger'].includes(a) && !/^--(min|survivors)=/.test(a)) {
    strykerArgs.push(a);
  }
}

const all = machineFiles();
const chosen = machinesArg
  ? machinesArg.split(',').map((wanted) => {
      const w = wanted.trim();
      const match = all.find((f) => f === w || nameOf(f) === w || nameOf(f) === `${w}Machine`);
      if (!match) {
        console.error(`No machine file for "${w}". Machines: ${all.map(nameOf).join(', ')}.`);
        process.exit(2);
      }
      return match;
    })
  : all;

/** The `id` of every StateMachine a module exports. */
async function machineIdsIn(file: string): Promise<string[]> {
  const module = (await import(path.resolve(file))) as Record<string, unknown>;
  return Object.values(module)
    .filter((v) => v instanceof StateMachine)
    .map((m) => (m as AnyStateMachine).id);
}

/**
 * Writes the machine's entry in the ledger, from the report Stryker has just written: its
 * machines' ids (a factory: its instances'), its counts and score, the hash of what was measured.
 */
async function record(file: string, hash: string, tests: string[], reportFile: string) {
  const measured = JSON.parse(readFileSync(reportFile, 'utf8')) as MutationReport;
  const mutants = Object.entries(measured.files)
    .filter(([name]) => path.relative('.', path.resolve(name)).split(path.sep).join('/') === file)
    .flatMap(([, f]) => f.mutants);
  const sources = isFactory(file) ? instancesOf(file, all, readFileSync) : [file];
  const ids = new Set<string>();
  for (const source of sources) for (const id of await machineIdsIn(source)) ids.add(id);
  const entry: LedgerEntry = {
    machineIds: [...ids].sort(),
    ...ledgerCountsOf(mutants.map((m) => m.status)),
    hash,
    tests,
    measured: new Date().toISOString().slice(0, 10),
  };
  // Read again for each machine: an interrupted run keeps the entries of the finished ones.
  const ledger = readLedger();
  ledger.machines[file] = entry;
  writeFileSync(LEDGER_PATH, serializeLedger(ledger));
  console.log(`== ${nameOf(file)}: ${LEDGER_PATH} records ${entry.score ?? 'n/a'} % (${hash})`);
}

if (!reportOnly) {
  mkdirSync(PER_MACHINE, { recursive: true });
  const started = Date.now();
  for (const file of chosen) {
    const name = nameOf(file);
    const own = ownTestsOf(file, all, readFileSync);
    const tests = testsOf(file, all, readFileSync);
    const missing = own.length === 0 ? `${file} (no instance)` : own.find((t) => !existsSync(t));
    if (missing) {
      console.error(`${file} has no path tests at ${missing}.`);
      process.exit(1);
    }
    // A report left by an earlier run must not pass for this one's.
    rmSync(REPORT, { force: true });
    rmSync(path.join(PER_MACHINE, `${name}.json`), { force: true });
    console.log(`\n== ${name}: mutating ${file}, running ${tests.join(', ')}`);
    // The bytes Stryker measures: hashed before it copies them into its sandbox.
    const hash = hashOf(file, tests, readFileSync);
    const machineStarted = Date.now();
    const run = spawnSync(
      'npx',
      ['stryker', 'run', 'stryker.config.mjs', '--mutate', file, ...strykerArgs],
      { stdio: 'inherit', shell: false, env: { ...process.env, MUTATION_TESTS: tests.join(',') } },
    );
    const took = Math.round((Date.now() - machineStarted) / 1000);
    if (run.status !== 0 || !existsSync(REPORT)) {
      console.error(`Stryker failed on ${name} (exit ${run.status ?? run.signal}).`);
      process.exit(run.status || 1);
    }
    copyFileSync(REPORT, path.join(PER_MACHINE, `${name}.json`));
    if (existsSync(HTML)) copyFileSync(HTML, path.join(PER_MACHINE, `${name}.html`));
    console.log(`== ${name}: ${Math.floor(took / 60)} min ${took % 60} s`);
    if (writeLedger) await record(file, hash, tests, REPORT);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\nStryker took ${Math.floor(seconds / 60)} min ${seconds % 60} s in all.`);
}

// The report: every machine chosen, from its own run's report.
const files: Record<string, FileResult> = {};
for (const file of chosen) {
  const saved = path.join(PER_MACHINE, `${nameOf(file)}.json`);
  if (!existsSync(saved)) {
    console.error(
      `No mutation report for ${nameOf(file)} (${path.relative('.', saved)}): run npm run mutation.`,
    );
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(saved, 'utf8')) as MutationReport;
  Object.assign(files, report.files);
}
const report: MutationReport = { schemaVersion: '1', files };

interface Row {
  machine: string;
  file: string;
  counts: Record<MutantStatus, number>;
  undetected: MutantResult[];
  source: string;
}

function countsOf(mutants: readonly MutantResult[]): Record<MutantStatus, number> {
  const counts: Record<MutantStatus, number> = {
    Killed: 0,
    Survived: 0,
    NoCoverage: 0,
    CompileError: 0,
    RuntimeError: 0,
    Timeout: 0,
    Ignored: 0,
    Pending: 0,
  };
  for (const m of mutants) counts[m.status] += 1;
  return counts;
}

/** NaN when nothing was detected or undetected (no mutant counts towards a score). */
function score(c: Record<MutantStatus, number>): number {
  const detected = c.Killed + c.Timeout;
  const undetected = c.Survived + c.NoCoverage;
  return detected + undetected === 0 ? NaN : (100 * detected) / (detected + undetected);
}

const rows: Row[] = Object.entries(report.files)
  .map(([name, file]) => {
    const rel = path.relative('.', path.resolve(name)).split(path.sep).join('/');
    return {
      machine: path.basename(rel).replace(/\.[cm]?[jt]sx?$/, ''),
      file: rel,
      counts: countsOf(file.mutants),
      undetected: file.mutants
        .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
        .sort((a, b) => a.location.start.line - b.location.start.line),
      source: file.source,
    };
  })
  .sort((a, b) => a.file.localeCompare(b.file));

if (rows.length === 0) {
  console.error('The mutation report has no machine file: did the mutate globs match nothing?');
  process.exit(1);
}

const pct = (s: number) => (Number.isNaN(s) ? 'n/a' : `${s.toFixed(2)} %`);
const line = (name: string, file: string, c: Record<MutantStatus, number>) => [
  name,
  file,
  String(c.Killed),
  String(c.Survived),
  String(c.Timeout),
  String(c.NoCoverage),
  String(c.RuntimeError + c.CompileError),
  String(c.Ignored),
  String(Object.values(c).reduce((a, b) => a + b, 0)),
  pct(score(c)),
];
const header = [
  'machine',
  'file',
  'killed',
  'survived',
  'timeout',
  'no cov.',
  'errors',
  'ignored',
  'mutants',
  'score',
];
const total = countsOf(Object.values(report.files).flatMap((f) => f.mutants));
const table = [
  header,
  ...rows.map((r) => line(r.machine, r.file, r.counts)),
  line('total', '', total),
];
const widths = header.map((_, i) => Math.max(...table.map((r) => (r[i] ?? '').length)));
const format = (r: string[]) =>
  r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

console.log('\nMutation score per machine (each by its own path tests)');
for (const [i, r] of table.entries()) {
  if (i === table.length - 1) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  console.log(format(r));
}

/** The mutated code, on one line, shortened. */
function original(source: string, m: MutantResult): string {
  const lines = source.split('\n');
  const { start, end } = m.location;
  const text =
    start.line === end.line
      ? (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
      : [
          (lines[start.line - 1] ?? '').slice(start.column - 1),
          ...lines.slice(start.line, end.line - 1),
          (lines[end.line - 1] ?? '').slice(0, end.column - 1),
        ].join('\n');
  return shorten(text);
}
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
}

const below = rows.filter((r) => score(r.counts) < min);
if (survivorsToList > 0) {
  for (const r of below) {
    console.log(
      `\n${r.machine}: ${r.undetected.length} undetected (${pct(score(r.counts))})` +
        (r.undetected.length > survivorsToList ? `, the first ${survivorsToList}:` : ':'),
    );
    for (const m of r.undetected.slice(0, survivorsToList)) {
      const status = m.status === 'NoCoverage' ? ' [no coverage]' : '';
      console.log(
        `  ${r.file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}${status}: ` +
          `${original(r.source, m)}  ->  ${shorten(m.replacement ?? '')}`,
      );
    }
  }
}

if (min > 0 && below.length > 0) {
  console.error(
    `\n${below.length} machine(s) below the minimum mutation score of ${min} % ` +
      `(MUTATION_MIN): ${below.map((r) => r.machine).join(', ')}.`,
  );
  process.exit(1);
}
console.log(
  min > 0 ? `\nEvery machine scores at least ${min} %.` : '\nNo minimum (MUTATION_MIN=0).',
);
