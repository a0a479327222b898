/** The host's admin lists and switches: their database statements (routes -> domain -> queries). */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/database';
import { tenants, tenantUsers, users } from '../../db/schema';

const owners = alias(tenantUsers, 'owner_links');
const ownerUsers = alias(users, 'owner_users');

const memberCount = sql<number>`(select count(*)::int from ${tenantUsers} where ${tenantUsers.tenantId} = ${tenants.id})`;

const organisationColumns = {
  id: tenants.id,
  guid: tenants.guid,
  name: tenants.name,
  accountType: tenants.accountType,
  ownerFirstName: ownerUsers.firstName,
  ownerLastName: ownerUsers.lastName,
  ownerEmail: ownerUsers.email,
  memberCount,
  enabled: tenants.enabled,
  sendingEmailsEnabled: tenants.sendingEmailsEnabled,
  createdAt: tenants.createdAt,
};

export interface OrganisationRow {
  id: number;
  guid: string;
  name: string;
  accountType: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerEmail: string | null;
  memberCount: number;
  enabled: boolean;
  sendingEmailsEnabled: boolean;
  createdAt: Date;
}

export type OrganisationSort = 'name' | 'createdAt' | 'memberCount';

export interface PageQuery<Sort> {
  sort: Sort;
  descending: boolean;
  /** A LIKE pattern (lower case), or undefined for every row. */
  pattern: string | undefined;
  limit: number;
  offset: number;
}

/** Every organisation with its owner (one user owns each), joined for the list. */
const organisationsWithOwner = (db: Queryable) =>
  db
    .select(organisationColumns)
    .from(tenants)
    .leftJoin(owners, and(eq(owners.tenantId, tenants.id), eq(owners.owner, true)))
    .leftJoin(ownerUsers, eq(ownerUsers.id, owners.userId));

function organisationSearch(pattern: string | undefined): SQL | undefined {
  if (pattern === undefined) return undefined;
  return sql`(lower(${tenants.name}) like ${pattern} or lower(coalesce(${ownerUsers.firstName} || ' ' || ${ownerUsers.lastName}, '')) like ${pattern} or lower(coalesce(${ownerUsers.email}, '')) like ${pattern})`;
}

function organisationOrder(sort: OrganisationSort, descending: boolean): SQL[] {
  const direction = descending ? desc : asc;
  if (sort === 'name') return [direction(sql`lower(${tenants.name})`)];
  if (sort === 'memberCount') return [direction(memberCount)];
  return [direction(tenants.createdAt)];
}

export function selectOrganisationPage(
  db: Queryable,
  query: PageQuery<OrganisationSort>,
): Promise<OrganisationRow[]> {
  return organisationsWithOwner(db)
    .where(organisationSearch(query.pattern))
    .orderBy(...organisationOrder(query.sort, query.descending), asc(tenants.id))
    .limit(query.limit)
    .offset(query.offset);
}

export async function countOrganisations(
  db: Queryable,
  pattern: string | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tenants)
    .leftJoin(owners, and(eq(owners.tenantId, tenants.id), eq(owners.owner, true)))
    .leftJoin(ownerUsers, eq(ownerUsers.id, owners.userId))
    .where(organisationSearch(pattern));
  return row?.total ?? 0;
}

export async function selectOrganisation(
  db: Queryable,
  id: number,
): Promise<OrganisationRow | undefined> {
  const [row] = await organisationsWithOwner(db).where(eq(tenants.id, id));
  return row;
}

/** Sets an organisation's switches; false when there is no such organisation. */
export async function updateOrganisationSwitches(
  db: Queryable,
  id: number,
  changes: { enabled?: boolean; sendingEmailsEnabled?: boolean },
): Promise<boolean> {
  const updated = await db
    .update(tenants)
    .set(changes)
    .where(eq(tenants.id, id))
    .returning({ id: tenants.id });
  return updated.length === 1;
}

const lastLogin =
  sql<Date | null>`(select max(${tenantUsers.lastLoginDate}) from ${tenantUsers} where ${tenantUsers.userId} = ${users.id})`.mapWith(
    tenantUsers.lastLoginDate,
  );

export interface PlatformUserRow {
  id: number;
  guid: string;
  firstName: string;
  lastName: string;
  email: string;
  isHost: boolean;
  accountStatus: string;
  lastLoginDate: Date | null;
}

export type UserSort = 'name' | 'email' | 'createdAt' | 'lastLoginDate';

function userSearch(pattern: string | undefined): SQL | undefined {
  if (pattern === undefined) return undefined;
  return sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} or lower(${users.email}) like ${pattern})`;
}

function userOrder(sort: UserSort, descending: boolean): SQL[] {
  const direction = descending ? desc : asc;
  if (sort === 'name')
    return [direction(sql`lower(${users.firstName} || ' ' || ${users.lastName})`)];
  if (sort === 'email') return [direction(users.email)];
  if (sort === 'createdAt') return [direction(users.createdAt)];
  // Never signed in: last, whichever the direction.
  return [descending ? sql`${lastLogin} desc nulls last` : sql`${lastLogin} asc nulls last`];
}

export function selectUserPage(
  db: Queryable,
  query: PageQuery<UserSort>,
): Promise<PlatformUserRow[]> {
  return db
    .select({
      id: users.id,
      guid: users.guid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isHost: users.isHost,
      accountStatus: users.accountStatus,
      lastLoginDate: lastLogin,
    })
    .from(users)
    .where(userSearch(query.pattern))
    .orderBy(...userOrder(query.sort, query.descending), asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
}

export async function countUsers(db: Queryable, pattern: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(userSearch(pattern));
  return row?.total ?? 0;
}

export interface UserOrganisationRow {
  userId: number;
  id: number;
  name: string;
  userRole: number;
  owner: boolean;
  loginEnabled: boolean;
  enabled: boolean;
}

/** The memberships of these users, oldest first. */
export function selectOrganisationsOfUsers(
  db: Queryable,
  userIds: number[],
): Promise<UserOrganisationRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: tenantUsers.userId,
      id: tenants.id,
      name: tenants.name,
      userRole: tenantUsers.userRole,
      owner: tenantUsers.owner,
      loginEnabled: tenantUsers.loginEnabled,
      enabled: tenants.enabled,
    })
    .from(tenantUsers)
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(inArray(tenantUsers.userId, userIds))
    .orderBy(asc(tenantUsers.id));
}
