/**
 * The server as started by `npm run serve` (server/main.ts in a child process): its data
 * directory is private, an unusable one is named at start, production seeds no demo accounts,
 * a data directory that turns read-only answers 503 and ends the server with code 1, and
 * SIGTERM ends it. A run takes about 25 s on a quiet machine (PGlite's initdb on a new directory is
 * most of it). Every test has a data directory of its own, and waits for the server's own signals
 * (the line it prints once it listens, its exit); the limits only end a test that would hang.
 */
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import * as proc from './support/serverProcess';
import { testDatabaseUrl } from './support/testDatabase';

let root: string;
/** The servers a test started, killed after it if still running. */
let running: proc.RunningProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'givedrop-serve-'));
  await chmod(root, 0o755);
  await proc.giveToChild(root);
});
afterEach(() => {
  running.forEach(proc.killIfRunning);
  running = [];
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What a test may take: two server starts at their ceiling, and their ends. */
const TEST_CEILING_MS = 2 * proc.PROCESS_START_CEILING_MS + 60_000;

/** A server's end after SIGTERM: a bounded shutdown (server/lifecycle.ts, at most 10 s). */
const EXIT_CEILING_MS = 60_000;

async function serve(dataDir: string, env: Record<string, string> = {}) {
  const port = await proc.freePort();
  const server = proc.runTsx(['server/main.ts'], {
    DATA_DIR: dataDir,
    PORT: String(port),
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    ...env,
  });
  running.push(server);
  return { server, url: (path: string) => `http://127.0.0.1:${port}/api/${path}` };
}

function login(url: string, email: string, password = DEMO_PASSWORD) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    // A ceiling for a server that never answers, not a target.
    signal: AbortSignal.timeout(60_000),
  });
}

/** Every path under `dir` (itself included) whose mode gives group or others any access. */
async function notPrivate(dir: string): Promise<string[]> {
  const paths = [dir];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) paths.push(join(entry.parentPath, entry.name));
  }
  const open: string[] = [];
  for (const path of paths) {
    const { mode } = await stat(path);
    if ((mode & 0o077) !== 0) open.push(`${(mode & 0o777).toString(8)} ${path}`);
  }
  return open;
}

/** Removes write permission from `path` and everything under it. */
async function makeReadOnly(path: string): Promise<void> {
  const info = await stat(path);
  if (info.isDirectory()) {
    for (const name of await readdir(path)) await makeReadOnly(join(path, name));
  }
  await chmod(path, info.mode & 0o555);
}

async function makeWorldWritable(path: string): Promise<void> {
  const info = await stat(path);
  if (info.isDirectory()) {
    await chmod(path, 0o777);
    for (const name of await readdir(path)) await makeWorldWritable(join(path, name));
  } else {
    await chmod(path, 0o666);
  }
}

// PGlite-specific (DATA_DIR's permissions and a data directory turning read-only): the
// PostgreSQL run (TEST_DATABASE_URL) skips it, the PGlite run of the same files covers it.
describe.skipIf(testDatabaseUrl !== undefined)('npm run serve', () => {
  it(
    'in production: a private new data directory, no demo accounts, how to add a host; SIGTERM ends it',
    async () => {
      const dataDir = join(root, 'new-production');
      const { server, url } = await serve(dataDir, {
        NODE_ENV: 'production',
        CAPTCHA_OPT_OUT: '1',
      });
      await server.waitFor('is running at');
      expect(server.output()).toContain('npm run create-host -- EMAIL');
      expect(server.output()).not.toContain(DEMO_PASSWORD);
      expect((await login(url('auth/login'), DEMO_USERS.owner.email)).status).toBe(401);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect(await notPrivate(dataDir)).toEqual([]);

      server.child.kill('SIGTERM');
      expect(await server.exitWithin(EXIT_CEILING_MS)).toEqual({ code: 0, signal: null });
    },
    TEST_CEILING_MS,
  );

  it(
    'makes an existing data directory with 0666 files private at start',
    async () => {
      const dataDir = join(root, 'existing');
      const first = await serve(dataDir, { NODE_ENV: 'production', CAPTCHA_OPT_OUT: '1' });
      await first.server.waitFor('is running at');
      first.server.child.kill('SIGTERM');
      expect(await first.server.exitWithin(EXIT_CEILING_MS)).toEqual({ code: 0, signal: null });
      await makeWorldWritable(dataDir);
      const stray = join(dataDir, 'media', 'left-open');
      await writeFile(stray, 'x');
      await chmod(stray, 0o666);
      await proc.giveToChild(stray);
      const { server } = await serve(dataDir, { NODE_ENV: 'production', CAPTCHA_OPT_OUT: '1' });
      await server.waitFor('is running at');
      expect(await notPrivate(dataDir)).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exitWithin(EXIT_CEILING_MS)).toEqual({ code: 0, signal: null });
    },
    TEST_CEILING_MS,
  );

  it(
    'names a data directory it cannot write at start, and exits 1',
    async () => {
      const dataDir = join(root, 'read-only');
      await mkdir(dataDir);
      await proc.giveToChild(dataDir);
      await chmod(dataDir, 0o500);
      const { server } = await serve(dataDir);
      const exit = await server.exitWithin(proc.PROCESS_START_CEILING_MS);
      expect(exit).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain(
        `The data directory ${dataDir} (DATA_DIR) cannot be written`,
      );
      expect(server.output()).toContain('permission denied');
      expect(server.output()).not.toContain('PGlite failed to initialize');
    },
    TEST_CEILING_MS,
  );

  it(
    'answers 503 when its data directory turns read-only, then exits 1 after draining',
    async () => {
      const dataDir = join(root, 'turns-read-only');
      const { server, url } = await serve(dataDir, {
        NODE_ENV: 'production',
        CAPTCHA_OPT_OUT: '1',
        SEED_DEMO: '1',
        DATABASE_PROBE_INTERVAL_SECONDS: '1',
      });
      await server.waitFor('is running at');
      expect((await fetch(url('health'))).status).toBe(200);

      await makeReadOnly(dataDir);
      // A login writes a refresh token: the write fails, the answer is 503, not a hang or a 500.
      const response = await login(url('auth/login'), DEMO_USERS.owner.email);
      expect(response.status).toBe(503);
      // Three failed probes a second apart, then at most 10 s of draining: the ceiling only ends a
      // server that would never exit.
      const exit = await server.exitWithin(EXIT_CEILING_MS);
      expect(exit).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain('the database stays unusable');
    },
    TEST_CEILING_MS,
  );
});
