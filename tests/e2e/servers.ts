import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  giveToChild,
  PROCESS_START_CEILING_MS,
  runTsx,
  type RunningProcess,
} from '../server/support/serverProcess';

/**
 * The real servers an e2e worker runs against: each worker starts its own two (`npm run serve`'s
 * server/main.ts, on a fresh data directory each), so that workers run side by side without
 * sharing a database, rate limits or an outbox:
 * - `main`: the server as `npm start` runs it;
 * - `activation`: a second one whose new accounts need the emailed activation link
 *   (SIGNUP_REQUIRES_ACTIVATION), also used by tests that must not change the main one's seed.
 *
 * Worker n (Playwright's parallelIndex, reused when a worker is replaced) listens on
 * E2E_PORT + 2n and E2E_PORT + 2n + 1, with the data directories E2E_DATA_DIR-n and
 * E2E_DATA_DIR-n-activation.
 */
export type ServerName = 'main' | 'activation';
export type WorkerServers = Record<ServerName, string>;

/** The build the servers serve: the build for the test, or the one E2E_STATIC_DIR names. */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist-e2e';
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e');
/** How long a server may take to stop after SIGTERM before it is killed. */
const STOP_CEILING_MS = 20_000;

interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** Stops the server (SIGTERM, then SIGKILL if it has not exited in time) and waits for its end. */
async function stopProcess(server: RunningProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if ((await server.exitWithin(STOP_CEILING_MS)) === undefined) {
    child.kill('SIGKILL');
    await server.exited;
  }
}

/**
 * Starts `npm run serve`'s server/main.ts as the server tests do (tests/server/support/
 * serverProcess.ts: as nobody when run as root) on a new, empty data directory, and answers once
 * it prints that it is running.
 */
async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  await giveToChild(dataDir);
  const server = runTsx(['server/main.ts'], {
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR,
    NODE_ENV: 'test',
    ...env,
  });
  const stop = () => stopProcess(server);
  try {
    await server.waitFor('is running at', PROCESS_START_CEILING_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${port}`, stop };
}

/** Starts worker `index`'s two servers side by side; answers their addresses and how to stop. */
export async function startWorkerServers(
  index: number,
): Promise<{ urls: WorkerServers; stop: () => Promise<void> }> {
  const port = BASE_PORT + 2 * index;
  const dataDir = `${DATA_DIR}-${index}`;
  const started = await Promise.allSettled([
    startServer(port, dataDir),
    startServer(port + 1, `${dataDir}-activation`, { SIGNUP_REQUIRES_ACTIVATION: '1' }),
  ]);
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(running.map((server) => server.stop()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed !== undefined) {
    await stop();
    throw failed.reason;
  }
  const [main, activation] = running as [RunningServer, RunningServer];
  return { urls: { main: main.url, activation: activation.url }, stop };
}
