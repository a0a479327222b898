/**
 * The server process (server/main.ts, as `npm run serve` runs it) on PostgreSQL when its
 * connections are lost, over real HTTP (issue 31: one terminated idle connection ended the
 * process with exit code 1, and stopping PostgreSQL under load killed it within 3 s):
 *
 * - every backend of its database ended (pg_terminate_backend: what a restart, a failover,
 *   idle_session_timeout or a pooler restart does): the process keeps running, its next
 *   requests are served (at worst a 503 with Retry-After first), and its notices listener is
 *   back and hands over the notices of a write made through another connection;
 * - its PostgreSQL stopped (`pg_ctl stop -m fast`) and started again within the probe window,
 *   under a loop of requests: during the outage every request answers 503 in the envelope with
 *   Retry-After, never a dropped connection or a 500; afterwards 200 again, without a restart;
 * - its PostgreSQL stopped for longer than the probe window: 503 with Retry-After meanwhile, then
 *   the server drains and exits with code 1 for its supervisor to restart it (README).
 *
 * The first needs a PostgreSQL server (TEST_DATABASE_URL); the other two stop and start a cluster
 * of their own (`.ci/postgres` with its own directory and port, never the shared one the other
 * test files use), so they also need Debian's PostgreSQL binaries. All are skipped without them.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { NOTICES_APPLICATION_NAME } from '../../server/db/notices';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import { DATABASE_UNAVAILABLE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../server/http/errors';
import { apiPaths } from './support/apiPaths';
import * as proc from './support/serverProcess';
import { createPostgresTestDatabase, testDatabaseUrl } from './support/testDatabase';

const run = promisify(execFile);

/** Generous ceilings: the machine may be busy (a start migrates, and seeds a new database). */
const START_MS = 120_000;
const SERVE_AGAIN_MS = 60_000;

interface Server {
  process: proc.RunningProcess;
  base: string;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { status?: number; messages?: string[]; data?: unknown } | undefined;
}

let root: string;
let servers: Server[] = [];

/** Resolves once `check` holds (checked every 50 ms) or throws after `ms`. */
async function eventually(
  what: string,
  ms: number,
  check: () => boolean | Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startServer(databaseUrl: string, env: Record<string, string>): Promise<Server> {
  const port = await proc.freePort();
  const running = proc.runTsx(['server/main.ts'], {
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(root, `server-${servers.length}`),
    HOST: '127.0.0.1',
    PORT: String(port),
    STATIC_DIR: '',
    // The lost connections are logged as warnings: the tests wait for them.
    LOG_LEVEL: 'warn',
    ...env,
  });
  const server = { process: running, base: `http://127.0.0.1:${port}/api/` };
  servers.push(server);
  await running.waitFor('is running at', START_MS);
  return server;
}

function stillRunning(server: Server): boolean {
  const { child } = server.process;
  return child.exitCode === null && child.signalCode === null;
}

/** `check`, failing at once (with what the server printed) once the server has exited. */
const whileRunning = (server: Server, check: () => boolean) => () => {
  if (!stillRunning(server)) {
    throw new Error(`the server exited:\n${server.process.output().slice(-4000)}`);
  }
  return check();
};

async function request(
  server: Server,
  path: string,
  init: { token?: string; payload?: object } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.base}${path}`, {
    method: init.payload === undefined ? 'GET' : 'POST',
    headers,
    ...(init.payload === undefined ? {} : { body: JSON.stringify(init.payload) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: text === '' ? undefined : (JSON.parse(text) as Answer['body']),
  };
}

async function signIn(server: Server): Promise<string> {
  const answer = await request(server, apiPaths.login, {
    payload: { email: DEMO_USERS.member.email, password: DEMO_PASSWORD },
  });
  expect(answer.status).toBe(200);
  return (answer.body?.data as { jwtToken: string }).jwtToken;
}

const feedPage = (server: Server, token: string) =>
  request(server, apiPaths.postsFeedList, { token, payload: { page: 1, pageSize: 20 } });

/** What the server must answer while its database cannot be used. */
function expectUnavailable(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(answer.retryAfter).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  expect(answer.body?.status).toBe(ResponseStatus.Error);
  expect(answer.body?.messages).toEqual([DATABASE_UNAVAILABLE]);
}

/** Reads the feed until it answers 200 (every other answer must be the documented 503). */
async function feedServedAgain(server: Server, token: string): Promise<Answer> {
  const deadline = Date.now() + SERVE_AGAIN_MS;
  for (;;) {
    const answer = await feedPage(server, token);
    if (answer.status === 200) return answer;
    expectUnavailable(answer);
    if (Date.now() > deadline) throw new Error(`not served again within ${SERVE_AGAIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopServers(): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      if (stillRunning(server)) server.process.child.kill('SIGTERM');
      if ((await server.process.exitWithin(15_000)) === undefined)
        proc.killIfRunning(server.process);
    }),
  );
  servers = [];
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'givedrop-outage-'));
  await chmod(root, 0o755);
  await proc.giveToChild(root);
});

