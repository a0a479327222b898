/**
 * Single-use keys sent by email: activation (7 days), email confirmation (7 days) and password
 * reset (1 hour). A key is 32 random bytes (base64url); only its sha256 is stored. Spending a key
 * is one conditional UPDATE, so two uses at once cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { KEY_MAX } from '../../../contract/identity';
import type { Queryable } from '../../db/database';
import { addSeconds } from '../../domain/context';
import {
  deleteAccountKeyByHash,
  findUsableAccountKey,
  insertAccountKey,
  spendAccountKeysOfUser,
  spendUsableAccountKey,
  type AccountKeyRow,
} from './queries';

export const accountKeyKinds = ['activation', 'emailConfirmation', 'passwordReset'] as const;
export type AccountKeyKind = (typeof accountKeyKinds)[number];

export const KEY_LIFETIME_SECONDS: Record<AccountKeyKind, number> = {
  activation: 7 * 24 * 60 * 60,
  emailConfirmation: 7 * 24 * 60 * 60,
  passwordReset: 60 * 60,
};

const KEY_BYTES = 32;

export const hashAccountKey = (key: string) =>
  createHash('sha256').update(key, 'utf8').digest('hex');

/** A new random key (not stored yet: {@link issueAccountKey} stores it). */
export const newAccountKey = () => randomBytes(KEY_BYTES).toString('base64url');

/**
 * Stores a key for `user.email` and returns its clear value (the only time it exists): a new one,
 * or `key` made earlier with {@link newAccountKey} (mailed before the change that needs it is
 * written, so a failed mail leaves nothing stored).
 */
export async function issueAccountKey(
  db: Queryable,
  kind: AccountKeyKind,
  user: { id: number; email: string },
  now: Date,
  key: string = newAccountKey(),
): Promise<string> {
  await insertAccountKey(db, {
    kind,
    keyHash: hashAccountKey(key),
    userId: user.id,
    email: user.email,
    expiresAt: addSeconds(now, KEY_LIFETIME_SECONDS[kind]),
    createdAt: now,
  });
  return key;
}

const plausible = (key: string) => key.length > 0 && key.length <= KEY_MAX;

type KeyHashLookup = (
  db: Queryable,
  kind: AccountKeyKind,
  keyHash: string,
  now: Date,
) => Promise<AccountKeyRow | undefined>;

/** `lookup` by the key's hash; undefined at once for a key no link could carry. */
const byKey =
  (lookup: KeyHashLookup) => (db: Queryable, kind: AccountKeyKind, key: string, now: Date) =>
    plausible(key) ? lookup(db, kind, hashAccountKey(key), now) : Promise.resolve(undefined);

/** The key's row when it is of `kind`, unspent and unexpired. */
export const findUsableKey = byKey(findUsableAccountKey);

/** Spends the key; its row when it was usable, undefined otherwise (unknown, spent, expired). */
export const spendAccountKey = byKey(spendUsableAccountKey);

/** Spends every outstanding key of a kind for a user (e.g. other reset links after a reset). */
export async function spendAllKeys(
  db: Queryable,
  userId: number,
  kind: AccountKeyKind,
  now: Date,
): Promise<void> {
  await spendAccountKeysOfUser(db, userId, kind, now);
}

/** Removes a key that was never delivered (its mail failed). */
export async function deleteAccountKey(db: Queryable, key: string): Promise<void> {
  await deleteAccountKeyByHash(db, hashAccountKey(key));
}
