/**
 * The embedded database is durable for acknowledged writes (issue 13, item 4): PGlite on disk
 * runs PostgreSQL with fsync on, and every commit flushes the WAL to the disk before the call
 * returns (PGlite's default starts PostgreSQL with -F and Emscripten's NODEFS never flushes).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { fsyncSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DISK_DATABASE_TEST_MS } from '../support/ceilings';
import { openDatabase } from '../../server/db/database';
import { durablePgliteOptions } from '../../server/db/durableNodeFs';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'givedrop-durable-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the embedded database on disk', () => {
  it(
    'runs with fsync on and the WAL flushed by fsync',
    async () => {
      const handle = await openDatabase({ dataDir: await tempDir() });
      try {
        const setting = async (name: string): Promise<unknown> => {
          const result = (await handle.db.execute(sql.raw(`show ${name}`))) as unknown as {
            rows: unknown[];
          };
          return result.rows[0];
        };
        expect(await setting('fsync')).toEqual({ fsync: 'on' });
        expect(await setting('wal_sync_method')).toEqual({ wal_sync_method: 'fsync' });
        expect(await setting('synchronous_commit')).toEqual({ synchronous_commit: 'on' });
      } finally {
        await handle.close();
      }
    },
    DISK_DATABASE_TEST_MS,
  );

  it(
    'flushes a file to the disk before each commit returns',
    async () => {
      const flushed: number[] = [];
      const client = await PGlite.create(
        durablePgliteOptions(await tempDir(), (fd) => {
          flushed.push(fd);
          fsyncSync(fd);
        }),
      );
      try {
        await client.exec('create table acknowledged (id serial primary key, v text)');
        for (const value of ['a', 'b', 'c']) {
          const before = flushed.length;
          await client.query('insert into acknowledged (v) values ($1)', [value]);
          expect(flushed.length).toBeGreaterThan(before);
        }
        // A read commits nothing and flushes nothing.
        const before = flushed.length;
        await client.query('select count(*) from acknowledged');
        expect(flushed.length).toBe(before);
      } finally {
        await client.close();
      }
    },
    DISK_DATABASE_TEST_MS,
  );
});
