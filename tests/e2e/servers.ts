import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

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
/** How long a server may take to answer its first request (a busy machine migrates slowly). */
const START_TIMEOUT_MS = 180_000;
/** How long a server may take to stop after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 20_000;

interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** Answers once the server answers GET /api/configuration, or fails with its output so far. */
async function answering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited (${signal ?? code})`;
  });
  for (;;) {
    if (exited !== null) throw new Error(`The e2e server at ${url} ${exited}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/configuration`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`The e2e server at ${url} did not answer in time:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR,
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last lines it wrote, to say why it did not start.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exit;
    clearTimeout(killed);
  };
  const url = `http://localhost:${port}`;
  try {
    await answering(url, child, () => tail);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
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
