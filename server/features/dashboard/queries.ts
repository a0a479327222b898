/** The dashboard's queries (architecture.md §2: routes -> domain -> queries). */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { drops, gifts, tenants, tenantUsers, users } from '../../db/schema';

/** The caller's first name and their organisation's name (undefined when either is gone). */
export async function selectDashboardNames(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<
  { firstName: string; organisationName: string; accountType: string; currency: string } | undefined
> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      organisationName: tenants.name,
      accountType: tenants.accountType,
      currency: tenants.currency,
    })
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

const confirmedSum = sql<string>`coalesce(sum(${gifts.amount}), 0)`;

/** The confirmed gifts in `currency` to the user's Drops in the organisation, summed once. */
export async function sumRaisedByUser(
  db: Queryable,
  userId: number,
  tenantId: number,
  currency: string,
): Promise<number> {
  const [row] = await db
    .select({ total: confirmedSum })
    .from(gifts)
    .innerJoin(drops, eq(drops.id, gifts.dropId))
    .where(
      and(
        eq(drops.userId, userId),
        eq(drops.tenantId, tenantId),
        eq(gifts.status, 'confirmed'),
        eq(gifts.currency, currency),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The confirmed gifts in `currency` a charity received. */
export async function sumReceivedByCharity(
  db: Queryable,
  charityTenantId: number,
  currency: string,
): Promise<number> {
  const [row] = await db
    .select({ total: confirmedSum })
    .from(gifts)
    .where(
      and(
        eq(gifts.charityTenantId, charityTenantId),
        eq(gifts.status, 'confirmed'),
        eq(gifts.currency, currency),
      ),
    );
  return Number(row?.total ?? 0);
}
