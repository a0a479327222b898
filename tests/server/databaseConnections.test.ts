/**
 * The node-postgres pool outlives its connections (server/db/database.ts): PostgreSQL ends them
 * when it restarts or fails over, on idle_session_timeout, when a pooler restarts, and by
 * pg_terminate_backend, which these tests use. A connection ended while idle in the pool, while a
 * transaction holds it, or while a caller holds it and never gives it back: none ends the process
 * (an 'error' nobody listens to would), each is logged, the failed statement is one
 * isDatabaseUnavailable recognises (503), and the next query is served on a new connection.
 *
 * It needs a PostgreSQL server (TEST_DATABASE_URL) and is skipped without one: PGlite has no
 * connections to lose.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { isDatabaseUnavailable } from '../../server/db/health';
import { createPostgresTestDatabase, testDatabaseUrl } from './support/testDatabase';

let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
/** The test's own connection, which ends the others. */
let admin: pg.Client;
let handle: DatabaseHandle;
let warnings: string[];
let uncaught: unknown[];
const recordUncaught = (error: unknown) => uncaught.push(error);

/**
 * Resolves once `check` holds (checked every 20 ms, for at most 20 s); fails at once on an
 * uncaught exception (what ended the process before).
 */
async function eventually(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (uncaught.length > 0) throw new Error(`${what}: uncaught ${String(uncaught[0])}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Ends every connection to the test database but the test's own; answers how many. */
async function terminateTheOthers(): Promise<number> {
  const result = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return result.rows.filter((row) => row.ended).length;
}

async function backendOf(db: DatabaseHandle['db']): Promise<number> {
  const result = await db.execute(sql`select pg_backend_pid() as pid`);
  return Number((result as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
}

const warned = (text: string) => () => warnings.some((line) => line.includes(text));

describe.skipIf(testDatabaseUrl === undefined)(
  'lost PostgreSQL connections (skipped without TEST_DATABASE_URL)',
  () => {
    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
    });

    afterAll(async () => {
      await admin?.end();
      await database?.drop();
    });

    beforeEach(async () => {
      warnings = [];
      uncaught = [];
      process.on('uncaughtException', recordUncaught);
      handle = await openDatabase({
        databaseUrl: database!.url,
        log: { warn: (_details, message) => warnings.push(message) },
      });
    });

    afterEach(async () => {
      process.off('uncaughtException', recordUncaught);
      await handle.close();
    });

    it('logs an idle connection ended by the server and serves the next query on a new one', async () => {
      const before = await backendOf(handle.db);
      expect(await terminateTheOthers()).toBe(1);
      await eventually('the lost connection is logged', warned('an idle connection was lost'));
      const after = await backendOf(handle.db);
      expect(after).not.toBe(before);
      expect(uncaught).toEqual([]);
    });

    it('fails a transaction whose connection is ended between two statements as unavailable, and goes on', async () => {
      const failure = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          expect(await terminateTheOthers()).toBe(1);
          await eventually('the lost connection is logged', warned('a connection in use was lost'));
          await tx.execute(sql`select 2`);
        })
        .then(
          () => 'committed',
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      expect(await backendOf(handle.db)).toBeGreaterThan(0);
      expect(uncaught).toEqual([]);
    });

    it('frees the places of lost connections their holders never give back', async () => {
      // Drizzle's transaction does not give its connection back when its `begin` fails (on a
      // connection ended just as it was taken): holding every place of the pool without ever
      // releasing them is that, as often as the pool has places.
      const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      const places = pool.options.max;
      expect(places).toBeGreaterThan(1);
      const held = await Promise.all(Array.from({ length: places }, () => pool.connect()));
      expect(await terminateTheOthers()).toBe(places);
      await eventually(
        'every lost connection is logged',
        () =>
          warnings.filter((line) => line.includes('a connection in use was lost')).length ===
          places,
      );
      // Served within the pool's wait for a place (DATABASE_CONNECT_TIMEOUT_MS), not refused.
      expect(await backendOf(handle.db)).toBeGreaterThan(0);
      // A holder that gives its connection back late does no harm.
      for (const client of held) client.release();
      expect(await backendOf(handle.db)).toBeGreaterThan(0);
      expect(uncaught).toEqual([]);
    });
  },
);
