import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import type { User } from '../../contract/auth';
import { avatarTexts, avatarUploadReference } from '../../contract/avatars';
import {
  mediaMessages,
  mediaPresetIds,
  type PendingUpload,
  type ValidationPresetRules,
} from '../../contract/media';
import { logoUploadReference } from '../../contract/organisations';
import { messagesFrom } from './errorMessages';
import { notProvided } from './notProvided';

/**
 * The avatar upload widget (spec §2.3 Shared widgets, §4 and §5 Avatar upload): a shared machine
 * that the profile and the onboarding invoke for the person's photo (and, later, the new
 * organisation for its logo). It holds the image shown, checks a chosen file against the
 * validation preset, lets the person crop it (a full-screen dialog, unless cropping is off),
 * uploads it to the media service with progress, and confirms the pending upload as the stored
 * picture; or deletes the stored picture. The host hears of each change (`avatar.changed`).
 */

/** Spec §2.3 and §9: the hints the hosts show beside the widget. */
export const avatarUploadHints = {
  /** Profile (and onboarding): 'square image, max 500x500'. */
  profile: 'square image, max 500x500',
  /** New Organisation's logo: 'square, min 400, max 800 px'. */
  organisationLogo: 'square, min 400, max 800 px',
} as const;

/** Spec §5 Avatar upload / §9: crop zoom 1 to 3 in steps of 0.1. */
export const AVATAR_CROP_ZOOM = { min: 1, max: 3, step: 0.1 } as const;

/** Spec §3 Enumerations: the avatar upload statuses. */
export type AvatarUploadStatus = 'existing' | 'uploaded' | 'deleted';

export interface AvatarUploadInput {
  /** The media service's validation preset (mediaPresetIds.avatar for a person's photo). */
  presetId: string;
  /** Crop the chosen image first (a full-screen dialog); false uploads the file as it is. */
  cropping: boolean;
  /**
   * The upload's reference for the media service: for a person's photo
   * `avatarUploadReference(user.guid)`, the only reference the server confirms for them.
   */
  reference: string;
  /** Whose picture it is: the id that users/confirmAvatarFileUpload and deleteAvatarFile take. */
  ownerId: number;
  /** The picture shown now (status 'existing'), or null for none (initials). */
  current: { imageUrl: string | null };
}

/** The input for a person's own photo: the avatar preset, cropped, their reference and id. */
export function userAvatarUploadInput(
  user: Pick<User, 'id' | 'guid' | 'avatarUrl' | 'avatarType'>,
): AvatarUploadInput {
  return {
    presetId: mediaPresetIds.avatar,
    cropping: true,
    reference: avatarUploadReference(user.guid),
    ownerId: user.id,
    current: {
      imageUrl: user.avatarType !== 'Initials' && user.avatarUrl !== '' ? user.avatarUrl : null,
    },
  };
}

/**
 * The input for an organisation's logo (spec §2.3 New Organisation, §9: square, min 400, max
 * 800 px): the organisation-logo preset, cropped, the uploader's reference. The host keeps the
 * pending upload and saves it with its form (its id is the logoId of tenants/new and
 * updateDetails); `ownerId` is the organisation's id, or 0 before it exists.
 */
export function organisationLogoUploadInput(
  user: Pick<User, 'guid'>,
  organisation: { id: number; logoUrl: string } | null,
): AvatarUploadInput {
  return {
    presetId: mediaPresetIds.organisationLogo,
    cropping: true,
    reference: logoUploadReference(user.guid),
    ownerId: organisation?.id ?? 0,
    current: {
      imageUrl: organisation && organisation.logoUrl !== '' ? organisation.logoUrl : null,
    },
  };
}

/** Which failure the alert reports: the chosen file, its upload, or saving/deleting the photo. */
export type AvatarUploadErrorKind = 'file' | 'upload' | 'save';

export interface AvatarUploadContext {
  presetId: string;
  cropping: boolean;
  reference: string;
  ownerId: number;
  /** The stored picture shown when no new one is on its way, or null (initials). */
  imageUrl: string | null;
  /** What happened to the picture last, or null when there was none to begin with. */
  status: AvatarUploadStatus | null;
  /** The validation preset, once loaded. */
  preset: ValidationPresetRules | null;
  /** The file chosen, while it is checked, cropped, uploaded and confirmed. */
  file: File | null;
  /** What is uploaded: the crop's output (or the file itself when not cropping), and its name. */
  image: { blob: Blob; fileName: string } | null;
  /** Upload progress in percent (0-100). */
  progress: number;
  /** The pending upload (spec §3 File upload result) until it is confirmed or dropped. */
  upload: PendingUpload | null;
  error: { kind: AvatarUploadErrorKind; messages: string[] } | null;
}

