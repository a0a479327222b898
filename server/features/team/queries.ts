/**
 * The team's database statements (architecture.md §2: routes -> domain -> queries): invitations, their
 * keys, and the memberships of one organisation. Every statement that reads or changes a record
 * of an organisation names the organisation (tenant id) in its condition, so a record of another
 * one is never found nor touched; the rules are the domain's (domain.ts, invitee.ts).
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  tenants,
  tenantUsers,
  userInvitationKeys,
  userInvitations,
  users,
  type UserInvitationRow,
} from '../../db/schema';

export type { UserInvitationRow };

/** The invitation's row with the tenant's name (the invitee's view). */
export interface InvitationWithTenant {
  invitation: UserInvitationRow;
  tenantName: string;
  inviterFirstName: string | null;
  inviterLastName: string | null;
  inviterEmail: string | null;
}

export interface NewInvitationRow {
  tenantId: number;
  invitedByUserId: number;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  userRole: number;
  canChangeEmailAddress: boolean;
  expiryDate: Date;
  currentKey: string;
  createdAt: Date;
}

export async function insertInvitation(
  db: Queryable,
  row: NewInvitationRow,
): Promise<UserInvitationRow> {
  const [created] = await db
    .insert(userInvitations)
    .values({ ...row, status: 'Pending' })
    .returning();
  if (created === undefined) throw new Error('The invitation was not created.');
  return created;
}

export type InvitationChanges = Partial<
  Pick<
    UserInvitationRow,
    | 'invitedByUserId'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'message'
    | 'userRole'
    | 'canChangeEmailAddress'
    | 'status'
    | 'expiryDate'
    | 'currentKey'
    | 'responseMessage'
    | 'acceptedEmailAddress'
    | 'acceptedUserId'
  >
>;

/** Changes the tenant's invitation `id`; undefined when the tenant has none with this id. */
export async function updateInvitation(
  db: Queryable,
  tenantId: number,
  id: number,
  changes: InvitationChanges,
): Promise<UserInvitationRow | undefined> {
  const [row] = await db
    .update(userInvitations)
    .set(changes)
    .where(and(eq(userInvitations.id, id), eq(userInvitations.tenantId, tenantId)))
    .returning();
  return row;
}

/**
 * Changes the invitation `id` only while its stored status is `status` (the invitee's answer: of
 * two answers at once, one wins); undefined when it was not.
 */
export async function updateInvitationIfStatus(
  db: Queryable,
  id: number,
  status: string,
  changes: InvitationChanges,
): Promise<UserInvitationRow | undefined> {
  const [row] = await db
    .update(userInvitations)
    .set(changes)
    .where(and(eq(userInvitations.id, id), eq(userInvitations.status, status)))
    .returning();
  return row;
}

/** The tenant's invitation with this id. */
export async function selectInvitation(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<UserInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.id, id), eq(userInvitations.tenantId, tenantId)));
  return row;
}

/** The tenant's invitation with this guid (a valid uuid: the caller checks the form). */
export async function selectInvitationByGuid(
  db: Queryable,
  tenantId: number,
  guid: string,
): Promise<UserInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.guid, guid), eq(userInvitations.tenantId, tenantId)));
  return row;
}

/** Removes the tenant's invitation (its keys go with it); true when there was one. */
export async function deleteInvitation(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const deleted = await db
    .delete(userInvitations)
    .where(and(eq(userInvitations.id, id), eq(userInvitations.tenantId, tenantId)))
    .returning({ id: userInvitations.id });
  return deleted.length === 1;
}

export async function countInvitations(db: Queryable, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(userInvitations)
    .where(eq(userInvitations.tenantId, tenantId));
  return row?.total ?? 0;
}

/** A page of the tenant's invitations, newest first. */
export function selectInvitationPage(
  db: Queryable,
  tenantId: number,
  limit: number,
  offset: number,
): Promise<UserInvitationRow[]> {
  return db
    .select()
    .from(userInvitations)
    .where(eq(userInvitations.tenantId, tenantId))
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id))
    .limit(limit)
    .offset(offset);
}

/** Stores a key of the invitation (its sha256). */
export async function insertInvitationKey(
  db: Queryable,
  invitationId: number,
  keyHash: string,
  now: Date,
): Promise<void> {
  await db.insert(userInvitationKeys).values({ invitationId, keyHash, createdAt: now });
}

/** Supersedes every not yet superseded key of the invitation (a resend). */
export async function supersedeInvitationKeys(
  db: Queryable,
  invitationId: number,
  now: Date,
): Promise<void> {
  await db
    .update(userInvitationKeys)
    .set({ supersededAt: now })
    .where(
      and(
        eq(userInvitationKeys.invitationId, invitationId),
        isNull(userInvitationKeys.supersededAt),
      ),
    );
}

