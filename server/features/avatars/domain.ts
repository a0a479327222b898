/**
 * A person's picture (spec §3 User avatarUrl and avatarType, §4 Avatar upload, §7.2 Users
 * confirmAvatarFileUpload and deleteAvatarFile). Only one's own: another user's id is refused.
 *
 * The picture is uploaded to the media service with the avatar preset and the reference
 * `avatarUploadReference(guid)`, then confirmed here by the rule of domain/pendingUploads: a
 * pending upload is used only when it carries the caller's reference, passed the avatar preset
 * and is younger than the pending uploads' time to live. Any other pending id (unknown, already
 * confirmed, someone else's, a post's, expired) is refused with the same words, saying nothing of
 * whose it is.
 *
 * The confirmed file becomes the stored avatar in one transaction; if that fails the upload goes
 * back to pending. After the commit the replaced file is deleted (best effort: a leftover file
 * is harmless, a failed answer after a saved change is not), and the feed forgets its pages,
 * whose rows carry the author's avatar URL (other processes learn of it from the users trigger
 * of migration 0008). The next session refresh reads the user again, so its token carries the
 * new avatarUrl and avatarType.
 */
import { avatarTexts, avatarUploadReference, type UserAvatar } from '../../../contract/avatars';
import { mediaPresetIds } from '../../../contract/media';
import { forbidden, invalid } from '../../domain/errors';
import { confirmOwnUpload, type PendingUploadsContext } from '../../domain/pendingUploads';
import { requireMembership, type TenantScope } from '../../domain/scope';
import { lockAvatarFileId, updateAvatar, type StoredAvatar } from './queries';

/** What the avatar calls need beyond the domain context. */
export interface AvatarsContext extends PendingUploadsContext {
  /** The feed's remembered pages (their rows carry the author's avatar URL). */
  feedPages: { invalidate(): void };
  /** Where a failed deletion of a replaced file is reported. */
  log: { warn(details: object, message: string): void };
}

const INITIALS: UserAvatar = { avatarType: 'Initials', avatarUrl: '' };

/** Only the caller's own picture: another user's id is refused. */
function requireSelf(scope: TenantScope, userId: number): void {
  if (userId !== scope.userId) throw forbidden(avatarTexts.notYours);
}

/**
 * Stores the user's picture in one transaction; answers the media file it replaced, if any.
 * Refused as not the caller's when the user is gone.
 */
async function saveAvatar(
  ctx: AvatarsContext,
  userId: number,
  avatar: StoredAvatar,
): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockAvatarFileId(tx, userId);
    if (current === undefined || !(await updateAvatar(tx, userId, avatar))) {
      throw forbidden(avatarTexts.notYours);
    }
    return current.avatarFileId;
  });
}

/** After a saved change: the feed forgets its pages; the replaced file goes, best effort. */
async function afterSaved(ctx: AvatarsContext, replaced: string | null, kept: string | null) {
  ctx.feedPages.invalidate();
  if (replaced === null || replaced === kept) return;
  try {
    await ctx.media.deleteFile(replaced);
  } catch (error) {
    ctx.log.warn({ err: error, fileId: replaced }, 'the replaced avatar file was not deleted');
  }
}

/** POST users/confirmAvatarFileUpload: the caller's pending avatar upload becomes their picture. */
export async function confirmAvatarFileUpload(
  ctx: AvatarsContext,
  scope: TenantScope,
  input: { id: number; fileStorageId: string },
): Promise<UserAvatar> {
  requireSelf(scope, input.id);
  await requireMembership(ctx.db, scope);
  const upload = await confirmOwnUpload(ctx, input.fileStorageId, {
    presetId: mediaPresetIds.avatar,
    reference: avatarUploadReference(scope.userGuid),
  });
  if (upload === null) throw invalid(avatarTexts.uploadNotUsable);
  const avatar: UserAvatar = { avatarType: 'Stored', avatarUrl: upload.url };
  let replaced: string | null;
  try {
    replaced = await saveAvatar(ctx, scope.userId, { ...avatar, avatarFileId: upload.fileId });
  } catch (error) {
    await upload.undo();
    throw error;
  }
  await afterSaved(ctx, replaced, upload.fileId);
  return avatar;
}

/** DELETE users/deleteAvatarFile: back to Initials, the stored file removed (idempotent). */
export async function deleteAvatarFile(
  ctx: AvatarsContext,
  scope: TenantScope,
  input: { id: number },
): Promise<UserAvatar> {
  requireSelf(scope, input.id);
  await requireMembership(ctx.db, scope);
  const replaced = await saveAvatar(ctx, scope.userId, { ...INITIALS, avatarFileId: null });
  await afterSaved(ctx, replaced, null);
  return INITIALS;
}