export type AvatarUploadEvent =
  /** A file was chosen in the file input. */
  | { type: 'file.choose'; file: File }
  /** Apply in the crop dialog: the cropped image (scaled to the preset, as JPEG or PNG). */
  | { type: 'crop.apply'; image: Blob }
  /** Cancel (the crop dialog, or the upload): the earlier picture and state come back. */
  | { type: 'cancel' }
  /** Delete: the stored picture is removed (back to initials). */
  | { type: 'avatar.delete' }
  | { type: 'alert.dismiss' }
  /** Sent by the upload actor: percent 0-100. */
  | { type: 'upload.progress'; percent: number }
  /** Sent by the upload actor: the pending upload (its fileId). */
  | { type: 'upload.finish'; upload: PendingUpload }
  /** Sent by the upload actor: the upload failed (a MediaServiceError carries `messages`). */
  | { type: 'upload.fail'; error: unknown };

/** What the host hears after a confirmed upload and after a delete. */
export interface AvatarChange {
  status: Exclude<AvatarUploadStatus, 'existing'>;
  /** The picture now stored, or null after a delete. */
  imageUrl: string | null;
  /**
   * The confirmed pending upload's id (null after a delete): a host that saves the picture with
   * its own form (an organisation's logo: tenants/new, updateDetails) sends it as logoId.
   */
  fileId: string | null;
}
/** The event the host (the parent actor) receives: `on: { 'avatar.changed': ... }`. */
export type AvatarChangedEvent = { type: 'avatar.changed' } & AvatarChange;

/** The picture after users/confirmAvatarFileUpload. */
export interface ConfirmedImage {
  imageUrl: string;
}

/** What the file check is given (the preset's rules; a cropped image may exceed the maximum). */
export interface CheckFileInput {
  file: File;
  preset: ValidationPresetRules;
  cropping: boolean;
}

/** What the upload is given: the image (a cropped Blob or the file), its name, preset, reference. */
export interface UploadImageInput {
  image: Blob;
  fileName: string;
  presetId: string;
  reference: string;
}

/**
 * What the confirmation is given: whose picture, the pending upload id, the chosen file's name,
 * and the image uploaded (a host that keeps the upload for its form shows it from there).
 */
export interface ConfirmUploadInput {
  ownerId: number;
  fileId: string;
  originalName: string;
  image: Blob;
}

const CROP_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The name a cropped image is uploaded under: the chosen file's name with the extension of the
 * crop's type (the media service checks the extension against the preset), 'avatar' when the
 * file had no name.
 */
export function croppedFileName(originalName: string, type: string): string {
  const extension = CROP_EXTENSIONS[type.toLowerCase()];
  if (extension === undefined) return originalName;
  const dot = originalName.lastIndexOf('.');
  const base = dot > 0 ? originalName.slice(0, dot) : originalName;
  return `${base === '' ? 'avatar' : base}.${extension}`;
}

function fileOf(context: AvatarUploadContext): File {
  if (!context.file) throw new Error('checking, cropping and saving need the chosen file');
  return context.file;
}

function presetOf(context: AvatarUploadContext): ValidationPresetRules {
  if (!context.preset) throw new Error('checking and cropping need the preset');
  return context.preset;
}

function imageOf(context: AvatarUploadContext): { blob: Blob; fileName: string } {
  if (!context.image) throw new Error('uploading needs the image');
  return context.image;
}

function uploadOf(context: AvatarUploadContext): PendingUpload {
  if (!context.upload) throw new Error('confirming needs the pending upload');
  return context.upload;
}

const errorParams =
  (kind: AvatarUploadErrorKind, fallback: string) =>
  ({ event }: { event: ErrorActorEvent }) => ({
    kind,
    messages: messagesFrom(event.error, fallback),
  });

/** GET the media service's validation preset, kept when it arrives; then `target`. */
const presetLoad = <T extends string>(target: T, description: string) => ({
  id: 'loadPreset',
  src: 'loadPreset' as const,
  input: ({ context }: { context: AvatarUploadContext }) => ({ presetId: context.presetId }),
  onDone: {
    target,
    actions: {
      type: 'assignPreset' as const,
      params: ({ event }: { event: { output: ValidationPresetRules } }) => event.output,
    },
    description,
  },
});