/** The invitation a key hash belongs to, with whether that key was superseded. */
export async function selectInvitationByKeyHash(
  db: Queryable,
  keyHash: string,
): Promise<(InvitationWithTenant & { superseded: boolean }) | undefined> {
  const [row] = await db
    .select({
      invitation: userInvitations,
      tenantName: tenants.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
      supersededAt: userInvitationKeys.supersededAt,
    })
    .from(userInvitationKeys)
    .innerJoin(userInvitations, eq(userInvitations.id, userInvitationKeys.invitationId))
    .innerJoin(tenants, eq(tenants.id, userInvitations.tenantId))
    .leftJoin(users, eq(users.id, userInvitations.invitedByUserId))
    .where(eq(userInvitationKeys.keyHash, keyHash));
  if (row === undefined) return undefined;
  const { supersededAt, ...rest } = row;
  return { ...rest, superseded: supersededAt !== null };
}

/** A member of the tenant, as the users table shows them. */
export interface MemberRow {
  id: number;
  guid: string;
  firstName: string;
  lastName: string;
  email: string;
  emailConfirmed: boolean;
  userRole: number;
  owner: boolean;
  loginEnabled: boolean;
  lastLoginDate: Date | null;
}

const memberColumns = {
  id: users.id,
  guid: users.guid,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  emailConfirmed: users.emailConfirmed,
  userRole: tenantUsers.userRole,
  owner: tenantUsers.owner,
  loginEnabled: tenantUsers.loginEnabled,
  lastLoginDate: tenantUsers.lastLoginDate,
};

/** The member `userId` of the tenant. */
export async function selectMember(
  db: Queryable,
  tenantId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, userId)));
  return row;
}

export type MemberSort = 'lastLoginDate' | 'name' | 'email';

const memberOrder = (sort: MemberSort, descending: boolean): SQL[] => {
  const direction = (column: SQL | typeof users.email) => (descending ? desc(column) : asc(column));
  switch (sort) {
    case 'name':
      return [direction(sql`lower(${users.firstName} || ' ' || ${users.lastName})`)];
    case 'email':
      return [direction(users.email)];
    default:
      // Never logged in comes last whichever way round.
      return [
        descending
          ? sql`${tenantUsers.lastLoginDate} desc nulls last`
          : sql`${tenantUsers.lastLoginDate} asc nulls last`,
      ];
  }
};

/** A page of the tenant's members, optionally filtered by name or address. */
export function selectMemberPage(
  db: Queryable,
  tenantId: number,
  query: { sort: MemberSort; descending: boolean; search: string; limit: number; offset: number },
): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(and(eq(tenantUsers.tenantId, tenantId), memberSearch(query.search)))
    .orderBy(...memberOrder(query.sort, query.descending), asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
}

function memberSearch(search: string): SQL | undefined {
  if (search === '') return undefined;
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} or ${users.email} like ${pattern})`;
}

export async function countMembers(db: Queryable, tenantId: number, search: string) {
  const [row] = await db
    .select({ total: count() })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(and(eq(tenantUsers.tenantId, tenantId), memberSearch(search)));
  return row?.total ?? 0;
}

/** Changes the tenant's membership of `userId`; false when there is none. */
export async function updateMembership(
  db: Queryable,
  tenantId: number,
  userId: number,
  changes: { userRole: number; loginEnabled: boolean },
): Promise<boolean> {
  const updated = await db
    .update(tenantUsers)
    .set(changes)
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, userId)))
    .returning({ id: tenantUsers.id });
  return updated.length === 1;
}

/** Removes the tenant's membership of `userId`; false when there is none. */
export async function deleteMembership(
  db: Queryable,
  tenantId: number,
  userId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(tenantUsers)
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, userId)))
    .returning({ id: tenantUsers.id });
  return deleted.length === 1;
}

/** Adds a membership (an accepted invitation); false when the user already has one there. */
export async function insertMembershipIfAbsent(
  db: Queryable,
  row: { tenantId: number; userId: number; userRole: number },
): Promise<boolean> {
  const inserted = await db
    .insert(tenantUsers)
    .values({ ...row, owner: false, loginEnabled: true })
    .onConflictDoNothing()
    .returning({ id: tenantUsers.id });
  return inserted.length === 1;
}

/** Whether the user with this (normalised) address is a member of the tenant. */
export async function isMemberByEmail(
  db: Queryable,
  tenantId: number,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(users.email, email)));
  return row !== undefined;
}

/** The organisation's name, and whether mail may go out on its behalf. */
export async function selectTenantMailing(
  db: Queryable,
  tenantId: number,
): Promise<{ name: string; sendingEmailsEnabled: boolean }> {
  const [row] = await db
    .select({ name: tenants.name, sendingEmailsEnabled: tenants.sendingEmailsEnabled })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row ?? { name: '', sendingEmailsEnabled: true };
}
