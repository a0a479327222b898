/** The dashboard's queries (architecture.md §2: routes -> domain -> queries). */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { drops, tenants, tenantUsers, users } from '../../db/schema';

/** The caller's first name and their organisation's name (undefined when either is gone). */
export async function selectDashboardNames(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<{ firstName: string; organisationName: string } | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName, organisationName: tenants.name })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.tenantId, tenantId)));
  return row;
}

/** How many drops the user has in the organisation. */
export async function countUserDrops(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(drops)
    .where(and(eq(drops.userId, userId), eq(drops.tenantId, tenantId)));
  return row?.total ?? 0;
}

/** The organisation's users (id, first and last name), by first then last name, then id. */
export function selectTenantUserNames(db: Queryable, tenantId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(eq(tenantUsers.tenantId, tenantId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}
