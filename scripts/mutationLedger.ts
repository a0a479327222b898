/**
 * The mutation ledger (docs/mutation-ledger.json): each machine file's last measured mutation
 * score, with a hash of the bytes Stryker measured (the machine file and every test file it ran
 * for it). `npm run mutation` (scripts/mutation.ts) writes a machine's entry once Stryker has
 * finished for it; `npm run mutation:check` (scripts/mutation-check.ts) recomputes every hash,
 * re-measures the machines whose hash changed or that have no entry, and fails below the minimum
 * or when the ledger names a file that is gone. So the ledger changes only by measuring.
 *
 * Also here, because both scripts need them: which files are machines and which tests Stryker
 * runs for each (by convention, no list to edit). The functions that decide (hash, staleness,
 * verdict) are pure and take the file reader they need, so tests/scripts/mutationLedger.test.ts
 * runs them on made-up files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The lowest mutation score a machine may have, in % (issue 33: ≥ 85 % on every machine). */
export const MIN_SCORE = 85;
export const LEDGER_PATH = 'docs/mutation-ledger.json';
/** Run for every machine beside its own path tests: every machine's descriptions. */
export const SHARED_TESTS: readonly string[] = ['tests/machines/descriptions.test.ts'];

export interface LedgerEntry {
  /** The `id` of every machine the file exports (for a factory: of its instances). */
  machineIds: string[];
  /** detected / (detected + undetected) in %, 2 decimals; null when no mutant counts. */
  score: number | null;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** "sha256:<hex>" of the machine file and `tests` (hashOf). */
  hash: string;
  /** The test files Stryker ran for the machine, the hash's order. */
  tests: string[];
  /** The day Stryker measured it, YYYY-MM-DD (UTC). */
  measured: string;
}
export interface Ledger {
  machines: Record<string, LedgerEntry>;
}

export type ReadFile = (file: string) => Buffer | string;

export const nameOf = (file: string) => path.basename(file).replace(/\.[cm]?[jt]sx?$/, '');
export const isFactory = (file: string) => /Factory\.ts$/.test(file);

/**
 * Every machine file, sorted: src/machines/*Machine.ts, src/features/<flow>/*Machine.ts, the
 * contract's statecharts (contract/*Machine.ts) and the machine factories (src/machines/*Factory.ts).
 */
export function machineFiles(): string[] {
  const inDir = (dir: string, pattern: RegExp) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => pattern.test(f))
          .map((f) => `${dir}/${f}`)
      : [];
  const features = existsSync('src/features')
    ? readdirSync('src/features').flatMap((flow) => inDir(`src/features/${flow}`, /Machine\.ts$/))
    : [];
  return [
    ...inDir('src/machines', /Machine\.ts$/),
    ...features,
    ...inDir('contract', /Machine\.ts$/),
    ...inDir('src/machines', /Factory\.ts$/),
  ].sort();
}

/** A flow's machine is tested in the flow's mirror folder, the others in tests/machines. */
export function pathTestsOf(file: string): string {
  const flow = /^src\/features\/([^/]+)\//.exec(file)?.[1];
  return flow
    ? `tests/features/${flow}/${nameOf(file)}.test.ts`
    : `tests/machines/${nameOf(file)}.test.ts`;
}

/** A factory's instances: the machine files (not factories) that import it. */
export function instancesOf(
  factory: string,
  machines: readonly string[],
  read: ReadFile,
): string[] {
  const module = nameOf(factory);
  return machines
    .filter((m) => m !== factory && !isFactory(m))
    .filter((m) => read(m).toString().includes(`/${module}';`));
}

/**
 * The machine's own path tests: its mirror test file, or for a factory the path tests of its
 * instances (so a new instance's tests count for it with no list to edit).
 */
export function ownTestsOf(file: string, machines: readonly string[], read: ReadFile): string[] {
  return isFactory(file) ? instancesOf(file, machines, read).map(pathTestsOf) : [pathTestsOf(file)];
}

/** Every test file Stryker runs for the machine (MUTATION_TESTS): its own, then the shared ones. */
export function testsOf(file: string, machines: readonly string[], read: ReadFile): string[] {
  return [...ownTestsOf(file, machines, read), ...SHARED_TESTS];
}

/**
 * "sha256:<hex>" of the machine file, then its test files in sorted order: each as its path, its
 * length in bytes and its bytes, so that moving bytes from one file to the next, renaming a test
 * file or adding one changes the hash.
 */
