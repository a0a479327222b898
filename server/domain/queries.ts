/**
 * The queries every area shares (architecture.md §2: routes -> domain -> queries): users, their
 * memberships, the caller's scope and the server's secrets. Plain statements over Drizzle; the
 * rules that use them live in the domain files beside this one.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/database';
import { serverSecrets, tenants, tenantUsers, users, type UserRow } from '../db/schema';

export type { UserRow };

/** The user with this (already normalised) email address. */
export async function selectUserByEmail(
  db: Queryable,
  normalisedEmail: string,
): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, normalisedEmail));
  return user;
}

/** The user whose handle is `handle` in any letter case. */
export async function findUserByHandle(
  db: Queryable,
  handle: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.handle})`, handle.toLowerCase()));
  return user;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** A membership as stored: the role and account type are the columns' raw values. */
export interface MembershipRow {
  tenantId: number;
  tenantGuid: string;
  tenantName: string;
  accountType: string;
  userRole: number;
  owner: boolean;
  loginEnabled: boolean;
  tenantEnabled: boolean;
}

/** The user's memberships, oldest first. */
export function selectMemberships(db: Queryable, userId: number): Promise<MembershipRow[]> {
  return db
    .select({
      tenantId: tenants.id,
      tenantGuid: tenants.guid,
      tenantName: tenants.name,
      accountType: tenants.accountType,
      userRole: tenantUsers.userRole,
      owner: tenantUsers.owner,
      loginEnabled: tenantUsers.loginEnabled,
      tenantEnabled: tenants.enabled,
    })
    .from(tenantUsers)
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(eq(tenantUsers.userId, userId))
    .orderBy(asc(tenantUsers.id));
}

/** The user's membership of one tenant (role, whether they may sign in) and host flag. */
export interface StandingRow {
  role: number | null;
  loginEnabled: boolean | null;
  isHost: boolean;
}

/** The user's standing in a tenant; undefined when there is no such user. */
export async function selectStanding(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<StandingRow | undefined> {
  const [row] = await db
    .select({
      role: tenantUsers.userRole,
      loginEnabled: tenantUsers.loginEnabled,
      tenantEnabled: tenants.enabled,
      isHost: users.isHost,
    })
    .from(users)
    .leftJoin(
      tenantUsers,
      and(eq(tenantUsers.userId, users.id), eq(tenantUsers.tenantId, tenantId)),
    )
    .leftJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(eq(users.id, userId));
  // A disabled organisation (tenants/setEnabled) is one nobody may act in.
  return row === undefined
    ? undefined
    : { ...row, loginEnabled: row.loginEnabled === true && row.tenantEnabled === true };
}

/** Whether the user may act in the tenant: undefined when not a member. */
export async function selectLoginEnabled(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<boolean | undefined> {
  const [row] = await db
    .select({ loginEnabled: tenantUsers.loginEnabled, tenantEnabled: tenants.enabled })
    .from(tenantUsers)
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.tenantId, tenantId)));
  // A disabled organisation (tenants/setEnabled) is one nobody may act in.
  return row === undefined ? undefined : row.loginEnabled && row.tenantEnabled;
}

export async function recordTenantLogin(
  db: Queryable,
  userId: number,
  tenantId: number,
  at: Date,
): Promise<void> {
  await db
    .update(tenantUsers)
    .set({ lastLoginDate: at })
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.tenantId, tenantId)));
}

/**
 * Sets `changes` on the user `userId`, only while `also` holds when it is given (a compare-and-set);
 * true when the row changed, false when there is no such user or `also` no longer holds.
 */
export async function updateUserRow(
  db: Queryable,
  userId: number,
  changes: PgUpdateSetSource<typeof users>,
  also?: SQL,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, userId), also))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function rememberLastTenant(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<void> {
  await db.update(users).set({ lastTenantId: tenantId }).where(eq(users.id, userId));
}

/**
 * Forgets the user's last tenant if it is `tenantId` (their membership of it ended or the
 * organisation went): their next login picks another.
 */
export async function forgetLastTenant(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<void> {
  await db
    .update(users)
    .set({ lastTenantId: null })
    .where(and(eq(users.id, userId), eq(users.lastTenantId, tenantId)));
}

/** Stores the secret unless one of that name exists (the first of several processes wins). */
export async function insertSecretIfAbsent(
  db: Queryable,
  name: string,
  value: string,
): Promise<void> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
}

export async function selectSecret(db: Queryable, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row?.value;
}