export const avatarUploadMachine = setup({
  types: {
    context: {} as AvatarUploadContext,
    events: {} as AvatarUploadEvent,
    input: {} as AvatarUploadInput,
  },
  actors: {
    /**
     * GET ValidationPresets/{id} of the media service (cached per preset and key). Fails with
     * 'Failed to load validation preset'.
     */
    loadPreset: fromPromise<ValidationPresetRules, { presetId: string }>(async () =>
      notProvided('loadPreset'),
    ),
    /**
     * Checks the chosen file against the preset before any upload: size ('File exceeds max size
     * of N bytes'), extension and mime type ('Invalid file type'), decoded size ('Image below
     * minimum resolution'; above the maximum only when it is not cropped, since the crop scales
     * it down), unreadable ('Invalid image file'). Fails with the messages.
     */
    checkFile: fromPromise<void, CheckFileInput>(async () => notProvided('checkFile')),
    /**
     * POST multipart UploadPending (validationPresetId, reference, file). Sends back
     * `upload.progress` (0-100), then `upload.finish` or `upload.fail`; stopping it aborts.
     */
    uploadImage: fromCallback<AvatarUploadEvent, UploadImageInput>(() =>
      notProvided('uploadImage'),
    ),
    /** POST users/confirmAvatarFileUpload (id, fileStorageId, fileStorageOriginalName). */
    confirmUpload: fromPromise<ConfirmedImage, ConfirmUploadInput>(async () =>
      notProvided('confirmUpload'),
    ),
    /** DELETE DeletePending?fileId= (the media service): a pending upload that is not used. */
    discardUpload: fromPromise<void, { fileId: string }>(async () => notProvided('discardUpload')),
    /** DELETE users/deleteAvatarFile?id=: back to initials. */
    deleteAvatar: fromPromise<void, { ownerId: number }>(async () => notProvided('deleteAvatar')),
  },
  guards: {
    hasPreset: ({ context }) => context.preset !== null,
    cropsFirst: ({ context }) => context.cropping,
    hasImage: ({ context }) => context.imageUrl !== null,
  },
  actions: {
    /** A new attempt: the chosen file, nothing uploaded yet, no alert. */
    assignFile: assign((_, file: File) => ({ file, image: null, upload: null, error: null })),
    assignPreset: assign((_, preset: ValidationPresetRules) => ({ preset })),
    assignImage: assign((_, image: { blob: Blob; fileName: string }) => ({ image })),
    startProgress: assign({ progress: 0 }),
    assignProgress: assign((_, percent: number) => ({
      progress: Math.min(100, Math.max(0, Math.round(percent))),
    })),
    assignUpload: assign((_, upload: PendingUpload) => ({ upload })),
    assignError: assign((_, error: { kind: AvatarUploadErrorKind; messages: string[] }) => ({
      error,
    })),
    clearError: assign({ error: null }),
    /** The attempt is over: the earlier picture shows again, and the file is let go. */
    clearAttempt: assign({ file: null, image: null, upload: null }),
    assignConfirmed: assign((_, imageUrl: string) => ({
      imageUrl,
      status: 'uploaded' as const,
    })),
    assignDeleted: assign({ imageUrl: null, status: 'deleted' as const }),
    /**
     * Tells the host: `sendParent({ type: 'avatar.changed', status, imageUrl })` (provided by
     * src/shared/avatarUploadActors.ts), so it can refresh the session.
     */
    notifyChanged: (_, _change: AvatarChange) => notProvided('notifyChanged'),
  },
}).createMachine({
  id: 'avatarUpload',
  description:
    'Spec §4 Avatar upload: idle, then cropping (full-screen modal for image files, unless cropping is disabled), then uploading with progress 0-100, then uploaded (holding a pending upload id). Cancel restores the earlier file and state. Delete clears the file and reports deleted. After a confirmed avatar upload the session is refreshed. Spec §5: the file is checked against the validation preset first.',
  context: ({ input }) => ({
    presetId: input.presetId,
    cropping: input.cropping,
    reference: input.reference,
    ownerId: input.ownerId,
    imageUrl: input.current.imageUrl,
    status: input.current.imageUrl === null ? null : 'existing',
    preset: null,
    file: null,
    image: null,
    progress: 0,
    upload: null,
    error: null,
  }),
  on: {
    'alert.dismiss': { actions: 'clearError', description: 'The alert is dismissed.' },
  },
  initial: 'ready',
  states: {
    ready: {
      description:
        "Idle: the 150 px round preview shows the picture (status 'existing', 'uploaded' or 'deleted'), or the initials; a file can be chosen, and a picture deleted.",
      on: {
        'file.choose': [
          {
            guard: 'hasPreset',
            target: 'validating.checking',
            actions: { type: 'assignFile', params: ({ event }) => event.file },
            description: 'A file was chosen: it is checked against the validation preset.',
          },
          {
            target: 'validating.loadingPreset',
            actions: { type: 'assignFile', params: ({ event }) => event.file },
            description:
              'A file was chosen before the validation preset was loaded: the preset loads first.',
          },
        ],
        'avatar.delete': {
          guard: 'hasImage',
          target: 'deleting',
          actions: ['clearAttempt', 'clearError'],
          description: 'Delete: the picture is removed (only when there is one).',
        },
      },
      initial: 'preparing',
      states: {
        preparing: {
          description:
            'The validation preset loads (its file types are what the file input accepts); the picture shows meanwhile.',
          invoke: {
            ...presetLoad('idle', 'The preset loaded.'),
            onError: {
              target: 'idle',
              description:
                'The preset did not load: it is loaded again when a file is chosen (and its failure shown then).',
            },
          },
        },
        idle: {
          description: 'Waiting for a file to be chosen, or Delete.',
        },
        discarding: {
          description:
            'The photo could not be saved: its pending upload is dropped (DELETE DeletePending), in the background; a new file can be chosen.',
          invoke: {
            id: 'discardUpload',
            src: 'discardUpload',
            input: ({ context }) => ({ fileId: uploadOf(context).fileId }),
            onDone: {
              target: 'idle',
              actions: 'clearAttempt',
              description: 'The pending upload is dropped.',
            },
            onError: {
              target: 'idle',
              actions: 'clearAttempt',
              description: 'Dropping it failed: a pending upload that is never used expires.',
            },
          },
        },
      },
    },
    validating: {
      description:
        'Spec §5 Avatar upload: the file is checked against the validation preset before anything is uploaded; the earlier picture still shows.',
      initial: 'loadingPreset',
      states: {
        loadingPreset: {
          description: 'GET the validation preset of the media service.',
          invoke: {
            ...presetLoad('checking', 'The preset loaded: the file is checked.'),
            onError: {
              target: '#avatarUpload.ready.idle',
              actions: [
                'clearAttempt',
                {
                  type: 'assignError',
                  params: errorParams('file', mediaMessages.presetFailed),
                },
              ],
              description:
                "'Failed to load validation preset'; the earlier picture stays and a file can be chosen again.",
            },
          },
        },
        checking: {
          description:
            "Size not above the preset maximum ('File exceeds max size of N bytes'); extension and mime type in the preset lists ('Invalid file type'); at least the minimum width and height ('Image below minimum resolution'); readable ('Invalid image file').",
          invoke: {
            id: 'checkFile',
            src: 'checkFile',
            input: ({ context }) => ({
              file: fileOf(context),
              preset: presetOf(context),
              cropping: context.cropping,
            }),
            onDone: [
              {
                guard: 'cropsFirst',
                target: '#avatarUpload.cropping',
                description: 'The file passes: the crop dialog opens.',
              },
              {
                target: '#avatarUpload.uploading',
                actions: {
                  type: 'assignImage',
                  params: ({ context }) => ({
                    blob: fileOf(context),
                    fileName: fileOf(context).name,
                  }),
                },
                description: 'The file passes and cropping is disabled: it uploads as it is.',
              },
            ],
            onError: {
              target: '#avatarUpload.ready.idle',
              actions: [
                'clearAttempt',
                { type: 'assignError', params: errorParams('file', mediaMessages.invalidImage) },
              ],
              description:
                'The file is refused with the messages of the checks; the earlier picture stays and another file can be chosen.',
            },
          },
        },
      },
    },
    cropping: {
      description:
        'A full-screen modal: the image with a crop area constrained to the preset target aspect ratio, zoom 1 to 3 in steps of 0.1, a 150 px round preview, Apply and Cancel. The output is scaled down to the preset maximum width and height.',
      on: {
        'crop.apply': {
          target: 'uploading',
          actions: {
            type: 'assignImage',
            params: ({ context, event }) => ({
              blob: event.image,
              fileName: croppedFileName(fileOf(context).name, event.image.type),
            }),
          },
          description: 'Apply: the cropped image uploads.',
        },
        cancel: {
          target: '#avatarUpload.ready.idle',
          actions: 'clearAttempt',
          description: 'Cancel restores the earlier file and state.',
        },
      },
    },
    uploading: {
      description:
        'The image uploads to the media service (POST UploadPending with the preset and the reference), with progress 0-100.',
      entry: 'startProgress',
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context }) => ({
          image: imageOf(context).blob,
          fileName: imageOf(context).fileName,
          presetId: context.presetId,
          reference: context.reference,
        }),
        onError: {
          target: '#avatarUpload.ready.idle',
          actions: [
            'clearAttempt',
            { type: 'assignError', params: errorParams('upload', mediaMessages.uploadFailed) },
          ],
          description: "The upload broke down: 'Upload failed'.",
        },
      },
      on: {
        'upload.progress': {
          actions: { type: 'assignProgress', params: ({ event }) => event.percent },
          description: 'The upload progressed (percent).',
        },
        'upload.finish': {
          target: 'uploaded',
          actions: { type: 'assignUpload', params: ({ event }) => event.upload },
          description: 'Uploaded: the media service holds it as a pending upload.',
        },
        'upload.fail': {
          target: '#avatarUpload.ready.idle',
          actions: [
            'clearAttempt',
            {
              type: 'assignError',
              params: ({ event }) => ({
                kind: 'upload' as const,
                messages: messagesFrom(event.error, mediaMessages.uploadFailed),
              }),
            },
          ],
          description:
            "The media service refused it or did not answer: 'The media server did not return a valid response', 'Upload failed', the status text, or its own messages.",
        },
        cancel: {
          target: '#avatarUpload.ready.idle',
          actions: 'clearAttempt',
          description: 'Cancel: the upload is aborted; the earlier file and state are restored.',
        },
      },
    },
    uploaded: {
      description: 'Uploaded, holding the pending upload id; it becomes the stored picture.',
      initial: 'confirming',
      states: {
        confirming: {
          description:
            'POST users/confirmAvatarFileUpload (id, fileStorageId, fileStorageOriginalName).',
          invoke: {
            id: 'confirmUpload',
            src: 'confirmUpload',
            input: ({ context }) => ({
              ownerId: context.ownerId,
              fileId: uploadOf(context).fileId,
              originalName: fileOf(context).name,
              image: imageOf(context).blob,
            }),
            onDone: {
              target: '#avatarUpload.ready.idle',
              actions: [
                { type: 'assignConfirmed', params: ({ event }) => event.output.imageUrl },
                {
                  type: 'notifyChanged',
                  params: ({ context, event }) => ({
                    status: 'uploaded' as const,
                    imageUrl: event.output.imageUrl,
                    fileId: uploadOf(context).fileId,
                  }),
                },
                'clearAttempt',
              ],
              description:
                "Confirmed: the new picture shows (status 'uploaded') and the host is told, so it refreshes the session.",
            },
            onError: {
              target: '#avatarUpload.ready.discarding',
              actions: {
                type: 'assignError',
                params: errorParams('save', avatarTexts.saveFailed),
              },
              description:
                "'Error': 'There was an error saving the photo.' (or the server's messages); the earlier picture stays.",
            },
          },
        },
      },
    },
    deleting: {
      description: 'DELETE users/deleteAvatarFile?id=: the stored picture is removed.',
      invoke: {
        id: 'deleteAvatar',
        src: 'deleteAvatar',
        input: ({ context }) => ({ ownerId: context.ownerId }),
        onDone: {
          target: '#avatarUpload.ready.idle',
          actions: [
            'assignDeleted',
            {
              type: 'notifyChanged',
              params: { status: 'deleted', imageUrl: null, fileId: null },
            },
          ],
          description:
            "Delete clears the picture (the initials show) and reports 'deleted' to the host.",
        },
        onError: {
          target: '#avatarUpload.ready.idle',
          actions: { type: 'assignError', params: errorParams('save', avatarTexts.saveFailed) },
          description:
            "'Error': 'There was an error saving the photo.' (or the server's messages); the picture stays.",
        },
      },
    },
  },
});