export function hashOf(machine: string, tests: readonly string[], read: ReadFile): string {
  const hash = createHash('sha256');
  for (const file of [machine, ...[...new Set(tests)].sort()]) {
    const bytes = Buffer.from(read(file));
    hash.update(`${file}\n${bytes.length}\n`);
    hash.update(bytes);
  }
  return `sha256:${hash.digest('hex')}`;
}

/** The counts a score is made of (Stryker's statuses, mutation-testing-report-schema). */
export function countsOf(statuses: readonly string[]) {
  const count = (s: string) => statuses.filter((x) => x === s).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const counted = killed + timeout + survived + noCoverage;
  const score = counted === 0 ? null : Math.round((10000 * (killed + timeout)) / counted) / 100;
  return { score, killed, timeout, survived, noCoverage };
}

/** The score of a Stryker JSON report (mutation-testing-report-schema), every file's mutants. */
export function scoreOfReport(json: string): number | null {
  const report = JSON.parse(json) as { files: Record<string, { mutants: { status: string }[] }> };
  return countsOf(Object.values(report.files).flatMap((f) => f.mutants.map((m) => m.status))).score;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Deterministic text: keys sorted at every level, 2-space JSON, a trailing newline. */
export function serializeLedger(ledger: Ledger): string {
  return `${JSON.stringify(sortKeys(ledger), null, 2)}\n`;
}

export function parseLedger(text: string): Ledger {
  const parsed = JSON.parse(text) as Partial<Ledger>;
  if (!parsed || typeof parsed.machines !== 'object' || parsed.machines === null) {
    throw new Error(`${LEDGER_PATH} has no "machines" object.`);
  }
  return { machines: parsed.machines };
}

export function readLedger(file = LEDGER_PATH): Ledger {
  return existsSync(file) ? parseLedger(readFileSync(file, 'utf8')) : { machines: {} };
}

export type Freshness = 'fresh' | 'stale' | 'missing';

export interface MachineState {
  file: string;
  /** The hash of the sources as they are now. */
  hash: string;
  tests: string[];
  freshness: Freshness;
  /** The ledger's entry, when there is one (stale or fresh). */
  entry?: LedgerEntry;
}

export interface LedgerState {
  machines: MachineState[];
  /** Files the ledger names that no longer exist (or are no machine file any more). */
  removed: string[];
  /** Machines whose own path tests do not exist (Stryker cannot measure them). */
  untested: { file: string; missing: string }[];
}

/**
 * Compares the ledger with the sources: a machine with no entry is missing, one whose entry's
 * hash differs from the sources' is stale, the others are fresh.
 */
export function compareLedger(
  ledger: Ledger,
  machines: readonly string[],
  read: ReadFile,
  exists: (file: string) => boolean,
): LedgerState {
  const states: MachineState[] = [];
  const untested: LedgerState['untested'] = [];
  for (const file of machines) {
    const own = ownTestsOf(file, machines, read);
    const missing = own.length === 0 ? `${file} (no instance)` : own.find((t) => !exists(t));
    if (missing) {
      untested.push({ file, missing });
      continue;
    }
    const tests = testsOf(file, machines, read);
    const hash = hashOf(file, tests, read);
    const entry = ledger.machines[file];
    const freshness: Freshness = !entry ? 'missing' : entry.hash === hash ? 'fresh' : 'stale';
    states.push({ file, hash, tests, freshness, ...(entry ? { entry } : {}) });
  }
  const removed = Object.keys(ledger.machines)
    .filter((f) => !machines.includes(f))
    .sort();
  return { machines: states, removed, untested };
}

/** What the check fails on, one sentence each; empty when it passes. */
export function failuresOf(
  state: LedgerState,
  /** The scores measured in this run (file → score), for the stale and missing ones. */
  measured: ReadonlyMap<string, number | null>,
  min = MIN_SCORE,
  /** false for a dry run: a stale or missing machine is to measure, not a failure yet. */
  { unmeasuredFails = true }: { unmeasuredFails?: boolean } = {},
): string[] {
  const failures: string[] = [];
  for (const file of state.removed) {
    failures.push(`${LEDGER_PATH} names ${file}, which is no machine file any more.`);
  }
  for (const { file, missing } of state.untested) {
    failures.push(`${file} has no path tests at ${missing}.`);
  }
  for (const m of state.machines) {
    const score = m.freshness === 'fresh' ? m.entry?.score : measured.get(m.file);
    if (m.freshness !== 'fresh' && !measured.has(m.file)) {
      if (unmeasuredFails) {
        failures.push(`${m.file} is ${m.freshness} in the ledger and was not measured.`);
      }
    } else if (score !== null && score !== undefined && score < min) {
      failures.push(`${m.file} scores ${score.toFixed(2)} %, below ${min} %.`);
    }
  }
  return failures;
}
