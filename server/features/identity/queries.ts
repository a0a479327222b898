/**
 * The identity calls' database statements (architecture.md §2: routes -> domain -> queries): accounts,
 * account keys, email verification codes and the countries list, found and changed by plain
 * values. The rules (what a key or a code is worth, which account may be created or changed, the
 * messages) are the domain's, in the other files of this folder.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { updateUserRow } from '../../domain/queries';
import type { Queryable, Transaction } from '../../db/database';
import {
  accountKeys,
  countries,
  emailVerificationCodes,
  tenants,
  tenantUsers,
  users,
  type AccountKeyRow,
  type CountryRow,
  type EmailVerificationCodeRow,
  type UserRow,
} from '../../db/schema';

export type { AccountKeyRow, CountryRow, UserRow } from '../../db/schema';

// ---------------------------------------------------------------------------------------------
// Accounts: a tenant, its owner and the owner's membership.
// ---------------------------------------------------------------------------------------------

export interface NewTenantRow {
  name: string;
  accountType: string;
  isOnboarding: boolean;
  /** The organisation's contact details (spec §3 Organisation), from the signup. */
  email?: string;
  contactName?: string;
  contactPhone?: string;
}

export interface NewUserRow {
  email: string;
  passwordHash: string | null;
  googleSubject: string | null;
  firstName: string;
  lastName: string;
  handle: string;
  phone: string;
  dateOfBirth: string | null;
  emailConfirmed: boolean;
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
  termsAcceptedDate: Date;
  termsVersion: number;
  privacyPolicyAgreedDate: Date;
  privacyPolicyVersion: number;
  accountStatus: string;
  lastTenantId: number;
  avatarColor: string;
  avatarBgColor: string;
}

export interface NewMembershipRow {
  tenantId: number;
  userId: number;
  userRole: number;
  owner: boolean;
  loginEnabled: boolean;
}

/** The columns of a user the identity calls change. */
export interface UserChanges {
  accountStatus?: string;
  emailConfirmed?: boolean;
  passwordHash?: string;
  googleSubject?: string;
}

/** The new tenant's id; undefined when no row came back. */
export async function insertTenant(
  db: Queryable,
  row: NewTenantRow,
): Promise<{ id: number } | undefined> {
  const [tenant] = await db.insert(tenants).values(row).returning({ id: tenants.id });
  return tenant;
}

/** The new user; undefined when no row came back. */
export async function insertUser(db: Queryable, row: NewUserRow): Promise<UserRow | undefined> {
  const [user] = await db.insert(users).values(row).returning();
  return user;
}

export async function insertMembership(db: Queryable, row: NewMembershipRow): Promise<void> {
  await db.insert(tenantUsers).values(row);
}

export async function deleteUser(db: Queryable, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function deleteTenant(db: Queryable, tenantId: number): Promise<void> {
  await db.delete(tenants).where(eq(tenants.id, tenantId));
}

export async function findUserByGoogleSubject(
  db: Queryable,
  subject: string,
): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return user;
}

export async function updateUser(
  db: Queryable,
  userId: number,
  changes: UserChanges,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** Marks the user's address confirmed if it is still `email`; true when it was. */
export async function confirmUserEmail(
  db: Queryable,
  userId: number,
  email: string,
): Promise<boolean> {
  return updateUserRow(db, userId, { emailConfirmed: true }, eq(users.email, email));
}

/**
 * Makes `email` the user's address if it is their pending one (a changed address whose emailed
 * link was opened): it replaces the address, is marked confirmed and is no longer pending. True
 * when it was. Call only once no other account has the address (the unique email would refuse).
 */
export async function confirmPendingEmail(
  db: Queryable,
  userId: number,
  email: string,
): Promise<boolean> {
  return updateUserRow(
    db,
    userId,
    { email, pendingEmail: null, emailConfirmed: true },
    eq(users.pendingEmail, email),
  );
}

/** Makes the user a host; the updated user, undefined when no row came back. */
export async function makeUserHost(db: Queryable, userId: number): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ isHost: true })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

// ---------------------------------------------------------------------------------------------
// Account keys (activation, email confirmation, password reset), by the hash of the key.
// ---------------------------------------------------------------------------------------------

export interface NewAccountKeyRow {
  kind: string;
  keyHash: string;
  userId: number;
  email: string;
  expiresAt: Date;
  createdAt: Date;
}

export async function insertAccountKey(db: Queryable, row: NewAccountKeyRow): Promise<void> {
  await db.insert(accountKeys).values(row);
}

