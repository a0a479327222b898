/**
 * The sessions' database statements (architecture.md §2: routes -> domain -> queries): refresh-token
 * rows, found and changed by plain values. What a token is, when it may be spent and what ending a
 * session means are the domain's (refreshTokens.ts, sessions.ts).
 */
import { and, desc, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { impersonations, refreshTokens, type RefreshTokenRow } from '../../db/schema';

export type { RefreshTokenRow, UserRow } from '../../db/schema';

/** A refresh token as stored: only the hash of its value. */
export interface NewRefreshTokenRow {
  userId: number;
  tenantId: number;
  familyId: string;
  familyExpiresAt: Date;
  loginProvider: string;
  tokenHash: string;
  createdAt: Date;
  /** An impersonation's family: the host, and the host's own family. */
  impersonatorUserId?: number | null;
  impersonatorFamilyId?: string | null;
}

export async function insertRefreshTokenRow(db: Queryable, row: NewRefreshTokenRow): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshTokenByHash(
  db: Queryable,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Marks the token `id` used at `now` with `successorSealed`, unless it is already used or revoked;
 * true when it was marked.
 */
export async function markRefreshTokenSpent(
  db: Queryable,
  id: number,
  successorSealed: string | null,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: now, successorSealed })
    .where(
      and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  return spent.length === 1;
}

/** Clears the sealed successor of every token of the family but `keptId`. */
export async function clearOtherSealedSuccessors(
  db: Queryable,
  familyId: string,
  keptId: number,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ successorSealed: null })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        ne(refreshTokens.id, keptId),
        isNotNull(refreshTokens.successorSealed),
      ),
    );
}

/**
 * Revokes at `now` every not yet revoked token that `where` selects, clearing sealed successors,
 * and first closes the audit rows of the impersonations among their families (endedAt), in the
 * same transaction when `db` is one: a session that ends this way (a password reset, an
 * organisation or a login disabled, a deletion) ends its impersonation too.
 */
async function revokeLiveTokensWhere(
  db: Queryable,
  where: SQL | undefined,
  now: Date,
): Promise<void> {
  const live = and(where, isNull(refreshTokens.revokedAt));
  const endingFamilies = db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(live, isNotNull(refreshTokens.impersonatorUserId)));
  await db
    .update(impersonations)
    .set({ endedAt: now })
    .where(and(inArray(impersonations.familyId, endingFamilies), isNull(impersonations.endedAt)));
  await db.update(refreshTokens).set({ revokedAt: now, successorSealed: null }).where(live);
}

/** Revokes every not yet revoked token of the user at `now`, clearing sealed successors. */
export async function revokeRefreshTokensOfUser(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<void> {
  await revokeLiveTokensWhere(db, eq(refreshTokens.userId, userId), now);
}

/**
 * Revokes every not yet revoked token of the user at `now` but those of the family `keptFamilyId`
 * (a password change: the other sessions end, the caller's stays), clearing sealed successors.
 */
export async function revokeOtherRefreshTokensOfUser(
  db: Queryable,
  userId: number,
  keptFamilyId: string,
  now: Date,
): Promise<void> {
  await revokeLiveTokensWhere(
    db,
    and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keptFamilyId)),
    now,
  );
}

/**
 * Revokes every not yet revoked token on the tenant at `now` (of one user when `userId` is given),
 * clearing sealed successors.
 */
export async function revokeRefreshTokensOnTenant(
  db: Queryable,
  tenantId: number,
  now: Date,
  userId?: number,
): Promise<void> {
  await revokeLiveTokensWhere(
    db,
    and(
      eq(refreshTokens.tenantId, tenantId),
      userId === undefined ? undefined : eq(refreshTokens.userId, userId),
    ),
    now,
  );
}

/** Revokes every not yet revoked token of the family at `now`, clearing sealed successors. */
export async function revokeRefreshTokenFamily(
  db: Queryable,
  familyId: string,
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, successorSealed: null })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Whether the family has a token not revoked (refresh_tokens_live_family_idx). */
export async function hasUnrevokedRefreshToken(db: Queryable, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

/** The newest token of the family that is not revoked; undefined when the family has ended. */
export async function selectNewestLiveToken(
  db: Queryable,
  familyId: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .orderBy(desc(refreshTokens.id))
    .limit(1);
  return row;
}

/** An impersonation as audited when it starts. */
export interface NewImpersonationRow {
  impersonatorUserId: number;
  impersonatorEmail: string;
  impersonatedUserId: number;
  impersonatedEmail: string;
  tenantId: number;
  familyId: string;
  remoteAddress: string;
  startedAt: Date;
}

export async function insertImpersonation(db: Queryable, row: NewImpersonationRow): Promise<void> {
  await db.insert(impersonations).values(row);
}

/** Marks the running impersonation of the family ended at `now`. */
export async function endImpersonationOfFamily(
  db: Queryable,
  familyId: string,
  now: Date,
): Promise<void> {
  await db
    .update(impersonations)
    .set({ endedAt: now })
    .where(and(eq(impersonations.familyId, familyId), isNull(impersonations.endedAt)));
}

/** The running impersonation of `fromFamilyId` goes on in `toFamilyId` (a tenant switch). */
export async function moveImpersonationToFamily(
  db: Queryable,
  fromFamilyId: string,
  toFamilyId: string,
): Promise<void> {
  await db
    .update(impersonations)
    .set({ familyId: toFamilyId })
    .where(and(eq(impersonations.familyId, fromFamilyId), isNull(impersonations.endedAt)));
}
