/**
 * Test databases: one template (migrated and seeded) is built per test run and cached as a
 * tarball in the temp directory; every test file loads a copy of it into a fresh in-memory
 * PGlite (about 0.5 s instead of 3-5 s of initdb).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
  '../../../server/db/seed.ts',
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

/** A fresh in-memory database holding the migrated schema and the demo seed. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const bytes = await readFile(await templatePath());
  const tarball = new File([bytes], 'template.tar.gz', { type: 'application/x-gzip' });
  return openDatabase({ loadDataDir: tarball });
}
