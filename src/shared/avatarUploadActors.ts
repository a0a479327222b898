import { fromCallback, fromPromise, sendParent } from 'xstate';
import {
  avatarUploadMachine,
  type AvatarChange,
  type AvatarChangedEvent,
  type AvatarUploadEvent,
  type CheckFileInput,
  type UploadImageInput,
} from '../machines/avatarUploadMachine';
import { createAvatarsApi } from '../services/api/avatars';
import {
  checkImageFile,
  createMediaClient,
  MediaServiceError,
  type ImageDecoder,
  type MediaClient,
} from '../services/media';
import type { FlowServices } from './flow';

/**
 * The real actors of the shared avatarUpload machine (architecture.md §2: src/machines holds the
 * machines several flows invoke; their real implementations are built here once, for every flow
 * that runs them: the profile, the onboarding, and the organisation logo).
 */

export interface AvatarUploadOptions {
  /** The media client to share (its preset cache); one is made from the configuration if absent. */
  media?: MediaClient;
  /** Decodes an image's size (the browser's createImageBitmap unless a test gives one). */
  decode?: ImageDecoder;
}

/** The media service client from the configuration: its own base URL and API key, no bearer. */
export function mediaClientFor(services: FlowServices): MediaClient {
  return createMediaClient({
    getBaseUrl: () => services.configuration().mediaServiceApiBaseUrl,
    getApiKey: () => services.configuration().mediaServiceClientApiKey,
  });
}

/**
 * Spec §5 Avatar upload: the chosen file against the preset, before any upload (size, type,
 * minimum resolution, readable). An image that is cropped first may be above the maximum: the
 * crop scales it down to it. Throws a MediaServiceError with the messages when it fails.
 */
export async function checkAvatarFile(input: CheckFileInput, decode?: ImageDecoder): Promise<void> {
  const problems = await checkImageFile(input.file, input.preset, decode, {
    allowAboveMaximum: input.cropping,
  });
  if (problems.length > 0) {
    throw new MediaServiceError({ kind: 'rejected', httpStatus: null, messages: problems });
  }
}

/**
 * A person's photo: the avatarUpload machine with the media service (preset, check, upload with
 * progress, dropping an unused pending upload), users/confirmAvatarFileUpload and
 * users/deleteAvatarFile, and `avatar.changed` sent to the parent that invoked it.
 */
export function createAvatarUpload(services: FlowServices, options: AvatarUploadOptions = {}) {
  const media = options.media ?? mediaClientFor(services);
  const avatars = createAvatarsApi(services.http);
  return avatarUploadMachine.provide({
    actors: {
      loadPreset: fromPromise(({ input, signal }) =>
        media.getValidationPreset(input.presetId, { signal }),
      ),
      checkFile: fromPromise(({ input }) => checkAvatarFile(input, options.decode)),
      // Straight to the media service (its API key, never the bearer token), with real progress;
      // Cancel stops this actor, which aborts the request.
      uploadImage: fromCallback<AvatarUploadEvent, UploadImageInput>(({ input, sendBack }) => {
        const abort = new AbortController();
        media
          .uploadPending({
            file: input.image,
            fileName: input.fileName,
            validationPresetId: input.presetId,
            reference: input.reference,
            onProgress: (percent) => sendBack({ type: 'upload.progress', percent }),
            signal: abort.signal,
          })
          .then(
            (upload) => sendBack({ type: 'upload.finish', upload }),
            (error: unknown) => {
              if (!abort.signal.aborted) sendBack({ type: 'upload.fail', error });
            },
          );
        return () => abort.abort();
      }),
      confirmUpload: fromPromise(async ({ input, signal }) => {
        const avatar = await avatars.confirmUpload(
          {
            id: input.ownerId,
            fileStorageId: input.fileId,
            fileStorageOriginalName: input.originalName,
          },
          { signal },
        );
        return { imageUrl: avatar.avatarUrl };
      }),
      // Runs to its end even when a new file is chosen meanwhile (no signal): a pending upload
      // that is never used expires anyway, so a failure is only logged.
      discardUpload: fromPromise(({ input }) =>
        media.deletePending(input.fileId).catch((error: unknown) => {
          services.logError('Dropping an unused avatar upload failed', error);
        }),
      ),
      deleteAvatar: fromPromise(async ({ input, signal }) => {
        await avatars.deleteAvatar(input.ownerId, { signal });
      }),
    },
    actions: {
      // The host (profile, onboarding) hears of each change and refreshes the session.
      notifyChanged: sendParent((_, change: AvatarChange): AvatarChangedEvent => ({
        type: 'avatar.changed',
        ...change,
      })),
    },
  });
}

/**
 * An organisation's logo (spec §2.3 New Organisation, Organisation Details): the same widget and
 * media actors with the organisation-logo preset (organisationLogoUploadInput), but the pending
 * upload is kept for the host's form, which saves it (its id is the logoId of tenants/new and
 * tenants/updateDetails): "confirming" shows the uploaded image, and Delete only clears it from
 * the form. The host hears `avatar.changed` with the upload's id, or null after a delete.
 */
export function createLogoUpload(services: FlowServices, options: AvatarUploadOptions = {}) {
  return createAvatarUpload(services, options).provide({
    actors: {
      confirmUpload: fromPromise(({ input }) =>
        Promise.resolve({
          imageUrl:
            typeof URL.createObjectURL === 'function' ? URL.createObjectURL(input.image) : '',
        }),
      ),
      deleteAvatar: fromPromise(() => Promise.resolve()),
    },
  });
}
