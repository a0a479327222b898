/**
 * The account settings' database statements (architecture.md §2: routes -> domain -> queries): one
 * person's row, memberships, posts, drops and topics, and the deletions of spec §6. Plain
 * statements by plain values; the rules are the domain's (the other files of this folder).
 */
import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { updateUserRow } from '../../domain/queries';
import type { Queryable } from '../../db/database';
import {
  drops,
  posts,
  tenants,
  tenantUsers,
  topics,
  userInterestedTopics,
  users,
} from '../../db/schema';

export type { UserRow } from '../../db/schema';

/** One membership of a person, with what the account screens show of its tenant. */
export interface TenantUserRow {
  tenantId: number;
  tenantName: string;
  accountType: string;
  userRole: number;
  owner: boolean;
  loginEnabled: boolean;
  lastLoginDate: Date | null;
  createdAt: Date;
}

/** The user's memberships, oldest first. */
export function selectTenantUsers(db: Queryable, userId: number): Promise<TenantUserRow[]> {
  return db
    .select({
      tenantId: tenants.id,
      tenantName: tenants.name,
      accountType: tenants.accountType,
      userRole: tenantUsers.userRole,
      owner: tenantUsers.owner,
      loginEnabled: tenantUsers.loginEnabled,
      lastLoginDate: tenantUsers.lastLoginDate,
      createdAt: tenantUsers.createdAt,
    })
    .from(tenantUsers)
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(eq(tenantUsers.userId, userId))
    .orderBy(asc(tenantUsers.id));
}

/** The columns of a user the account settings change. */
export interface AccountChanges {
  firstName?: string;
  lastName?: string;
  phone?: string;
  dateOfBirth?: string;
  handle?: string;
  pendingEmail?: string | null;
  consentToHelpEmails?: boolean;
  consentToMarketingEmails?: boolean;
  annotationColor?: string;
  passwordHash?: string;
}

/** Changes the user's row; false when there is no such user. */
export async function updateAccount(
  db: Queryable,
  userId: number,
  changes: AccountChanges,
): Promise<boolean> {
  return updateUserRow(db, userId, changes);
}

/**
 * Sets the user's password hash if it is still `expected` (a concurrent change of the password
 * wins once); true when it was set.
 */
export async function replacePasswordHash(
  db: Queryable,
  userId: number,
  expected: string,
  passwordHash: string,
): Promise<boolean> {
  return updateUserRow(db, userId, { passwordHash }, eq(users.passwordHash, expected));
}

// ---------------------------------------------------------------------------------------------
// The personal-data download.
// ---------------------------------------------------------------------------------------------

/** The topics the user chose, with their names, by the topics' order. */
export function selectUserTopics(db: Queryable, userId: number) {
  return db
    .select({ id: topics.id, name: topics.name })
    .from(userInterestedTopics)
    .innerJoin(topics, eq(topics.id, userInterestedTopics.topicId))
    .where(eq(userInterestedTopics.userId, userId))
    .orderBy(asc(topics.order), asc(topics.id));
}

/** Every post the user wrote, in every tenant, oldest first, with the tenant's name. */
export function selectPostsByAuthor(db: Queryable, userId: number) {
  return db
    .select({
      id: posts.id,
      guid: posts.guid,
      tenantId: posts.tenantId,
      tenantName: tenants.name,
      message: posts.message,
      link: posts.link,
      publishedDate: posts.publishedDate,
      isDraft: posts.isDraft,
      isPublished: posts.isPublished,
      mediaFileId: posts.mediaFileId,
      mediaOriginalName: posts.mediaOriginalName,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .innerJoin(tenants, eq(tenants.id, posts.tenantId))
    .where(eq(posts.userId, userId))
    .orderBy(asc(posts.createdAt), asc(posts.id));
}

/** Every drop the user wrote, oldest first, with the tenant's name. */
export function selectDropsByAuthor(db: Queryable, userId: number) {
  return db
    .select({
      id: drops.id,
      guid: drops.guid,
      tenantId: drops.tenantId,
      tenantName: tenants.name,
      content: drops.content,
      date: drops.date,
      media: drops.media,
      createdAt: drops.createdAt,
    })
    .from(drops)
    .innerJoin(tenants, eq(tenants.id, drops.tenantId))
    .where(eq(drops.userId, userId))
    .orderBy(asc(drops.createdAt), asc(drops.id));
}

// ---------------------------------------------------------------------------------------------
// Deleting one's own account (spec §6).
// ---------------------------------------------------------------------------------------------

/** The user's membership of the tenant, locked until the transaction ends; undefined if none. */
export async function lockMembership(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<{ owner: boolean } | undefined> {
  const [row] = await db
    .select({ owner: tenantUsers.owner })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.tenantId, tenantId)))
    .for('update');
  return row;
}

