import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';

/**
 * End-to-end tests: Playwright drives Debian's chromium package (no browser download) against
 * the built app served by the real server (`npm start`'s server) on a fresh data directory.
 * Run after `npm run build` (npm test does).
 */
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
        STATIC_DIR: 'dist',
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
        STATIC_DIR: 'dist',
        NODE_ENV: 'test',
        SIGNUP_REQUIRES_ACTIVATION: '1',
      },
    },
  ],
});
