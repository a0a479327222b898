/**
 * Test databases: one template (migrated and seeded) is built per test run, and every test file
 * gets a fresh copy of it, so files stay isolated and run in parallel.
 *
 * - By default (PGlite) the template is cached as a tarball in the temp directory and every test
 *   file loads a copy of it into a fresh in-memory PGlite (about 0.5 s instead of 3-5 s of initdb).
 * - With `TEST_DATABASE_URL` set (a PostgreSQL server; `npm run test:server:postgres`), the
 *   template is a database `givedrop_template_<key>` on that server, and every test file gets a
 *   database cloned from it (`CREATE DATABASE … TEMPLATE …`), dropped when the handle is closed.
 *   The URL's role needs CREATEDB; its database is only used to create and drop the others.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  MIGRATIONS_FOLDER,
  openDatabase,
  pgliteHandle,
  type DatabaseHandle,
} from '../../../server/db/database';
import { seedDatabase } from '../../../server/db/seed';

const CACHE_DIR = join(tmpdir(), 'givedrop-test-templates');
const LOCK_STALE_MS = 120_000;
const SOURCES = [
  '../../../server/db/countries.ts',
  '../../../server/db/currencies.ts',
  '../../../server/db/seed.ts',
  '../../../server/db/seedBilling.ts',
  '../../../server/billing/standIn.ts',
  '../../../server/billing/invoicePdf.ts',
  '../../../server/db/seedContent.ts',
  '../../../server/db/seedData.ts',
  '../../../server/db/schema.ts',
];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Changes whenever the migrations, schema or seed change, and every day (seed dates move). */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const sources = SOURCES.map((path) => fileURLToPath(new URL(path, import.meta.url)));
  for (const file of [...(await listFiles(MIGRATIONS_FOLDER)), ...sources]) {
    hash.update(file).update(await readFile(file));
  }
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(): Promise<Uint8Array> {
  const client = await PGlite.create();
  const handle = pgliteHandle(client);
  try {
    await handle.migrate();
    await seedDatabase(handle.db);
    const dump = await client.dumpDataDir('gzip');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await handle.close();
  }
}

async function tryLock(path: string): Promise<boolean> {
  try {
    await (await open(path, 'wx')).close();
    return true;
  } catch {
    const age = await stat(path).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (age > LOCK_STALE_MS) await rm(path, { force: true });
    return false;
  }
}

async function removeOtherTemplates(keep: string): Promise<void> {
  for (const name of await readdir(CACHE_DIR)) {
    if (name.endsWith('.tar.gz') && name !== keep) await rm(join(CACHE_DIR, name), { force: true });
  }
}

