/** The tenants' queries (architecture.md §2: routes -> domain -> queries). */
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

// ---------------------------------------------------------------------------------------------
// Organisations (spec §3 Organisation): creating one, its details.
// ---------------------------------------------------------------------------------------------

/** The organisation's details that are texts typed into its form. */
export type OrganisationDetailsField =
  'name' | 'companyNumber' | 'vatNumber' | 'email' | 'contactName' | 'contactPhone' | 'website';

/** The details an organisation's Administrators change (tenants/updateDetails). */
export type OrganisationDetailsChanges = Partial<
  Pick<TenantRow, OrganisationDetailsField | 'logoFileId' | 'logoUrl'>
>;

export interface NewOrganisationRow {
  name: string;
  accountType: string;
  email: string;
  contactName: string;
  contactPhone: string;
  logoFileId: string | null;
  logoUrl: string;
  isOnboarding: boolean;
  isTrialing: boolean;
  trialEndDate: Date | null;
}

/** Inserts an organisation with its owner's membership (owner, Administrator, login enabled). */
export async function insertOrganisation(
  db: Queryable,
  row: NewOrganisationRow,
  ownerId: number,
  administratorRole: number,
): Promise<TenantRow> {
  const [tenant] = await db.insert(tenants).values(row).returning();
  if (tenant === undefined) throw new Error('The organisation was not created.');
  await db.insert(tenantUsers).values({
    tenantId: tenant.id,
    userId: ownerId,
    userRole: administratorRole,
    owner: true,
    loginEnabled: true,
  });
  return tenant;
}

/** The organisation's row, locked until the transaction ends; undefined when it is gone. */
export async function lockTenant(db: Queryable, id: number): Promise<TenantRow | undefined> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, id)).for('update');
  return tenant;
}

/** Changes an organisation's details; undefined when there is none with this id. */
export async function updateOrganisationDetails(
  db: Queryable,
  id: number,
  changes: OrganisationDetailsChanges,
): Promise<TenantRow | undefined> {
  const [tenant] = await db.update(tenants).set(changes).where(eq(tenants.id, id)).returning();
  return tenant;
}

export async function selectTenantById(db: Queryable, id: number): Promise<TenantRow | undefined> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, id));
  return tenant;
}
