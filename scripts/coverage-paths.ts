/**
 * Path coverage of the generated machine tests (architecture.md §7): runs tests/machines (the shared
 * machines) and tests/features (each flow's, in its mirror folder), then prints,
 * per machine of the registry, the states and transitions the generated paths reached out of all
 * of them. Fails below 100 %, when a machine has no generated path tests, or when a path fails.
 *
 * It also writes the path report QA reads (scripts/pathReport.ts): reports/paths/paths.json and
 * reports/paths/index.html (generated, not committed), and docs/path-coverage.json (committed:
 * it fails when that file differs from what git has, after rewriting it, like
 * `npm run statecharts:check`).
 *
 *   npm run coverage:paths
 *   npm run coverage:paths -- --from-unit-run      # the records `npm run test:unit` just wrote
 *   tsx scripts/coverage-paths.ts --report-only   # index.html again from paths.json + e2e.json
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CoverageRecord, PathsFile } from '../tests/support/pathHarness';
import {
  e2eLines,
  machineReport,
  pathCoverage,
  reportHtml,
  type E2eReport,
  type PathsReport,
} from './pathReport';

const dir = path.resolve('coverage/paths');
const reportDir = path.resolve('reports/paths');
const docsFile = path.resolve('docs/path-coverage.json');
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Writes index.html from the report and, when the e2e run wrote it, e2e.json. */
function writeHtml(report: PathsReport): void {
  const e2eFile = path.join(reportDir, 'e2e.json');
  const e2e = existsSync(e2eFile)
    ? (JSON.parse(readFileSync(e2eFile, 'utf8')) as E2eReport)
    : undefined;
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, 'index.html'), reportHtml(report, e2e));
  if (e2e) {
    console.log('\nWhat the e2e tests reached in Chromium, beside the unit figures');
    for (const line of e2eLines(report, e2e)) console.log(line);
  }
  console.log(`\nPath report: ${path.relative(process.cwd(), reportDir)}/index.html`);
}

if (process.argv.includes('--report-only')) {
  const file = path.join(reportDir, 'paths.json');
  if (!existsSync(file)) {
    console.error(`${path.relative(process.cwd(), file)} is missing: run npm run coverage:paths.`);
    process.exit(1);
  }
  writeHtml(JSON.parse(readFileSync(file, 'utf8')) as PathsReport);
  process.exit(0);
}

console.log(`coverage:paths started at ${new Date(started).toISOString()}`);
let failed = false;
if (process.argv.includes('--from-unit-run')) {
  // The records the whole unit run just wrote (each run of the node project starts with none:
  // tests/support/pathRecords.ts); npm test runs this right after a green `npm run test:unit`.
  if (!existsSync(dir)) {
    console.error(`${path.relative(process.cwd(), dir)} is missing: run npm run test:unit first.`);
    process.exit(1);
  }
  console.log(`Path records of the last unit run: ${path.relative(process.cwd(), dir)}/`);
} else {
  rmSync(dir, { recursive: true, force: true });
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'node', 'tests/machines', 'tests/features'],
    { stdio: 'inherit', shell: false },
  );
  console.log(`Path tests ran in ${seconds()}.`);
  failed = run.status !== 0;
  if (failed) console.error('Machine path tests failed (the report marks the failed paths).');
}

/** One machine's suites' records as one: what any of them reached, and all their paths. */
function mergeRecords(own: CoverageRecord[]): CoverageRecord | undefined {
  const [first] = own;
  if (first === undefined) return undefined;
  const reached = (all: string[], pick: (record: CoverageRecord) => string[]) => {
    const any = new Set(own.flatMap(pick));
    return all.filter((x) => any.has(x));
  };
  return {
    machine: first.machine,
    states: { all: first.states.all, reached: reached(first.states.all, (r) => r.states.reached) },
    transitions: {
      all: first.transitions.all,
      reached: reached(first.transitions.all, (r) => r.transitions.reached),
    },
    paths: own.reduce((sum, r) => sum + r.paths, 0),
  };
}

