/**
 * Each run of the node project starts with no path records (vitest globalSetup): coverage/paths/
 * then holds only what this run's generated path suites wrote (tests/support/pathHarness.ts
 * merges the records of one machine's suites), never a record left by an earlier run. So
 * `npm run coverage:paths -- --from-unit-run` can report on the records `npm run test:unit` just
 * wrote instead of running the 4,000 path tests a second time.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';

export default async function setup(): Promise<void> {
  await rm(path.resolve('coverage/paths'), { recursive: true, force: true });
}
