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

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
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
    ? openPostgres(options.databaseUrl)
    : openPglite(options);
}
