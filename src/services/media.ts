/**
 * The media service client (spec §7.2 Media service): its own base URL and client API key from
 * the configuration, the `x-api-key` header, no credentials, and never the bearer token: this
 * module does not know the token, and it does not go through http.ts (which adds the token
 * under the API base). Uploads use XMLHttpRequest for real upload progress (xhrUpload.ts).
 *
 * - GET ValidationPresets/{id}: the preset's rules, cached per preset id and key (and base URL).
 * - POST UploadPending (multipart: validationPresetId, fileTransformationPresetId?, reference,
 *   file): the first item of the answered list, holding the pending upload's fileId.
 * - DELETE DeletePending?fileId=
 * - files/{fileId}: where a stored file is served.
 *
 * Failures throw {@link MediaServiceError} whose messages are the spec's texts (§5 Avatar
 * upload, §8 Upload) or the service's own `{messages}` when it refused the file.
 */
import { validate } from 'superstruct';
import {
  MEDIA_API_KEY_HEADER,
  MediaError,
  UploadPendingResponse,
  ValidationPresetRules,
  mediaMessages,
  mediaPaths,
  type PendingUpload,
} from '../../contract/media';
import { GENERIC_ERROR_TEXT, UNKNOWN_ERROR_TEXT, isApiError } from './apiResponse';
import { resolveApiBase } from './apiUrl';
import { sendXhr, type XhrAnswer } from './xhrUpload';

/**
 * - `preset`: the validation preset could not be loaded ('Failed to load validation preset');
 * - `rejected`: the service refused the request with its `{messages}` (4xx);
 * - `invalid-response`: a 2xx answer that is not what the contract says;
 * - `http`: any other non-2xx answer (the status text);
 * - `network`: no answer at all ('Upload failed' for uploads).
 */
export type MediaServiceErrorKind = 'preset' | 'rejected' | 'invalid-response' | 'http' | 'network';

export class MediaServiceError extends Error {
  override readonly name = 'MediaServiceError';
  readonly kind: MediaServiceErrorKind;
  /** HTTP status code; null when no answer arrived. */
  readonly httpStatus: number | null;
  /** Never empty: what the person is shown. */
  readonly messages: string[];

  constructor(init: {
    kind: MediaServiceErrorKind;
    httpStatus: number | null;
    messages: readonly string[];
    cause?: unknown;
  }) {
    const messages = init.messages.filter((m) => m.trim() !== '');
    const shown = messages.length > 0 ? messages : [GENERIC_ERROR_TEXT];
    super(shown.join(' '), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.httpStatus = init.httpStatus;
    this.messages = shown;
  }
}

export function isMediaServiceError(error: unknown): error is MediaServiceError {
  return error instanceof MediaServiceError;
}

export interface MediaClientOptions {
  /** The configuration's mediaServiceApiBaseUrl (absolute or relative such as '/media'). */
  getBaseUrl(): string;
  /** The configuration's mediaServiceClientApiKey. */
  getApiKey(): string;
  /** Origin that a relative base resolves against; defaults to `location.origin`. */
  origin?: string;
  /** Defaults to the global fetch (tests wrap it to observe requests). */
  fetchImpl?: typeof globalThis.fetch;
  /** Creates the XMLHttpRequest for uploads; defaults to `new XMLHttpRequest()`. */
  xhrFactory?: () => XMLHttpRequest;
}

export interface MediaCallOptions {
  signal?: AbortSignal;
}

export interface UploadPendingRequest {
  file: Blob;
  /** The part's file name; defaults to the File's name ('blob' for a plain Blob). */
  fileName?: string;
  validationPresetId: string;
  fileTransformationPresetId?: string;
  /** The caller's reference for the upload, answered back with it. */
  reference: string;
  /** Upload progress in percent, 0-100, never decreasing. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface MediaClient {
  /**
   * GET ValidationPresets/{id}: the preset's rules, from the cache when this preset was loaded
   * with the same key. Any failure throws a MediaServiceError 'Failed to load validation preset'
   * (and is not cached); an abort rethrows the abort.
   */
  getValidationPreset(presetId: string, options?: MediaCallOptions): Promise<ValidationPresetRules>;
  /** POST UploadPending: the pending upload (fileId) of the first item of the answer. */
  uploadPending(request: UploadPendingRequest): Promise<PendingUpload>;
  /** DELETE DeletePending?fileId=: drops a pending upload that will not be used. */
  deletePending(fileId: string, options?: MediaCallOptions): Promise<void>;
  /** The absolute URL of a stored file (GET files/{fileId}). */
  fileUrl(fileId: string): string;
}

/** An abort of the caller's signal is rethrown as is (not a MediaServiceError). */
function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The service's own messages from a 4xx `{messages}` body, or from a 503 (busy: too many images
 * at once), or null.
 */
function refusalMessages(status: number, bodyText: string): string[] | null {
  if ((status < 400 || status >= 500) && status !== 503) return null;
  const [error, body] = validate(parseJson(bodyText), MediaError);
  if (error !== undefined) return null;
  const messages = body.messages.filter((m) => m.trim() !== '');
  return messages.length > 0 ? messages : null;
}