export type AvatarUploadSnapshot = SnapshotFrom<typeof avatarUploadMachine>;

/** What the widget is doing, for its status line. */
export type AvatarUploadActivity =
  'idle' | 'checking' | 'cropping' | 'uploading' | 'saving' | 'deleting';

export function selectAvatarActivity(s: AvatarUploadSnapshot): AvatarUploadActivity {
  if (s.matches('validating')) return 'checking';
  if (s.matches('cropping')) return 'cropping';
  if (s.matches('uploading')) return 'uploading';
  if (s.matches('uploaded')) return 'saving';
  if (s.matches('deleting')) return 'deleting';
  return 'idle';
}

/** Work is under way (a check, the upload, saving or deleting): the widget is aria-busy. */
export const selectAvatarBusy = (s: AvatarUploadSnapshot): boolean =>
  s.matches('validating') ||
  s.matches('uploading') ||
  s.matches('uploaded') ||
  s.matches('deleting');

/** The picture to show: the image on its way (a blob), else the stored one's URL, else none. */
export type AvatarImageSource = { blob: Blob } | { url: string };

export function selectShownImage(s: AvatarUploadSnapshot): AvatarImageSource | null {
  if (s.matches('uploading') || s.matches('uploaded')) return { blob: imageOf(s.context).blob };
  return s.context.imageUrl === null ? null : { url: s.context.imageUrl };
}