/** The ids of the tenant's members. */
export async function selectMemberIds(db: Queryable, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: tenantUsers.userId })
    .from(tenantUsers)
    .where(eq(tenantUsers.tenantId, tenantId));
  return rows.map((row) => row.userId);
}

/** Which of `userIds` belong to a tenant other than `tenantId`. */
export async function selectMembersElsewhere(
  db: Queryable,
  userIds: number[],
  tenantId: number,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: tenantUsers.userId })
    .from(tenantUsers)
    .where(and(inArray(tenantUsers.userId, userIds), ne(tenantUsers.tenantId, tenantId)));
  return new Set(rows.map((row) => row.userId));
}

/** Content (posts and drops) about to be deleted: a tenant's, users', or one author's in a tenant. */
export type ContentOf =
  { tenantId: number } | { userIds: number[] } | { userId: number; tenantId: number };

function contentWhere(
  of: ContentOf,
  columns: {
    tenantId: typeof posts.tenantId | typeof drops.tenantId;
    userId: typeof posts.userId | typeof drops.userId;
  },
): SQL | undefined {
  if ('userIds' in of)
    return of.userIds.length === 0 ? undefined : inArray(columns.userId, of.userIds);
  if ('userId' in of) return and(eq(columns.tenantId, of.tenantId), eq(columns.userId, of.userId));
  return eq(columns.tenantId, of.tenantId);
}

/**
 * The media files of the posts and drops of `contents` (read before their rows are deleted), each
 * once.
 */
export async function selectContentMediaFileIds(
  db: Queryable,
  contents: ContentOf[],
): Promise<string[]> {
  const fileIds = new Set<string>();
  for (const of of contents) {
    const postWhere = contentWhere(of, posts);
    if (postWhere === undefined) continue;
    const postRows = await db
      .select({ fileId: posts.mediaFileId })
      .from(posts)
      .where(and(postWhere, isNotNull(posts.mediaFileId)));
    for (const row of postRows) if (row.fileId !== null) fileIds.add(row.fileId);
    const dropRows = await db
      .select({ media: drops.media })
      .from(drops)
      .where(contentWhere(of, drops));
    for (const row of dropRows) for (const file of row.media) fileIds.add(file.fileId);
  }
  return [...fileIds];
}

/** The users' stored avatars' media files. */
export async function selectAvatarFileIds(db: Queryable, userIds: number[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ fileId: users.avatarFileId })
    .from(users)
    .where(and(inArray(users.id, userIds), isNotNull(users.avatarFileId)));
  return rows.flatMap((row) => (row.fileId === null ? [] : [row.fileId]));
}

export async function deleteUsers(db: Queryable, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(users).where(inArray(users.id, userIds));
}

/** Deletes the tenant: its memberships, posts, drops and sessions go with it (cascade). */
/** Deletes the tenant row: answers its payment provider customer id (null when none). */
export async function deleteTenantRow(db: Queryable, tenantId: number): Promise<string | null> {
  const [row] = await db
    .delete(tenants)
    .where(eq(tenants.id, tenantId))
    .returning({ customerId: tenants.paymentProviderCustomerId });
  return row?.customerId ?? null;
}

/** Deletes the user's membership of the tenant, and their posts and drops there. */
export async function deleteMembershipAndContent(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<void> {
  await db.delete(posts).where(and(eq(posts.userId, userId), eq(posts.tenantId, tenantId)));
  await db.delete(drops).where(and(eq(drops.userId, userId), eq(drops.tenantId, tenantId)));
  await db
    .delete(tenantUsers)
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.tenantId, tenantId)));
}

/** Whether any post, drop or stored avatar still uses the media file. */
export async function isMediaFileUsed(db: Queryable, fileId: string): Promise<boolean> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.mediaFileId, fileId))
    .limit(1);
  if (post !== undefined) return true;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.avatarFileId, fileId))
    .limit(1);
  if (user !== undefined) return true;
  const [drop] = await db
    .select({ id: drops.id })
    .from(drops)
    .where(sql`${drops.media} @> ${JSON.stringify([{ fileId }])}::jsonb`)
    .limit(1);
  return drop !== undefined;
}
