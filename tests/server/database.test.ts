import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_DATABASE_TEST_MS } from '../support/ceilings';
import { openDatabase } from '../../server/db/database';
import { tenants, tenantUsers, users } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed';
import { resolveJwtSecret } from '../../server/domain/secrets';
import { testDatabaseUrl } from './support/testDatabase';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'givedrop-data-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function totals(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const [userCount] = await db.select({ total: count() }).from(users);
  const [tenantCount] = await db.select({ total: count() }).from(tenants);
  const [membershipCount] = await db.select({ total: count() }).from(tenantUsers);
  return [userCount?.total, tenantCount?.total, membershipCount?.total];
}

// PGlite-specific (a data directory on disk): the PostgreSQL run (TEST_DATABASE_URL) skips it,
// the PGlite run of the same files covers it.
describe.skipIf(testDatabaseUrl !== undefined)('a PGlite data directory', () => {
  it(
    'is migrated and seeded on first start, and reused as is on the next start',
    async () => {
      const first = await openDatabase({ dataDir });
      await first.migrate();
      expect(await seedDatabase(first.db)).toBe(true);
      const secret = await resolveJwtSecret(first.db, undefined);
      expect(secret.byteLength).toBeGreaterThanOrEqual(64);
      expect(await totals(first.db)).toEqual([3, 3, 4]);
      await first.close();

      const second = await openDatabase({ dataDir });
      await second.migrate();
      expect(await seedDatabase(second.db)).toBe(false);
      expect(await totals(second.db)).toEqual([3, 3, 4]);
      expect(await resolveJwtSecret(second.db, undefined)).toEqual(secret);
      const configured = await resolveJwtSecret(second.db, 'x'.repeat(40));
      expect(new TextDecoder().decode(configured)).toBe('x'.repeat(40));
      await second.close();
    },
    DISK_DATABASE_TEST_MS,
  );
});