const pct = (reached: number, all: number) => (all === 0 ? 100 : (100 * reached) / all);
const rows: string[][] = [['machine', 'paths', 'states', 'transitions']];
const records: CoverageRecord[] = [];
const report: PathsReport = {};
// Each suite wrote its record and its paths to files of its own (suites run in parallel workers).
const suiteFiles = existsSync(dir) ? readdirSync(dir) : [];
const pathFiles = suiteFiles.filter((f) => f.endsWith('.paths.json'));
const recordFiles = suiteFiles.filter((f) => f.endsWith('.record.json'));
// Loaded here, not at the top: --report-only needs no machine.
const { allMachines } = await import('../src/app/machineList');
for (const machine of await allMachines()) {
  const own = recordFiles
    .filter((f) => f.startsWith(`${machine.id}.`))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CoverageRecord)
    .filter((record) => record.machine === machine.id);
  const r = mergeRecords(own);
  if (r === undefined) {
    rows.push([machine.id, '0', 'no generated path tests', '']);
    failed = true;
    continue;
  }
  records.push(r);
  const suites = pathFiles
    .filter((f) => f.startsWith(`${machine.id}.`))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as PathsFile)
    .filter((f) => f.machine === machine.id);
  report[machine.id] = machineReport(machine.id, r, suites);
  const failedPaths = report[machine.id]?.paths.filter((p) => !p.ok).length ?? 0;
  if (failedPaths) {
    failed = true;
    console.error(`  ${failedPaths} path(s) of ${machine.id} failed`);
  }
  const s = pct(r.states.reached.length, r.states.all.length);
  const t = pct(r.transitions.reached.length, r.transitions.all.length);
  rows.push([
    machine.id,
    String(r.paths),
    `${r.states.reached.length}/${r.states.all.length} (${s.toFixed(1)} %)`,
    `${r.transitions.reached.length}/${r.transitions.all.length} (${t.toFixed(1)} %)`,
  ]);
  if (s < 100 || t < 100) {
    failed = true;
    const missing = [
      ...r.states.all.filter((x) => !r.states.reached.includes(x)).map((x) => `state ${x}`),
      ...r.transitions.all
        .filter((x) => !r.transitions.reached.includes(x))
        .map((x) => `transition ${x}`),
    ];
    for (const m of missing) console.error(`  not reached in ${machine.id}: ${m}`);
  }
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
console.log('\nPath coverage (generated machine tests)');
for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));

mkdirSync(reportDir, { recursive: true });
writeFileSync(path.join(reportDir, 'paths.json'), JSON.stringify(report));
writeHtml(report);

// docs/path-coverage.json: rewritten, then compared with git (a fresh clone fails when stale).
// Only a complete run writes it: a failed one would record lower figures.
if (!failed) {
  const content = `${JSON.stringify(pathCoverage(records), null, 2)}\n`;
  const before = existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : undefined;
  writeFileSync(docsFile, content);
  const git = (...args: string[]) =>
    spawnSync('git', args, { encoding: 'utf8', shell: false, cwd: path.dirname(docsFile) });
  const changed = git('diff', '--name-only', '--', path.basename(docsFile));
  const added = git('ls-files', '--others', '--exclude-standard', '--', path.basename(docsFile));
  const differing =
    changed.status === 0 && added.status === 0
      ? Boolean(`${changed.stdout}${added.stdout}`.trim())
      : before !== content;
  if (differing) {
    console.error(
      '\ndocs/path-coverage.json differed from what is committed: it has been rewritten, review and commit it.',
    );
    failed = true;
  }
}

console.log(`coverage:paths finished at ${new Date().toISOString()} (${seconds()}).`);
if (failed) {
  console.error(
    '\nPath coverage failed: a path failed, or is below 100 %, or docs/path-coverage.json was stale.',
  );
  process.exit(1);
}
console.log('\nAll machines: 100 % of states and transitions reached.');
