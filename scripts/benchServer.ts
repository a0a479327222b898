/**
 * What the benchmarks share: the real server (`server/main.ts`) in a child process on a free
 * port and a data directory of their own, and signing in through the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import type { SessionData } from '../contract/auth';
import { authEndpoints } from '../contract/endpoints/auth';
import { openDatabase, type Database } from '../server/db/database';
import { seedDatabase } from '../server/db/seed';
import { DEMO_PASSWORD } from '../server/db/seedData';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The server on `port` over `dataDir`; `env` adds to (or overrides) the benchmark defaults. `cwd`:
 * the checkout whose server runs (default this one).
 */
export function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  cwd?: string,
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    ...(cwd === undefined ? {} : { cwd }),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JWT_TTL_SECONDS: '3600',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Stops the server (SIGTERM, or SIGKILL for a crash) and waits until it has exited. */
export async function stopServer(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  await exited;
}

/** The end of a benchmark: the server stopped, its data directory removed unless BENCH_KEEP_DATA=1. */
export async function finishBench(child: ChildProcess | undefined, dataDir: string): Promise<void> {
  if (child !== undefined) await stopServer(child);
  if (process.env.BENCH_KEEP_DATA === '1') console.log(`\nData kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}

export async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}.`);
    try {
      if ((await fetch(`${base}/api/configuration`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('The server did not start within 120 s.');
}

/** Signs `email` in with the demo password; answers the login's session data. */
export async function signInSession(base: string, email: string): Promise<SessionData> {
  const response = await fetch(`${base}/api/${authEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { data?: SessionData };
  if (!response.ok || body.data?.jwtToken === undefined) {
    throw new Error(`Login failed: ${response.status}`);
  }
  return body.data;
}

/** Signs `email` in with the demo password; answers the access token. */
export async function signIn(base: string, email: string): Promise<string> {
  return (await signInSession(base, email)).jwtToken;
}

/**
 * A fresh data directory (or the empty PostgreSQL database at `databaseUrl`) migrated and seeded
 * with the demo data, then `more` on it.
 */
export async function seedBench(
  dataDir: string,
  databaseUrl: string | undefined,
  more: (db: Database) => Promise<void> = async () => undefined,
): Promise<void> {
  const handle = await openDatabase({ dataDir, databaseUrl });
  try {
    await handle.migrate();
    await seedDatabase(handle.db);
    await more(handle.db);
  } finally {
    await handle.close();
  }
}

export interface Answer {
  status: number;
  body: string;
}

/** POST `payload` (JSON) to `{base}/api/{path}` over `agent` as `token`; the answer once read. */
export function postApi(
  agent: http.Agent,
  base: URL,
  token: string,
  path: string,
  payload: unknown,
): Promise<Answer> {
  const body = JSON.stringify(payload);
  return new Promise((done, fail) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: `/api/${path}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', fail);
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** The body of a feedList request for `page`, newest first. */
export const feedPageRequest = (page: number, pageSize: number) => ({
  page,
  pageSize,
  sortBy: 'CreatedDate',
  sortByDescending: true,
  getTotalCount: false,
});
