import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { durablePgliteOptions } from './durableNodeFs';
import * as schema from './schema';

export type Schema = typeof schema;

/** The Drizzle database the domain works with, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle, usable wherever a {@link Database} query is built. */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;

/** Either the database or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** 'pglite' (embedded, DATA_DIR or in memory) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** node-postgres connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Where lost PostgreSQL connections are reported (default: stderr). */
  log?: ConnectionLog | undefined;
  /** PGlite data directory; omitted means an in-memory database. */
  dataDir?: string | undefined;
  /** A PGlite data directory tarball to start from (tests load a prepared template). */
  loadDataDir?: Blob | undefined;
}

/** Wraps an existing PGlite instance (tests and the template builder use this). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    // On disk, every commit is flushed before it is acknowledged (see durableNodeFs.ts).
    ...(options.dataDir !== undefined ? durablePgliteOptions(options.dataDir) : {}),
    ...(options.loadDataDir !== undefined ? { loadDataDir: options.loadDataDir } : {}),
  });
  return pgliteHandle(client);
}

/** Where the pool reports the connections it loses (a Fastify logger fits). */
export interface ConnectionLog {
  warn(details: object, message: string): void;
}

const stderrLog: ConnectionLog = {
  warn: (details, message) => console.warn(message, details),
};

/** Connections of one server process to PostgreSQL. */
export const DATABASE_POOL_SIZE = 10;
/**
 * The longest a query waits for a connection (a new one, or one of the pool's to be free) before
 * it fails, and its request answers 503: a server that drops the packets (a failover in progress,
 * a host that is down) would otherwise hold every request until the operating system gives up.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/**
 * The node-postgres pool, made to outlive its connections. PostgreSQL ends a connection when it
 * restarts or fails over, on `idle_session_timeout`, when a pooler in between restarts, or by
 * `pg_terminate_backend`; node-postgres then emits 'error' on the client, and an 'error' nobody
 * listens to ends the Node process. So:
 *
 * - a connection lost while idle in the pool: the pool removes it and emits 'error' on itself,
 *   which is logged here; the next query makes a new connection;
 * - a connection lost while a caller holds it (a transaction between two statements): its
 *   'error' is logged, and the connection is given back to the pool at once (which removes it),
 *   so that its place is free even when the caller never gives it back: Drizzle's transaction
 *   does not when its `begin` fails (drizzle-orm 0.45, node-postgres session), and a pool that
 *   lost all its places that way would make every later query wait forever. The caller's own
 *   release is then a no-op, and its further statements fail as the connection's (503).
 *
 * A query on a lost connection, or made while PostgreSQL cannot be reached, fails with an error
 * that isDatabaseUnavailable (health.ts) recognises: its request answers 503 and the database
 * monitor probes; once PostgreSQL answers again, new connections are made as queries need them.
 */
export function createPool(connectionString: string, log: ConnectionLog = stderrLog): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: DATABASE_POOL_SIZE,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    // A peer that vanished without closing (a host down) is noticed by TCP instead of never.
    keepAlive: true,
  });
  pool.on('error', (error) => {
    log.warn(
      { err: error },
      'database: an idle connection was lost; a new one is made when needed',
    );
  });
  const held = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => held.add(client));
  pool.on('release', (_error, client) => held.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      // An idle connection's error is the pool's own (above).
      if (!held.has(client)) return;
      held.delete(client);
      log.warn({ err: error }, 'database: a connection in use was lost; it is given back');
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(error);
    });
  });
  return pool;
}

function openPostgres(databaseUrl: string, log: ConnectionLog | undefined): DatabaseHandle {
  const pool = createPool(databaseUrl, log);
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

/**
 * Opens the database: node-postgres when `databaseUrl` is set, otherwise PGlite in `dataDir`
 * (or in memory). Migrations are not applied here: call `handle.migrate()`.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl !== undefined
    ? openPostgres(options.databaseUrl, options.log)
    : openPglite(options);
}
