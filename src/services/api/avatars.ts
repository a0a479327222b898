/**
 * A person's picture (spec §7.2 Users confirmAvatarFileUpload and deleteAvatarFile), made with
 * `call` from contract/endpoints/avatars.ts. A failure throws an ApiError carrying the server's
 * messages when it sent some.
 */
import { avatarEndpoints as endpoints } from '../../../contract/endpoints/avatars';
import { createDataCalls, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export type AvatarsApi = ReturnType<typeof createAvatarsApi>;

export function createAvatarsApi(http: HttpClient) {
  const { data } = createDataCalls(http);
  return {
    /**
     * POST users/confirmAvatarFileUpload (id, fileStorageId, fileStorageOriginalName): the
     * caller's pending upload of the avatar preset becomes their stored avatar.
     */
    confirmUpload: data(endpoints.confirmAvatarFileUpload),
    /** DELETE users/deleteAvatarFile?id=: back to their initials. */
    deleteAvatar: (userId: number, options?: CallOptions) =>
      data(endpoints.deleteAvatarFile)({ id: userId }, options),
  };
}
