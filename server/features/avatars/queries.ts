/** The avatars' queries (architecture.md §2: routes -> domain -> queries). */
import { eq } from 'drizzle-orm';
import type { AvatarType } from '../../../contract/enums';
import { updateUserRow } from '../../domain/queries';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';

/** A user's picture as stored. */
export interface StoredAvatar {
  avatarType: AvatarType;
  avatarUrl: string;
  /** The media service's file of a Stored avatar; null otherwise. */
  avatarFileId: string | null;
}

/**
 * The media file of the user's current avatar, the row locked until the transaction ends (two
 * changes of one user's picture cannot both see the same old file); undefined when the user is
 * gone. Call inside a transaction.
 */
export async function lockAvatarFileId(
  db: Queryable,
  userId: number,
): Promise<{ avatarFileId: string | null } | undefined> {
  const [row] = await db
    .select({ avatarFileId: users.avatarFileId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Sets the user's picture; false when there is no such user. */
export async function updateAvatar(
  db: Queryable,
  userId: number,
  avatar: StoredAvatar,
): Promise<boolean> {
  return updateUserRow(db, userId, avatar);
}
