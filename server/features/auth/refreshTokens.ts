/**
 * Refresh tokens: random 32-byte values handed to the client in a cookie and stored only as
 * sha256 hashes. Tokens belong to a family started at login; the family's absolute expiry is never
 * extended by rotation. A token is spent when used; presenting a spent or revoked token again
 * revokes the whole family (reuse detection). A family is a session: its id is the sid claim of
 * the access tokens issued with it, and revoking it ends them too.
 *
 * Grace: a rotated token keeps its successor sealed (AES-256-GCM under a key derived from the
 * rotated token itself), so the same token presented again shortly after (two tabs refreshing at
 * once) can be answered with the same successor. Without the spent token, which only its holder
 * ever had, the sealed copy cannot be opened: the database holds no usable refresh token.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { loginProviders, type LoginProvider } from '../../../contract/enums';
import type { Queryable } from '../../db/database';
import {
  clearOtherSealedSuccessors,
  findRefreshTokenByHash,
  hasUnrevokedRefreshToken,
  insertRefreshTokenRow,
  markRefreshTokenSpent,
  revokeOtherRefreshTokensOfUser,
  revokeRefreshTokenFamily,
  revokeRefreshTokensOfUser,
  revokeRefreshTokensOnTenant,
  type RefreshTokenRow,
} from './queries';

const TOKEN_BYTES = 32;
/** Longest cookie value accepted; real tokens are 43 characters (base64url of 32 bytes). */
const MAX_TOKEN_LENGTH = 128;

export const hashRefreshToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export interface NewTokenInput {
  userId: number;
  tenantId: number;
  familyId: string;
  familyExpiresAt: Date;
  /** How the family's session signed in; kept through rotations. */
  loginProvider: LoginProvider;
  /** An impersonation's family (kept through rotations): the host, and the host's own family. */
  impersonatorUserId?: number | null;
  impersonatorFamilyId?: string | null;
}

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
  familyExpiresAt: Date;
}

/** A new random token value. */
export const newRefreshToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

const SEAL_ALGORITHM = 'aes-256-gcm';
const SEAL_IV_BYTES = 12;
const SEAL_TAG_BYTES = 16;

/** The key sealing the successor of `token`: derived from the token, never stored. */
const sealKey = (token: string) =>
  Buffer.from(hkdfSync('sha256', token, '', 'givedrop refresh-token successor', 32));