/** A non-2xx answer: the service's messages (4xx), else the status text, else `fallback`. */
function failure(status: number, statusText: string, bodyText: string, fallback: string) {
  const messages = refusalMessages(status, bodyText);
  if (messages !== null)
    return new MediaServiceError({ kind: 'rejected', httpStatus: status, messages });
  const text = statusText.trim();
  return new MediaServiceError({ kind: 'http', httpStatus: status, messages: [text || fallback] });
}

/** The first item of an UploadPending answer, or a MediaServiceError 'not a valid response'. */
function pendingUploadOf(answer: XhrAnswer): PendingUpload {
  const [error, list] = validate(parseJson(answer.bodyText), UploadPendingResponse);
  const first = error === undefined ? list[0] : undefined;
  if (first === undefined || first.fileId.trim() === '') {
    throw new MediaServiceError({
      kind: 'invalid-response',
      httpStatus: answer.status,
      messages: [mediaMessages.invalidResponse],
      cause: error,
    });
  }
  return first;
}

function formOf(request: UploadPendingRequest): FormData {
  // The fields go before the file, so a streaming parser has them when the file part arrives.
  const form = new FormData();
  form.append('validationPresetId', request.validationPresetId);
  if (request.fileTransformationPresetId !== undefined && request.fileTransformationPresetId !== '')
    form.append('fileTransformationPresetId', request.fileTransformationPresetId);
  form.append('reference', request.reference);
  const name =
    request.fileName ??
    (typeof File !== 'undefined' && request.file instanceof File ? request.file.name : 'blob');
  form.append('file', request.file, name);
  return form;
}

export function createMediaClient(options: MediaClientOptions): MediaClient {
  const origin = options.origin ?? globalThis.location?.origin;
  const doFetch: typeof globalThis.fetch =
    options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const createXhr = options.xhrFactory ?? (() => new XMLHttpRequest());
  /** Loaded presets by base URL, key and preset id. */
  const presets = new Map<string, ValidationPresetRules>();

  /** The base URL (ending in '/'), or null when the configuration has none. */
  const base = (): URL | null => {
    try {
      return resolveApiBase(options.getBaseUrl(), origin);
    } catch {
      return null;
    }
  };
  const headers = (apiKey: string): Record<string, string> => ({
    Accept: 'application/json',
    ...(apiKey === '' ? {} : { [MEDIA_API_KEY_HEADER]: apiKey }),
  });

  return {
    async getValidationPreset(presetId, callOptions = {}) {
      const { signal } = callOptions;
      const apiKey = options.getApiKey();
      const root = base();
      const presetFailed = (httpStatus: number | null, cause?: unknown) =>
        new MediaServiceError({
          kind: 'preset',
          httpStatus,
          messages: [mediaMessages.presetFailed],
          cause,
        });
      if (root === null) throw presetFailed(null, new Error('No media service base URL'));
      const cacheKey = JSON.stringify([root.href, apiKey, presetId]);
      const cached = presets.get(cacheKey);
      if (cached !== undefined) return cached;

      const url = new URL(mediaPaths.validationPreset + encodeURIComponent(presetId), root);
      let status: number | null = null;
      try {
        const response = await doFetch(url, {
          method: 'GET',
          headers: headers(apiKey),
          credentials: 'omit',
          ...(signal === undefined ? {} : { signal }),
        });
        status = response.status;
        const text = await response.text();
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const [error, rules] = validate(parseJson(text), ValidationPresetRules);
        if (error !== undefined) throw error;
        presets.set(cacheKey, rules);
        return rules;
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        throw presetFailed(status, error);
      }
    },

    async uploadPending(request) {
      const root = base();
      if (root === null) {
        throw new MediaServiceError({
          kind: 'network',
          httpStatus: null,
          messages: [mediaMessages.uploadFailed],
          cause: new Error('No media service base URL'),
        });
      }
      let answer: XhrAnswer;
      try {
        answer = await sendXhr(createXhr, {
          method: 'POST',
          url: new URL(mediaPaths.uploadPending, root).href,
          headers: headers(options.getApiKey()),
          withCredentials: false,
          body: formOf(request),
          ...(request.onProgress ? { onUploadProgress: request.onProgress } : {}),
          ...(request.signal ? { signal: request.signal } : {}),
        });
      } catch (error) {
        if (!isApiError(error) && isAbort(error, request.signal)) throw error;
        throw new MediaServiceError({
          kind: 'network',
          httpStatus: null,
          messages: [mediaMessages.uploadFailed],
          cause: error,
        });
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw failure(
          answer.status,
          answer.statusText,
          answer.bodyText,
          mediaMessages.uploadFailed,
        );
      }
      return pendingUploadOf(answer);
    },

    async deletePending(fileId, callOptions = {}) {
      const { signal } = callOptions;
      const root = base();
      if (root === null) {
        throw new MediaServiceError({
          kind: 'network',
          httpStatus: null,
          messages: [UNKNOWN_ERROR_TEXT],
          cause: new Error('No media service base URL'),
        });
      }
      const url = new URL(mediaPaths.deletePending, root);
      url.searchParams.set('fileId', fileId);
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: 'DELETE',
          headers: headers(options.getApiKey()),
          credentials: 'omit',
          ...(signal === undefined ? {} : { signal }),
        });
        text = await response.text();
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        throw new MediaServiceError({
          kind: 'network',
          httpStatus: null,
          messages: [UNKNOWN_ERROR_TEXT],
          cause: error,
        });
      }
      if (!response.ok)
        throw failure(response.status, response.statusText, text, GENERIC_ERROR_TEXT);
    },

    fileUrl(fileId) {
      const root = base();
      const path = mediaPaths.files + encodeURIComponent(fileId);
      return root === null ? path : new URL(path, root).href;
    },
  };
}