/** The key with this hash, of `kind`, not used and not expired at `now`. */
const usable = (kind: string, keyHash: string, now: Date) =>
  and(
    eq(accountKeys.keyHash, keyHash),
    eq(accountKeys.kind, kind),
    isNull(accountKeys.usedAt),
    gt(accountKeys.expiresAt, now),
  );

/** The key's row when it is of `kind`, not used and not expired at `now`. */
export async function findUsableAccountKey(
  db: Queryable,
  kind: string,
  keyHash: string,
  now: Date,
): Promise<AccountKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(accountKeys)
    .where(usable(kind, keyHash, now));
  return row;
}

/** Marks the key used at `now` if it is usable (one conditional UPDATE); its row when it was. */
export async function spendUsableAccountKey(
  db: Queryable,
  kind: string,
  keyHash: string,
  now: Date,
): Promise<AccountKeyRow | undefined> {
  const [row] = await db
    .update(accountKeys)
    .set({ usedAt: now })
    .where(usable(kind, keyHash, now))
    .returning();
  return row;
}

/** Marks every not yet used key of `kind` of the user used at `now`. */
export async function spendAccountKeysOfUser(
  db: Queryable,
  userId: number,
  kind: string,
  now: Date,
): Promise<void> {
  await db
    .update(accountKeys)
    .set({ usedAt: now })
    .where(
      and(eq(accountKeys.userId, userId), eq(accountKeys.kind, kind), isNull(accountKeys.usedAt)),
    );
}

export async function deleteAccountKeyByHash(db: Queryable, keyHash: string): Promise<void> {
  await db.delete(accountKeys).where(eq(accountKeys.keyHash, keyHash));
}

// ---------------------------------------------------------------------------------------------
// Email verification codes: one row per (lower-cased) address.
// ---------------------------------------------------------------------------------------------

/** What a new code writes over the address's row. */
export interface VerificationCodeValues {
  codeHash: string;
  expiresAt: Date;
  failedAttempts: number;
  verifiedAt: Date | null;
  createdAt: Date;
}

/** Inserts the address's code, or replaces the one it has. */
export async function upsertVerificationCode(
  db: Queryable,
  email: string,
  values: VerificationCodeValues,
): Promise<void> {
  await db
    .insert(emailVerificationCodes)
    .values({ email, ...values })
    .onConflictDoUpdate({ target: emailVerificationCodes.email, set: values });
}

/** Deletes the address's code if it is still the one with `codeHash`. */
export async function deleteVerificationCodeWithHash(
  db: Queryable,
  email: string,
  codeHash: string,
): Promise<void> {
  await db
    .delete(emailVerificationCodes)
    .where(
      and(eq(emailVerificationCodes.email, email), eq(emailVerificationCodes.codeHash, codeHash)),
    );
}

export async function deleteVerificationCode(db: Queryable, email: string): Promise<void> {
  await db.delete(emailVerificationCodes).where(eq(emailVerificationCodes.email, email));
}

/** The address's code, locked (SELECT ... FOR UPDATE) until the transaction ends. */
export async function findVerificationCodeForUpdate(
  tx: Transaction,
  email: string,
): Promise<EmailVerificationCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailVerificationCodes)
    .where(eq(emailVerificationCodes.email, email))
    .for('update');
  return row;
}

export async function markVerificationCodeVerified(
  db: Queryable,
  id: number,
  now: Date,
): Promise<void> {
  await db
    .update(emailVerificationCodes)
    .set({ verifiedAt: now })
    .where(eq(emailVerificationCodes.id, id));
}

/** Adds a failed attempt to the code (in the database); its new count, undefined when gone. */
export async function addFailedCodeAttempt(db: Queryable, id: number): Promise<number | undefined> {
  const [updated] = await db
    .update(emailVerificationCodes)
    .set({ failedAttempts: sql`${emailVerificationCodes.failedAttempts} + 1` })
    .where(eq(emailVerificationCodes.id, id))
    .returning({ failedAttempts: emailVerificationCodes.failedAttempts });
  return updated?.failedAttempts;
}

/** When the address's code was verified: null when not yet, undefined when it has none. */
export async function findCodeVerifiedAt(
  db: Queryable,
  email: string,
): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ verifiedAt: emailVerificationCodes.verifiedAt })
    .from(emailVerificationCodes)
    .where(eq(emailVerificationCodes.email, email));
  return row?.verifiedAt;
}

// ---------------------------------------------------------------------------------------------
// Countries.
// ---------------------------------------------------------------------------------------------

export async function listEnabledCountries(db: Queryable): Promise<CountryRow[]> {
  return db.select().from(countries).where(eq(countries.enabled, true));
}

/** Every country, disabled ones too (a host's list). */
export async function listAllCountries(db: Queryable): Promise<CountryRow[]> {
  return db.select().from(countries);
}
