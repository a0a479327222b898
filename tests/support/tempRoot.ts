/**
 * One temporary directory per test run (vitest globalSetup), removed when the run ends: tests
 * make their scratch directories (the media service's files, most of all) inside it, so a run
 * leaves nothing behind in the system's temporary directory, however its tests end. Another run
 * beside this one has its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's temporary directory. */
    tempRoot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'givedrop-test-run-'));
  project.provide('tempRoot', root);
  return () => rm(root, { recursive: true, force: true });
}