/** Spec §3 Avatar upload statuses: 'existing', 'uploaded' or 'deleted'; null before any. */
export const selectAvatarStatus = (s: AvatarUploadSnapshot): AvatarUploadStatus | null =>
  s.context.status;

/** Upload progress in percent while uploading, else null. */
export const selectAvatarUploadProgress = (s: AvatarUploadSnapshot): number | null =>
  s.matches('uploading') ? s.context.progress : null;

export interface AvatarUploadAlert {
  kind: AvatarUploadErrorKind;
  /** 'Error' when the photo could not be saved or deleted; none for a refused file or upload. */
  title: string | null;
  messages: string[];
}

export function selectAvatarAlert(s: AvatarUploadSnapshot): AvatarUploadAlert | null {
  const { error } = s.context;
  if (error === null) return null;
  return {
    kind: error.kind,
    title: error.kind === 'save' ? avatarTexts.errorTitle : null,
    messages: error.messages,
  };
}

/** A file can be chosen: nothing is under way (after any error too). */
export const selectCanChooseFile = (s: AvatarUploadSnapshot): boolean => s.matches('ready');

/** Delete is offered: a picture is shown and nothing is under way. */
export const selectCanDelete = (s: AvatarUploadSnapshot): boolean =>
  s.matches('ready') && s.context.imageUrl !== null;

