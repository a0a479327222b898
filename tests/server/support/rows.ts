/**
 * Rows the server tests look up in the test database by what they know of them.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { refreshTokens, tenants } from '../../../server/db/schema';
import { hashRefreshToken } from '../../../server/features/auth/refreshTokens';

/** The id of the organisation named `name`. */
export async function tenantIdNamed(db: Database, name: string): Promise<number> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name));
  if (row === undefined) throw new Error(`no tenant ${name}`);
  return row.id;
}

/** The stored row of the refresh token `token` (kept hashed), if any. */
export async function refreshTokenRow(db: Database, token: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  return row;
}
