import { defineConfig, devices } from '@playwright/test';
import { availableParallelism } from 'node:os';

/**
 * End-to-end tests: Playwright drives Debian's chromium package (no browser download) against
 * the app built for the test (`npm run build:e2e`: dist-e2e/, the production build plus the
 * reach recorder, src/app/reach.ts; E2E_STATIC_DIR names another) served by the real server
 * (`npm start`'s server), each worker its own on fresh data directories. Run after
 * `npm run build:e2e` (npm test does).
 *
 * What the browser reaches: the specs' '@playwright/test' is mapped (tests/e2e/
 * playwright.tsconfig.json) to tests/e2e/reachFixture.ts, Playwright's `test` with a worker
 * fixture that collects every page's states and transitions; the global setup's teardown
 * (tests/e2e/reachGlobalSetup.ts) writes reports/paths/e2e.json and prints the figures.
 *
 * Workers side by side (E2E_WORKERS): each starts its own two servers on fresh data directories
 * (tests/e2e/servers.ts, a worker fixture of reachFixture.ts), so nothing is shared between them;
 * a spec file runs in one worker, its tests in order. By default one per two cores: each worker
 * keeps about a core busy (Chromium, axe, its servers), and on a 2-core machine two workers took
 * longer than one (the whole e2e: 34.2 min against 29.1 min, measured on 2026-11-29).
 */
const WORKERS = Number(
  process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)),
);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  tsconfig: './tests/e2e/playwright.tsconfig.json',
  globalSetup: './tests/e2e/reachGlobalSetup.ts',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
