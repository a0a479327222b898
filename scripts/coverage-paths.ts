/**
 * Path coverage of the generated machine tests (architecture.md §7): runs tests/machines (the shared
 * machines) and tests/features (each flow's, in its mirror folder), then prints,
 * per machine of the registry, the states and transitions the generated paths reached out of all
 * of them. Fails below 100 % or when a machine has no generated path tests.
 *
 *   npm run coverage:paths
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { allMachines } from '../src/app/machineList';
import type { CoverageRecord } from '../tests/support/pathHarness';

const dir = path.resolve('coverage/paths');
rmSync(dir, { recursive: true, force: true });

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'node', 'tests/machines', 'tests/features'],
  {
    stdio: 'inherit',
    shell: false,
  },
);
if (run.status !== 0) {
  console.error('Machine path tests failed.');
  process.exit(run.status ?? 1);
}

const pct = (reached: number, all: number) => (all === 0 ? 100 : (100 * reached) / all);
let failed = false;
const rows: string[][] = [['machine', 'paths', 'states', 'transitions']];
for (const machine of await allMachines()) {
  const file = path.join(dir, `${machine.id}.json`);
  if (!existsSync(file)) {
    rows.push([machine.id, '0', 'no generated path tests', '']);
    failed = true;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8')) as CoverageRecord;
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
if (failed) {
  console.error('\nPath coverage is below 100 %.');
  process.exit(1);
}
console.log('\nAll machines: 100 % of states and transitions reached.');
