/** A person's picture (spec §7.2 Users confirmAvatarFileUpload, deleteAvatarFile). */
import { ConfirmAvatarRequest, DeleteAvatarRequest, UserAvatar, avatarTexts } from '../avatars';
import { endpoint } from './define';

export const avatarEndpoints = {
  /**
   * POST users/confirmAvatarFileUpload: the caller's own pending upload of the avatar preset
   * becomes their stored avatar (avatarType Stored), served by the media service.
   */
  confirmAvatarFileUpload: endpoint({
    method: 'POST',
    path: 'users/confirmAvatarFileUpload',
    request: ConfirmAvatarRequest,
    response: UserAvatar,
    auth: 'user',
    messages: { fileStorageId: { required: avatarTexts.uploadNotUsable } },
  }),
  /** DELETE users/deleteAvatarFile?id=: back to Initials; the stored file is removed. */
  deleteAvatarFile: endpoint({
    method: 'DELETE',
    path: 'users/deleteAvatarFile',
    request: DeleteAvatarRequest,
    response: UserAvatar,
    auth: 'user',
  }),
} as const;