/** Builds the template once (other workers wait for it) and returns its path. */
async function templatePath(): Promise<string> {
  await mkdir(CACHE_DIR, { recursive: true });
  const name = `template-${await templateKey()}.tar.gz`;
  const path = join(CACHE_DIR, name);
  const lock = `${path}.lock`;
  while (!existsSync(path)) {
    if (await tryLock(lock)) {
      try {
        const partial = `${path}.${process.pid}.partial`;
        await writeFile(partial, await buildTemplate());
        await rename(partial, path);
        await removeOtherTemplates(name);
      } finally {
        await rm(lock, { force: true });
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return path;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL (TEST_DATABASE_URL)
// ---------------------------------------------------------------------------------------------

/** The PostgreSQL server the server tests run against, or undefined for PGlite. */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

const TEMPLATE_PREFIX = 'givedrop_template_';
const TEST_PREFIX = 'givedrop_test_';
/** pg_advisory_lock key held while a template is built (other workers wait on it). */
const TEMPLATE_LOCK = 7_301_913;
/** Test databases older than this are left over from an interrupted run and dropped. */
const STALE_TEST_DATABASE_SECONDS = 3600;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

function urlFor(database: string): string {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` with a client on TEST_DATABASE_URL's own database (used to create and drop). */
async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  try {
    await client.connect();
  } catch (error) {
    const where = new URL(testDatabaseUrl!);
    throw new Error(
      `TEST_DATABASE_URL (${where.host}${where.pathname}) cannot be reached: ${String(error)}. ` +
        'Start a server with `.ci/postgres start` (see README, Tests).',
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const result = await client.query('select 1 from pg_database where datname = $1', [name]);
  return result.rowCount === 1;
}

/** SQLSTATE of "must be a member of the role whose process is being terminated". */
const INSUFFICIENT_PRIVILEGE = '42501';
/** How long a drop waits for the autovacuum workers on the database to finish. */
const AUTOVACUUM_WAIT_MS = 120_000;

/**
 * Drops `name`, ending its sessions first. An autovacuum worker on it is a session our role may
 * not end without pg_signal_backend (.ci/postgres grants it; a server of one's own may not): then
 * the drop waits until no autovacuum worker is on the database, and tries again.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`alter database ${quoteIdent(name)} is_template false`).catch(() => {});
  const deadline = Date.now() + AUTOVACUUM_WAIT_MS;
  for (;;) {
    try {
      await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== INSUFFICIENT_PRIVILEGE || !(await autovacuumOn(client, name))) throw error;
      await autovacuumGone(client, name, deadline);
    }
  }
}

async function autovacuumOn(client: pg.Client, name: string): Promise<boolean> {
  const result = await client.query(
    `select 1 from pg_stat_activity where datname = $1 and backend_type = 'autovacuum worker'`,
    [name],
  );
  return result.rowCount !== 0;
}

/** Waits until no autovacuum worker is on `name`; throws once the deadline passes. */
async function autovacuumGone(client: pg.Client, name: string, deadline: number): Promise<void> {
  while (await autovacuumOn(client, name)) {
    if (Date.now() > deadline) {
      throw new Error(`An autovacuum worker stayed on ${name} for ${AUTOVACUUM_WAIT_MS} ms`);
    }
    // pg_sleep on the server: the worker's end is what we wait for, checked every 100 ms.
    await client.query('select pg_sleep(0.1)');
  }
}

/** Drops the templates of other keys and the test databases an interrupted run left behind. */
async function removeLeftovers(client: pg.Client, keep: string): Promise<void> {
  const result = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like $1 or datname like $2`,
    [`${TEMPLATE_PREFIX}%`, `${TEST_PREFIX}%`],
  );
  const now = Math.floor(Date.now() / 1000);
  for (const { datname } of result.rows) {
    if (datname === keep) continue;
    if (datname.startsWith(TEST_PREFIX)) {
      const created = Number(datname.slice(TEST_PREFIX.length).split('_')[0]);
      if (!(now - created > STALE_TEST_DATABASE_SECONDS)) continue;
    }
    await dropDatabase(client, datname);
  }
}

/** Builds the template database once per key (other workers wait on the lock) and names it. */
async function buildPostgresTemplate(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await templateKey()}`;
  await withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await databaseExists(admin, name)) return;
      const building = `${name}_building`;
      await dropDatabase(admin, building);
      await admin.query(`create database ${quoteIdent(building)} template template0`);
      const handle = await openDatabase({ databaseUrl: urlFor(building) });
      try {
        await handle.migrate();
        await seedDatabase(handle.db);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(name)}`);
      // No connections to a template: CREATE DATABASE … TEMPLATE refuses a template in use.
      await admin.query(
        `alter database ${quoteIdent(name)} with is_template true allow_connections false`,
      );
      await removeLeftovers(admin, name);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

let postgresTemplate: Promise<string> | undefined;
let cloneCount = 0;

/** A new database copied from `template`; answers its name. */
async function copyDatabase(template: string): Promise<string> {
  cloneCount += 1;
  const name = `${TEST_PREFIX}${Math.floor(Date.now() / 1000)}_${process.pid}_${cloneCount}`;
  await withAdmin((admin) =>
    admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`),
  );
  return name;
}

/** A new database copied from `template`, dropped (its connections ended first) on close. */
async function openPostgresCopy(template: string): Promise<DatabaseHandle> {
  const name = await copyDatabase(template);
  const handle = await openDatabase({ databaseUrl: urlFor(name) });
  let closed: Promise<void> | undefined;
  return {
    ...handle,
    close: () =>
      (closed ??= (async () => {
        await handle.close();
        await withAdmin((admin) => dropDatabase(admin, name));
      })()),
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * A fresh database holding the migrated schema and the demo seed: an in-memory PGlite, or a
 * database of its own on TEST_DATABASE_URL's server.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseUrl !== undefined) {
    postgresTemplate ??= buildPostgresTemplate();
    return openPostgresCopy(await postgresTemplate);
  }
  const bytes = await readFile(await templatePath());
  const tarball = new File([bytes], 'template.tar.gz', { type: 'application/x-gzip' });
  return openDatabase({ loadDataDir: tarball });
}

/**
 * A fresh migrated and seeded database on TEST_DATABASE_URL's server, for clients of its own (the
 * server processes of a test): its URL, and `drop` to remove it (its connections ended first).
 */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  if (testDatabaseUrl === undefined) throw new Error('TEST_DATABASE_URL is not set.');
  postgresTemplate ??= buildPostgresTemplate();
  const name = await copyDatabase(await postgresTemplate);
  return { url: urlFor(name), drop: () => withAdmin((admin) => dropDatabase(admin, name)) };
}

/** A fresh database with the migrated schema and nothing seeded (same choice of server). */
export async function openEmptyTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseUrl === undefined) {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const handle = await openPostgresCopy('template0');
  await handle.migrate();
  return handle;
}