/** What a client-side check reads of a file: its size, mime type and (for a File) its name. */
export interface FileFacts {
  size: number;
  type: string;
  name?: string;
}

/** 'photo.JPG' -> 'jpg'; '' when there is none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

function mimeAllowed(type: string, allowed: readonly string[]): boolean {
  const mime = type.toLowerCase().split(';')[0]?.trim() ?? '';
  if (mime === '') return false;
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule === '*/*' || rule === mime) return true;
    return rule.endsWith('/*') && mime.startsWith(rule.slice(0, -1));
  });
}

/**
 * The preset's checks that need no decoding, before an upload (spec §5 Avatar upload): the
 * size ('File exceeds max size of N bytes') and the extension and mime type ('Invalid file
 * type'). An empty list in the preset allows any; a file without a name is checked by its mime
 * type only. Answers the messages, empty when the file passes.
 */
export function checkFileAgainstPreset(file: FileFacts, preset: ValidationPresetRules): string[] {
  const messages: string[] = [];
  if (file.size > preset.maxFileSize) messages.push(mediaMessages.tooLarge(preset.maxFileSize));
  const { extensions, mimeTypes } = preset.allowedFileTypes;
  const extensionOk =
    extensions.length === 0 ||
    file.name === undefined ||
    extensions.some(
      (e) => e.trim().replace(/^\./, '').toLowerCase() === extensionOf(file.name ?? ''),
    );
  const mimeOk = mimeTypes.length === 0 || mimeAllowed(file.type, mimeTypes);
  if (!extensionOk || !mimeOk) messages.push(mediaMessages.invalidType);
  return messages;
}

/** How an image is checked before its upload. */
export interface ImageCheckOptions {
  /**
   * Accept an image above the preset's maximum resolution: true for an image that is cropped
   * first, since the crop scales it down to the maximum (spec §5 Avatar upload). Default false:
   * an image sent as it is must fit.
   */
  allowAboveMaximum?: boolean;
}

/**
 * An image's decoded size against the preset's resolution, as the media service checks it:
 * 'Image below minimum resolution', 'Image above maximum resolution of WxH' (unless the image
 * is cropped down to the maximum first: `allowAboveMaximum`), 'Invalid image file' for a size
 * no image has, else null.
 */
export function checkImageDimensions(
  size: { width: number; height: number },
  preset: ValidationPresetRules,
  options: ImageCheckOptions = {},
): string | null {
  const { width, height } = size;
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) {
    return mediaMessages.invalidImage;
  }
  const { minWidth, minHeight, maxWidth, maxHeight } = preset.resolution;
  if (width < minWidth || height < minHeight) return mediaMessages.belowMinimum;
  if (options.allowAboveMaximum !== true && (width > maxWidth || height > maxHeight))
    return mediaMessages.aboveMaximum(maxWidth, maxHeight);
  return null;
}

/** Decodes an image file's size; the browser's createImageBitmap by default. */
export type ImageDecoder = (file: Blob) => Promise<{ width: number; height: number }>;

const decodeWithBitmap: ImageDecoder = async (file) => {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
};

/**
 * Every client-side check of an image before its upload: {@link checkFileAgainstPreset}, then,
 * when that passes, the decoded size ({@link checkImageDimensions}, with `options`); a file that
 * does not decode is 'Invalid image file'. Answers the messages, empty when the file passes.
 */
export async function checkImageFile(
  file: Blob & { name?: string },
  preset: ValidationPresetRules,
  decode: ImageDecoder = decodeWithBitmap,
  options: ImageCheckOptions = {},
): Promise<string[]> {
  const messages = checkFileAgainstPreset(
    { size: file.size, type: file.type, ...(file.name === undefined ? {} : { name: file.name }) },
    preset,
  );
  if (messages.length > 0) return messages;
  let size: { width: number; height: number };
  try {
    size = await decode(file);
  } catch {
    return [mediaMessages.invalidImage];
  }
  const dimensions = checkImageDimensions(size, preset, options);
  return dimensions === null ? [] : [dimensions];
}
