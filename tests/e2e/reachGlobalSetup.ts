import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The run's folder of the workers' files. */
export const REACH_DIR_ENV = 'GIVEDROP_REACH_DIR';

/**
 * The e2e run's global setup and teardown for what the real browser reaches: a fresh folder for
 * the workers' files (tests/e2e/reachFixture.ts), and at the end of the run their merge into
 * reports/paths/e2e.json and e2e-unreached.md, with one line per machine printed
 * (scripts/e2e-reach.ts). A figure, not a gate: the teardown never fails the run.
 */
export default function reachGlobalSetup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'givedrop-reach-'));
  process.env[REACH_DIR_ENV] = dir;
  return () => {
    const run = spawnSync('npx', ['tsx', 'scripts/e2e-reach.ts', dir], { stdio: 'inherit' });
    if (run.status !== 0) console.error(`The e2e reach report failed (exit ${run.status}).`);
    rmSync(dir, { recursive: true, force: true });
  };
}