/** `successor` encrypted for whoever holds `token` (iv, tag and ciphertext, base64url). */
export function sealSuccessor(token: string, successor: string): string {
  const iv = randomBytes(SEAL_IV_BYTES);
  const cipher = createCipheriv(SEAL_ALGORITHM, sealKey(token), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor sealed by {@link sealSuccessor} for `token`; undefined when it does not open. */
export function openSuccessor(token: string, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= SEAL_IV_BYTES + SEAL_TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv(
      SEAL_ALGORITHM,
      sealKey(token),
      bytes.subarray(0, SEAL_IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(SEAL_IV_BYTES, SEAL_IV_BYTES + SEAL_TAG_BYTES));
    const clear = Buffer.concat([
      decipher.update(bytes.subarray(SEAL_IV_BYTES + SEAL_TAG_BYTES)),
      decipher.final(),
    ]);
    return clear.toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * Stores a new token of a family and returns its clear value (the only time it exists in clear
 * on the server).
 */
export async function insertRefreshToken(
  db: Queryable,
  input: NewTokenInput,
  now: Date,
  token: string = newRefreshToken(),
): Promise<IssuedRefreshToken> {
  await insertRefreshTokenRow(db, { ...input, tokenHash: hashRefreshToken(token), createdAt: now });
  return { token, familyId: input.familyId, familyExpiresAt: input.familyExpiresAt };
}

/** Starts a new family (login, tenant switch). */
export function startFamily(
  db: Queryable,
  input: Omit<NewTokenInput, 'familyId'>,
  now: Date,
): Promise<IssuedRefreshToken> {
  return insertRefreshToken(db, { ...input, familyId: randomUUID() }, now);
}

export async function findRefreshToken(
  db: Queryable,
  token: string,
): Promise<RefreshTokenRow | undefined> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
  return findRefreshTokenByHash(db, hashRefreshToken(token));
}

/**
 * Marks the token spent, keeping its successor sealed ({@link sealSuccessor}) for the grace period;
 * false when it was already spent or revoked (a concurrent use). The sealed successor of any other
 * token of the family is cleared: only the newest rotation can be answered again.
 */
export async function spendRefreshToken(
  db: Queryable,
  row: RefreshTokenRow,
  successorSealed: string | null,
  now: Date,
): Promise<boolean> {
  if (!(await markRefreshTokenSpent(db, row.id, successorSealed, now))) return false;
  await clearOtherSealedSuccessors(db, row.familyId, row.id);
  return true;
}

/**
 * Ends every session of a user (a password reset or change): every family is revoked, so their
 * refresh tokens are refused and their access tokens stop working at once ({@link isSessionLive}).
 * An impersonation among them ends too (its audit row's endedAt), as do those below.
 */
export async function endSessionsOf(db: Queryable, userId: number, now: Date): Promise<void> {
  noteSessionsEnded();
  await revokeRefreshTokensOfUser(db, userId, now);
}

/**
 * Ends every session of a user but `keptSessionId` (a password change: the other devices are
 * signed out at once, the one that changed it stays signed in).
 */
export async function endOtherSessionsOf(
  db: Queryable,
  userId: number,
  keptSessionId: string,
  now: Date,
): Promise<void> {
  noteSessionsEnded();
  await revokeOtherRefreshTokensOfUser(db, userId, keptSessionId, now);
}

/**
 * Ends every session on a tenant (the organisation is deleted), or only `userId`'s there (their
 * membership ends): their refresh tokens are refused and their access tokens stop at once.
 */
export async function endSessionsOnTenant(
  db: Queryable,
  tenantId: number,
  now: Date,
  userId?: number,
): Promise<void> {
  noteSessionsEnded();
  await revokeRefreshTokensOnTenant(db, tenantId, now, userId);
}

export function toLoginProvider(value: string): LoginProvider {
  return (loginProviders as readonly string[]).includes(value) ? (value as LoginProvider) : 'Email';
}

/**
 * Ends one session (sign-out, reuse detection, a tenant switch): its family is revoked, so its
 * refresh tokens are refused and its access tokens stop working at once ({@link isSessionLive}).
 */
export async function endSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  noteSessionsEnded();
  await revokeRefreshTokenFamily(db, sessionId, now);
}

/**
 * How many times this process has ended sessions: a cache of live sessions
 * ({@link LiveSessionCache}) trusts nothing it learnt before the count last changed. Process-wide
 * on purpose (every app in the process shares the database); it only ever causes extra lookups.
 */
let sessionsEnded = 0;
/**
 * Tells the memory of live sessions to look again. The functions above call it as they end
 * sessions; a caller whose transaction ends sessions calls it again once it has committed, so no
 * lookup made before the commit is trusted (and rows deleted with their user or tenant, which end
 * their sessions too, are noticed).
 */
export const noteSessionsEnded = () => {
  sessionsEnded += 1;
};
export const sessionsEndedCount = () => sessionsEnded;

/**
 * Whether a session (the family an access token names in its sid claim) has not been ended: one
 * lookup of the partial index refresh_tokens_live_family_idx. The database is the only source of
 * truth, so a session ended through any server process ends everywhere.
 */
export async function isSessionLive(db: Queryable, sessionId: string): Promise<boolean> {
  return hasUnrevokedRefreshToken(db, sessionId);
}

export type TokenState = 'active' | 'reused' | 'expired';

export function tokenState(row: RefreshTokenRow, now: Date): TokenState {
  if (row.usedAt !== null || row.revokedAt !== null) return 'reused';
  if (row.familyExpiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}