afterAll(async () => {
  await stopServers();
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(testDatabaseUrl === undefined)(
  'every connection of the server ended (skipped without TEST_DATABASE_URL)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
    let admin: pg.Client | undefined;

    afterEach(async () => {
      await stopServers();
      await admin?.end();
      await database?.drop();
    });

    const noticesBackend = async (client: pg.Client) => {
      const result = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [NOTICES_APPLICATION_NAME],
      );
      return result.rows[0]?.pid;
    };

    it(
      'keeps running and serving, and listens to notices again',
      { timeout: 300_000 },
      async () => {
        database = await createPostgresTestDatabase();
        admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        // A copy of the seeded template: no demo media files to write at start.
        const server = await startServer(database.url, { SEED_DEMO: '0' });
        const token = await signIn(server);
        await eventually('the notices listener connects', START_MS, async () => {
          return (await noticesBackend(admin!)) !== undefined;
        });
        const listener = await noticesBackend(admin);
        // The pool keeps the connection of this request idle (for 10 s) when it is answered.
        expect((await feedPage(server, token)).status).toBe(200);

        const ended = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
        );
        // The pool's connection(s) and the notices listener's.
        expect(ended.rows.filter((row) => row.ended).length).toBeGreaterThanOrEqual(2);
        await server.process.waitFor('an idle connection was lost', SERVE_AGAIN_MS);
        await server.process.waitFor('change notices: connection lost', SERVE_AGAIN_MS);

        const served = await feedServedAgain(server, token);
        expect(served.body?.status).toBe(ResponseStatus.Ok);
        expect(stillRunning(server)).toBe(true);

        // The listener is back on a new connection, and hands over a write made elsewhere: the
        // feed's first page, remembered once read, shows the change made through our connection.
        await eventually('the notices listener connects again', SERVE_AGAIN_MS, async () => {
          const pid = await noticesBackend(admin!);
          return pid !== undefined && pid !== listener;
        });
        const first = (await feedPage(server, token)).body?.data as { list: { id: number }[] };
        const top = first.list[0]!.id;
        expect((await feedPage(server, token)).status).toBe(200);
        const message = 'Changed through another connection after the listener came back';
        await admin.query('update posts set message = $1 where id = $2', [message, top]);
        const after = (await feedPage(server, token)).body?.data as {
          list: { id: number; message: string }[];
        };
        expect(after.list.find((row) => row.id === top)?.message).toBe(message);
        expect(stillRunning(server)).toBe(true);
      },
    );
  },
);

/** Debian's PostgreSQL binaries, which `.ci/postgres` runs (it installs them only as root). */
const hasPostgresBinaries = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((version) =>
    existsSync(`/usr/lib/postgresql/${version}/bin/pg_ctl`),
  );

