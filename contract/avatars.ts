/**
 * A person's picture (spec §3 User avatar fields, §7.2 Users confirmAvatarFileUpload and
 * deleteAvatarFile): a pending upload of the avatar preset becomes their stored avatar, and
 * deleting it takes them back to their initials.
 */
import { enums, object, size, string, type Infer } from 'superstruct';
import { avatarTypes } from './enums';
import { Id } from './structs';

/** Spec §8 Avatar: the alert's title and text when a photo cannot be saved. */
export const avatarTexts = {
  errorTitle: 'Error',
  saveFailed: 'There was an error saving the photo.',
  /** The pending upload is not the caller's, not of the avatar preset, expired or used. */
  uploadNotUsable: 'The photo upload has expired or cannot be used; please choose the photo again.',
  notYours: 'You can only change your own photo.',
} as const;

/** POST users/confirmAvatarFileUpload (id, fileStorageId, fileStorageOriginalName). */
export const ConfirmAvatarRequest = object({
  id: Id,
  fileStorageId: size(string(), 1, 64),
  fileStorageOriginalName: size(string(), 0, 255),
});
export type ConfirmAvatarRequest = Infer<typeof ConfirmAvatarRequest>;

/** DELETE users/deleteAvatarFile?id= (the user's id). */
export const DeleteAvatarRequest = object({ id: Id });
export type DeleteAvatarRequest = Infer<typeof DeleteAvatarRequest>;

/** The person's picture after the call (the next session refresh carries it in the token). */
export const UserAvatar = object({
  avatarType: enums(avatarTypes),
  avatarUrl: string(),
});
export type UserAvatar = Infer<typeof UserAvatar>;

/**
 * The reference an avatar upload carries to the media service: it names the uploader, so that
 * only they can confirm it (the media service sees an API key, never the person).
 */
export const avatarUploadReference = (userGuid: string) => `avatar:${userGuid}`;