/** Cancel is offered while cropping and while uploading. */
export const selectCanCancel = (s: AvatarUploadSnapshot): boolean =>
  s.matches('cropping') || s.matches('uploading');

/** What the file input accepts: the preset's mime types and extensions, else any image. */
export function selectAcceptedTypes(s: AvatarUploadSnapshot): string {
  const types = s.context.preset?.allowedFileTypes;
  const accepted = [
    ...(types?.mimeTypes ?? []),
    ...(types?.extensions ?? []).map((e) => `.${e.trim().replace(/^\./, '')}`),
  ];
  return accepted.length === 0 ? 'image/*' : accepted.join(',');
}

/** The crop's rules, from the preset (spec §5 Avatar upload). */
export interface CropConstraints {
  /** The output is scaled down to fit these... */
  maxWidth: number;
  maxHeight: number;
  /** ...and up to at least these (the media service refuses a smaller image). */
  minWidth: number;
  minHeight: number;
  /** Width / height of the crop area (the preset's targetRatio), or null for a free crop. */
  aspectRatio: number | null;
  /** Zoom 1 to 3 in steps of 0.1. */
  zoom: typeof AVATAR_CROP_ZOOM;
}

/** The crop dialog is open on this file, with these rules; null when it is closed. */
export interface CropRequest {
  file: File;
  constraints: CropConstraints;
}

export function selectCropRequest(s: AvatarUploadSnapshot): CropRequest | null {
  if (!s.matches('cropping')) return null;
  const file = fileOf(s.context);
  const preset = presetOf(s.context);
  const { minWidth, minHeight, maxWidth, maxHeight } = preset.resolution;
  const ratio = preset.aspectRatio?.targetRatio ?? null;
  return {
    file,
    constraints: {
      maxWidth,
      maxHeight,
      minWidth,
      minHeight,
      aspectRatio: ratio !== null && ratio > 0 ? ratio : null,
      zoom: AVATAR_CROP_ZOOM,
    },
  };
}

/** A picture shows (stored, or on its way): a host's step can move on with it ('Next'). */
export const selectHasImage = (s: AvatarUploadSnapshot): boolean => selectShownImage(s) !== null;
