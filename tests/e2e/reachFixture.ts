/**
 * The specs' `test`: Playwright's own with the worker's real servers, and what the real browser
 * reaches recorded (issue 33, deliverable 3).
 *
 * The specs import `test` and `expect` from '@playwright/test' as usual; the e2e run's tsconfig
 * (tests/e2e/playwright.tsconfig.json, named in playwright.config.ts) maps that import to this
 * module, which is Playwright's own with these fixtures more:
 * - `workerServers` starts the worker's two servers (tests/e2e/servers.ts) and stops them at the
 *   worker's end; `baseURL` is the one the test's `server` option names (`main` unless a spec says
 *   `test.use({ server: 'activation' })`), for its pages and its `request`.
 * - `reachRecorder` records the statecharts' states and transitions. It gives every browser
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
import { startWorkerServers, type ServerName, type WorkerServers } from './servers';

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

export const test = base.extend<
  { server: ServerName },
  { reachRecorder: void; workerServers: WorkerServers }
>({
  /** Which of the worker's servers the test's pages and requests go to (tests/e2e/servers.ts). */
  server: ['main', { option: true }],
  baseURL: async ({ server, workerServers }, use) => {
    await use(workerServers[server]);
  },
  workerServers: [
    // Playwright requires the fixture's first argument to be a destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const servers = await startWorkerServers(workerInfo.parallelIndex);
      try {
        await use(servers.urls);
      } finally {
        await servers.stop();
      }
    },
    // Starting two servers (migrations and seed on a fresh database) takes a while when busy.
    { scope: 'worker', timeout: 240_000 },
  ],
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