describe.skipIf(testDatabaseUrl === undefined || !hasPostgresBinaries())(
  'its PostgreSQL stopped (a cluster of its own; skipped without TEST_DATABASE_URL)',
  () => {
    let clusterDir: string;
    let clusterEnv: NodeJS.ProcessEnv;
    let clusterUrl: string;

    /** `.ci/postgres start|stop` on this cluster; start answers its URL (and reuses what is there). */
    async function cluster(command: 'start' | 'stop'): Promise<string> {
      const { stdout } = await run(join(proc.REPO_ROOT, '.ci/postgres'), [command], {
        env: clusterEnv,
        timeout: START_MS,
      });
      return stdout.trim();
    }

    beforeAll(async () => {
      clusterDir = await mkdtemp(join(tmpdir(), 'givedrop-pg-outage-'));
      clusterEnv = {
        ...process.env,
        GIVEDROP_PG_DIR: clusterDir,
        GIVEDROP_PG_PORT: String(await proc.freePort()),
      };
      clusterUrl = await cluster('start');
    }, START_MS);

    afterEach(stopServers);

    afterAll(async () => {
      await cluster('stop');
      await rm(clusterDir, { recursive: true, force: true });
    }, START_MS);

    it(
      'answers 503 with Retry-After while it is down under load, and 200 once it is back, without a restart',
      { timeout: 400_000 },
      async () => {
        await cluster('start');
        // A probe window far longer than a stop and a start, even on a busy machine.
        const server = await startServer(clusterUrl, { DATABASE_PROBE_INTERVAL_SECONDS: '60' });
        const token = await signIn(server);

        const answers: (Answer & { at: number })[] = [];
        const dropped: string[] = [];
        let loading = true;
        const worker = async (turn: number) => {
          while (loading) {
            try {
              const answer =
                turn++ % 2 === 0 ? await feedPage(server, token) : await request(server, 'health');
              answers.push({ ...answer, at: Date.now() });
            } catch (error) {
              dropped.push(String(error));
            }
            // Paced, so that the fast 503s of the outage do not take the machine's CPU.
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        const workers = [0, 1, 2, 3].map(worker);
        try {
          const served = () => answers.filter((answer) => answer.status === 200).length;
          await eventually(
            'answers under load',
            SERVE_AGAIN_MS,
            whileRunning(server, () => served() >= 20),
          );

          const stopping = Date.now();
          await cluster('stop');
          await eventually(
            '503s during the outage',
            SERVE_AGAIN_MS,
            whileRunning(server, () =>
              answers.some((answer) => answer.at > stopping && answer.status === 503),
            ),
          );
          const unavailable = answers.length;
          await eventually(
            'more requests during the outage',
            SERVE_AGAIN_MS,
            whileRunning(server, () => answers.length >= unavailable + 10),
          );

          await cluster('start');
          const started = Date.now();
          await eventually(
            '200s after the start',
            SERVE_AGAIN_MS,
            whileRunning(server, () =>
              answers.some((answer) => answer.at > started && answer.status === 200),
            ),
          );
        } finally {
          loading = false;
          await Promise.all(workers);
        }

        expect(dropped).toEqual([]);
        for (const answer of answers.filter((each) => each.status !== 200)) {
          expectUnavailable(answer);
        }
        expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
        expect(stillRunning(server)).toBe(true);
        expect((await feedPage(server, token)).status).toBe(200);
        expect((await request(server, 'health')).status).toBe(200);
      },
    );

    it(
      'answers 503 with Retry-After while it stays down, then drains and exits with code 1',
      { timeout: 400_000 },
      async () => {
        await cluster('start');
        // Three failed probes at least one second apart end it.
        const server = await startServer(clusterUrl, { DATABASE_PROBE_INTERVAL_SECONDS: '2' });
        expect((await request(server, 'health')).status).toBe(200);
        await cluster('stop');
        const answer = await request(server, 'health');
        expectUnavailable(answer);
        const exit = await server.process.exitWithin(SERVE_AGAIN_MS);
        expect(exit).toEqual({ code: 1, signal: null });
        expect(server.process.output()).toContain('the database stays unusable');
      },
    );
  },
);
