/**
 * The media service (spec §7.2 Media service): its own base URL and client API key from the
 * configuration, an API-key header and no credentials.
 */
import {
  array,
  integer,
  min,
  nullable,
  number,
  object,
  optional,
  string,
  type Infer,
} from 'superstruct';

/** The header carrying the configuration's mediaServiceClientApiKey. */
export const MEDIA_API_KEY_HEADER = 'x-api-key';

/** Paths under the configuration's mediaServiceApiBaseUrl. */
export const mediaPaths = {
  /** GET ValidationPresets/{id} */
  validationPreset: 'ValidationPresets/',
  /** POST multipart: validationPresetId, fileTransformationPresetId?, reference, file. */
  uploadPending: 'UploadPending',
  /** DELETE DeletePending?fileId= */
  deletePending: 'DeletePending',
  /** GET files/{fileId}: a stored (confirmed) file. */
  files: 'files/',
} as const;

/**
 * The presets the product uses (spec §7.2: one for avatars, another for posts; spec §9 the
 * organisation logo: square, min 400, max 800 px).
 */
export const mediaPresetIds = {
  avatar: 'avatar',
  post: 'post',
  organisationLogo: 'organisationLogo',
  /** A Drop's files and its exclusive content's (issue 35). */
  drop: 'drop',
} as const;

/** Spec §3 Validation preset rules. */
export const ValidationPresetRules = object({
  id: string(),
  allowedFileTypes: object({ extensions: array(string()), mimeTypes: array(string()) }),
  /** Bytes. */
  maxFileSize: min(integer(), 1),
  resolution: object({
    minWidth: min(integer(), 0),
    minHeight: min(integer(), 0),
    maxWidth: min(integer(), 1),
    maxHeight: min(integer(), 1),
  }),
  aspectRatio: optional(nullable(object({ targetRatio: nullable(number()) }))),
});
export type ValidationPresetRules = Infer<typeof ValidationPresetRules>;

/** Spec §3 File upload result; UploadPending answers a list whose first item has fileId. */
export const PendingUpload = object({
  fileId: string(),
  reference: string(),
  fileName: string(),
  width: optional(integer()),
  height: optional(integer()),
});
export type PendingUpload = Infer<typeof PendingUpload>;
export const UploadPendingResponse = array(PendingUpload);

/** A refusal of the media service: 4xx with `{ messages }`. */
export const MediaError = object({ messages: array(string()) });

/** Spec §5 Avatar upload / §8 Upload texts. */
export const mediaMessages = {
  tooLarge: (maxBytes: number) => `File exceeds max size of ${maxBytes} bytes`,
  invalidType: 'Invalid file type',
  belowMinimum: 'Image below minimum resolution',
  /**
   * Not in the spec's catalogue (its presets' maximum is what avatars are cropped down to); an
   * image sent as it is, a post's, is refused above it in the words of the minimum's text.
   */
  aboveMaximum: (maxWidth: number, maxHeight: number) =>
    `Image above maximum resolution of ${maxWidth}x${maxHeight}`,
  invalidImage: 'Invalid image file',
  presetFailed: 'Failed to load validation preset',
  invalidResponse: 'The media server did not return a valid response',
  uploadFailed: 'Upload failed',
} as const;
