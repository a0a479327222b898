/** The tenants' queries (design.md §2: routes -> domain -> queries). */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { tenants, tenantUsers, type TenantRow } from '../../db/schema';

export type { TenantRow };

/** One of the user's memberships: its tenant, whether they may still sign in, role and owner flag. */
export interface MemberTenantRow {
  tenant: TenantRow;
  loginEnabled: boolean;
  /** Contract UserRole as stored. */
  userRole: number;
  owner: boolean;
}

/** The tenant of one of the user's memberships, with the membership's standing. */
export async function selectMemberTenant(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<MemberTenantRow | undefined> {
  const [row] = await db
    .select({
      tenant: tenants,
      loginEnabled: tenantUsers.loginEnabled,
      userRole: tenantUsers.userRole,
      owner: tenantUsers.owner,
    })
    .from(tenantUsers)
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.tenantId, tenantId)));
  return row;
}

export type TenantChanges = Partial<
  Pick<
    TenantRow,
    'isTrialing' | 'trialEndDate' | 'cancelAtPeriodEnd' | 'currentPeriodEndDate' | 'isOnboarding'
  >
>;

/** Changes a tenant; undefined when there is none with this id. */
export async function updateTenantRow(
  db: Queryable,
  id: number,
  changes: TenantChanges,
): Promise<TenantRow | undefined> {
  const [tenant] = await db.update(tenants).set(changes).where(eq(tenants.id, id)).returning();
  return tenant;
}
