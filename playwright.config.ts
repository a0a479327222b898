import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';

/**
 * End-to-end tests: Playwright drives Debian's chromium package (no browser download) against
 * the app built for the test (`npm run build:e2e`: dist-e2e/, the production build plus the
 * reach recorder, src/app/reach.ts) served by the real server (`npm start`'s server) on a fresh
 * data directory. Run after `npm run build:e2e` (npm test does).
 *
 * What the browser reaches: the specs' '@playwright/test' is mapped (tests/e2e/
 * playwright.tsconfig.json) to tests/e2e/reachFixture.ts, Playwright's `test` with a worker
 * fixture that collects every page's states and transitions; the global setup's teardown
 * (tests/e2e/reachGlobalSetup.ts) writes reports/paths/e2e.json and prints the figures.
 */
/**
 * The build the e2e servers serve: the build for the test (npm run build:e2e), or another one
 * named by E2E_STATIC_DIR (`dist`, the production build: nothing is recorded then).
 */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist-e2e';
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e');
/** A second server whose new accounts need the emailed activation link (SIGNUP_REQUIRES_ACTIVATION). */
export const ACTIVATION_PORT = PORT + 1;
const ACTIVATION_DATA_DIR = `${DATA_DIR}-activation`;
// The config is loaded by every worker too: the data directory is wiped by the server command,
// once, right before the server starts.
const wipeDataDir = `node -e "require('node:fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })"`;

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
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `${wipeDataDir} && npx tsx server/main.ts`,
      url: `http://localhost:${PORT}/api/configuration`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR,
        STATIC_DIR,
        NODE_ENV: 'test',
      },
    },
    {
      command: `${wipeDataDir} && npx tsx server/main.ts`,
      url: `http://localhost:${ACTIVATION_PORT}/api/configuration`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(ACTIVATION_PORT),
        DATA_DIR: ACTIVATION_DATA_DIR,
        STATIC_DIR,
        NODE_ENV: 'test',
        SIGNUP_REQUIRES_ACTIVATION: '1',
      },
    },
  ],
});
