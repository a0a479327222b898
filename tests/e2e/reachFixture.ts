/**
 * What the real browser reaches (issue 33, deliverable 3), the e2e side: every spec's `test`
 * records the statecharts' states and transitions that Chromium reaches.
 *
 * The specs import `test` and `expect` from '@playwright/test' as usual; the e2e run's tsconfig
 * (tests/e2e/playwright.tsconfig.json, named in playwright.config.ts) maps that import to this
 * module, which is Playwright's own with one worker fixture more. The fixture gives every browser
 * context of the worker (the `page` fixture's, and those a spec opens with
 * `browser.newContext()` or `browser.newPage()`) a binding that the app, built for the test
 * (src/app/reach.ts), calls with what each page newly reaches, as it happens: nothing is lost
 * when a spec closes a page. At the worker's end the union goes to a file in the run's folder
 * (tests/e2e/reachGlobalSetup.ts), which the run merges into reports/paths/e2e.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, type BrowserContext } from 'playwright/test';
import { REACH_BINDING, type Reach, type ReachBatch } from '../../src/app/reach';
import { REACH_DIR_ENV } from './reachGlobalSetup';

export * from 'playwright/test';

const reached: Reach = {};

function add(batches: ReachBatch[]): void {
  for (const { machine, states, transitions } of batches) {
    const entry = (reached[machine] ??= { states: [], transitions: [] });
    for (const state of states) if (!entry.states.includes(state)) entry.states.push(state);
    for (const key of transitions) {
      if (!entry.transitions.includes(key)) entry.transitions.push(key);
    }
  }
}

/** What this worker's pages have reached so far, by machine id. */
export function reachSoFar(): Reach {
  return structuredClone(reached);
}

let workerFile: string | null = null;

/** Writes what this worker's pages have reached to its file of the run; returns the file. */
export function writeReach(): string | null {
  if (workerFile === null) return null;
  writeFileSync(workerFile, JSON.stringify(reached));
  return workerFile;
}

function attach(context: BrowserContext): void {
  context
    .exposeBinding(REACH_BINDING, (_source, batches: ReachBatch[]) => add(batches))
    // A context closed at once has nothing to record.
    .catch(() => {});
}

export const test = base.extend<object, { reachRecorder: void }>({
  reachRecorder: [
    async ({ browser }, use, workerInfo) => {
      const dir = process.env[REACH_DIR_ENV];
      if (dir) {
        mkdirSync(dir, { recursive: true });
        workerFile = path.join(dir, `worker-${workerInfo.workerIndex}.json`);
      }
      for (const context of browser.contexts()) attach(context);
      browser.on('context', attach);
      await use();
      browser.off('context', attach);
      writeReach();
    },
    { scope: 'worker', auto: true },
  ],
});

export default test;
