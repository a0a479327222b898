/**
 * A person's picture (spec §7.2 Users confirmAvatarFileUpload and deleteAvatarFile), made with
 * `call` from contract/endpoints/avatars.ts. A failure throws {@link ApiError} carrying the
 * server's messages when it sent some.
 */
import { avatarEndpoints as endpoints } from '../../../contract/endpoints/avatars';
import type { ConfirmAvatarRequest, UserAvatar } from '../../../contract/avatars';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export interface AvatarsApi {
  /**
   * POST users/confirmAvatarFileUpload (id, fileStorageId, fileStorageOriginalName): the
   * caller's pending upload of the avatar preset becomes their stored avatar.
   */
  confirmUpload(request: ConfirmAvatarRequest, options?: CallOptions): Promise<UserAvatar>;
  /** DELETE users/deleteAvatarFile?id=: back to their initials. */
  deleteAvatar(userId: number, options?: CallOptions): Promise<UserAvatar>;
}

export function createAvatarsApi(http: HttpClient): AvatarsApi {
  const call = createCall(http);
  return {
    confirmUpload: async (request, options) =>
      dataOrThrow(await call(endpoints.confirmAvatarFileUpload, request, options)),
    deleteAvatar: async (userId, options) =>
      dataOrThrow(await call(endpoints.deleteAvatarFile, { id: userId }, options)),
  };
}
