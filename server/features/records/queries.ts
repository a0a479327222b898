/**
 * The record calls' database statements (architecture.md §2: routes -> domain -> queries): users and
 * organisations by id or guid, a host-created user, an organisation's owner. Plain statements by
 * plain values; the rules are in domain.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { tenants, tenantUsers, users, type TenantRow, type UserRow } from '../../db/schema';

export type { TenantRow, UserRow };

export async function selectUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function selectUserByGuid(db: Queryable, guid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.guid, guid));
  return row;
}

/** The user's row, locked until the transaction ends. */
export async function lockUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function selectTenantById(db: Queryable, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

export async function selectTenantByGuid(
  db: Queryable,
  guid: string,
): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.guid, guid));
  return row;
}

/** The organisation's row, locked until the transaction ends. */
export async function lockTenantRow(db: Queryable, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).for('update');
  return row;
}

/** The organisation's owner's id, if it has one. */
export async function selectOwnerId(db: Queryable, tenantId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: tenantUsers.userId })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.owner, true)))
    .limit(1);
  return row?.userId ?? null;
}

/** Whether the user is a member of the organisation who may sign into it. */
export async function isSigningInMember(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tenantUsers.id })
    .from(tenantUsers)
    .where(
      and(
        eq(tenantUsers.userId, userId),
        eq(tenantUsers.tenantId, tenantId),
        eq(tenantUsers.loginEnabled, true),
      ),
    );
  return row !== undefined;
}

/** The organisations the user owns, locking their memberships until the transaction ends. */
export async function lockOwnedTenantIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .select({ tenantId: tenantUsers.tenantId })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.owner, true)))
    .for('update');
  return rows.map((row) => row.tenantId);
}

/** A host-created user: no password, no terms accepted yet (they accept them when signing in). */
export interface NewRecordUser {
  email: string;
  firstName: string;
  lastName: string;
  handle: string;
  lastTenantId: number;
  avatarColor: string;
  avatarBgColor: string;
}

/** Inserts the user and their membership of `tenantId` with `userRole`. */
export async function insertUserWithMembership(
  db: Queryable,
  row: NewRecordUser,
  userRole: number,
): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({ ...row, passwordHash: null, accountStatus: 'Active', emailConfirmed: false })
    .returning();
  if (user === undefined) throw new Error('The user was not created.');
  await db.insert(tenantUsers).values({
    tenantId: row.lastTenantId,
    userId: user.id,
    userRole,
    owner: false,
    loginEnabled: true,
  });
  return user;
}
