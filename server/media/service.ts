/**
 * The media service's rules (spec §7.2 Media service, §5 Avatar upload texts): an upload is
 * checked against its validation preset (size, extension, declared and real type, decodable,
 * resolution), re-encoded, and kept as pending until the API server confirms it, in process,
 * when the post (or avatar) that uses it is saved.
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { basename } from 'node:path';
import { mediaMessages, mediaPaths, type PendingUpload } from '../../contract/media';
import type { Database } from '../db/database';
import { getOrCreateSecret } from '../domain/secrets';
import { processImage, sniffImageType } from './images';
import { findPreset, MAX_UPLOAD_BYTES, type MediaPreset } from './presets';
import { MediaStorage, type ConfirmOutcome, type StoredFile } from './storage';
import {
  DEFAULT_IMAGE_QUEUE_LENGTH,
  defaultImageConcurrency,
  WorkQueue,
  WorkQueueFullError,
} from './workQueue';

/**
 * A refusal: the HTTP status and the `{ messages }` body, with a Retry-After header when
 * `retryAfterSeconds` is given (429, 503).
 */
export class MediaError extends Error {
  override name = 'MediaError';
  readonly messages: string[];

  constructor(
    readonly statusCode: number,
    messages: string | string[],
    readonly retryAfterSeconds?: number,
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join(' '));
    this.messages = list;
  }
}

/** Messages of ours (the spec's texts are in contract/media.ts mediaMessages). */
export const mediaServiceMessages = {
  apiKey: 'A valid API key is required in the x-api-key header.',
  notMultipart: 'The upload must be sent as multipart/form-data.',
  malformed: 'The upload is not well-formed multipart/form-data; please send it again.',
  presetRequired: 'validationPresetId is required.',
  fileRequired: 'A file is required.',
  unknownTransformation: 'Unknown file transformation preset.',
  fieldTooLong: (field: string) => `${field} is too long.`,
  pendingNotFound: 'The pending upload was not found.',
  fileIdRequired: 'fileId is required.',
  notFound: 'Not found.',
  busy: 'The media service is busy, please try again later.',
  tooManyUploads: 'Too many uploads, please try again later.',
} as const;

export const MAX_REFERENCE_LENGTH = 256;
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_PRESET_ID_LENGTH = 64;

export interface UploadInput {
  validationPresetId: string;
  fileTransformationPresetId?: string | undefined;
  reference: string;
  /** The name the client gave the file. */
  fileName: string;
  /** The declared content type of the file part. */
  mimeType: string;
  data: Buffer;
}

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

const bareMimeType = (value: string) => value.split(';')[0]?.trim().toLowerCase() ?? '';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

function requirePreset(id: string): MediaPreset {
  const preset = findPreset(id);
  if (preset === undefined) throw new MediaError(400, mediaMessages.presetFailed);
  return preset;
}

export interface MediaServiceOptions {
  /** Where files are kept (DATA_DIR/media; a temporary directory in tests). */
  root: string;
  /** The base the client calls (configuration mediaServiceApiBaseUrl), for file URLs. */
  publicBaseUrl: string;
  /** The key clients must send; resolved once (configured, or generated and stored). */
  apiKey: () => Promise<string>;
  now?: () => Date;
  /**
   * Where image decoding and re-encoding wait their turn (default: MEDIA_IMAGE_CONCURRENCY's and
   * MEDIA_IMAGE_QUEUE_LENGTH's defaults); a full queue refuses uploads with 503.
   */
  imageWork?: WorkQueue;
}

export class MediaService {
  readonly storage: MediaStorage;
  readonly imageWork: WorkQueue;
  private readonly publicBaseUrl: string;
  private readonly apiKey: () => Promise<string>;

  constructor(options: MediaServiceOptions) {
    const now = options.now ?? (() => new Date());
    this.storage = new MediaStorage(options.root, now);
    this.publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.imageWork =
      options.imageWork ??
      new WorkQueue({
        concurrency: defaultImageConcurrency(),
        maxWaiting: DEFAULT_IMAGE_QUEUE_LENGTH,
      });
  }

  /**
   * Creates the directories and deletes pending uploads older than `maxAgeMs` (and every
   * leftover temporary file: nothing is being written yet).
   */
  async start(maxAgeMs: number): Promise<number> {
    await this.storage.init();
    return this.storage.sweep(maxAgeMs, 0);
  }

  /** Deletes pending uploads older than `maxAgeMs` (the periodic sweep, while serving). */
  sweepPending(maxAgeMs: number): Promise<number> {
    return this.storage.sweep(maxAgeMs);
  }

  /**
   * Refuses with 503 and Retry-After when the image queue is full, before the upload is read;
   * the queue itself decides when the image's turn comes.
   */
  checkImageCapacity(): void {
    if (this.imageWork.full) {
      throw new MediaError(503, mediaServiceMessages.busy, this.imageWork.retryAfterSeconds);
    }
  }

  /** Where the client loads a confirmed file. */
  fileUrl(fileId: string): string {
    return `${this.publicBaseUrl}/${mediaPaths.files}${encodeURIComponent(fileId)}`;
  }

  async checkApiKey(presented: string | undefined): Promise<void> {
    const expected = await this.apiKey();
    if (presented === undefined || !timingSafeEqual(sha256(presented), sha256(expected))) {
      throw new MediaError(401, mediaServiceMessages.apiKey);
    }
  }

  validationPreset(id: string) {
    const preset = findPreset(id);
    if (preset === undefined) throw new MediaError(404, mediaMessages.presetFailed);
    return preset.rules;
  }

  /** Checks, re-encodes and stores an upload as pending (nothing is stored when refused). */
  async uploadPending(input: UploadInput): Promise<PendingUpload> {
    const preset = requirePreset(input.validationPresetId);
    const transformation =
      input.fileTransformationPresetId === undefined || input.fileTransformationPresetId === ''
        ? preset
        : findPreset(input.fileTransformationPresetId);
    if (transformation === undefined) {
      throw new MediaError(400, mediaServiceMessages.unknownTransformation);
    }
    const { rules } = preset;
    if (input.data.length > rules.maxFileSize) {
      throw new MediaError(413, mediaMessages.tooLarge(rules.maxFileSize));
    }
    const fileName = basename(input.fileName.replace(/\\/g, '/')).slice(0, MAX_FILE_NAME_LENGTH);
    const sniffed = sniffImageType(input.data);
    const allowed = rules.allowedFileTypes;
    if (
      !allowed.extensions.includes(extensionOf(fileName)) ||
      !allowed.mimeTypes.includes(bareMimeType(input.mimeType)) ||
      sniffed === undefined ||
      !allowed.mimeTypes.includes(sniffed.mimeType)
    ) {
      throw new MediaError(415, mediaMessages.invalidType);
    }
    const image = await this.imageWork
      .run(() => processImage(input.data, sniffed, rules.resolution, transformation.output))
      .catch((error: unknown) => {
        if (!(error instanceof WorkQueueFullError)) throw error;
        throw new MediaError(503, mediaServiceMessages.busy, error.retryAfterSeconds);
      });
    if (image.kind === 'invalid') throw new MediaError(422, mediaMessages.invalidImage);
    if (image.kind === 'belowMinimum') throw new MediaError(422, mediaMessages.belowMinimum);
    if (image.kind === 'aboveMaximum') {
      const { maxWidth, maxHeight } = rules.resolution;
      throw new MediaError(422, mediaMessages.aboveMaximum(maxWidth, maxHeight));
    }
    const stored = await this.storage.savePending(
      {
        presetId: rules.id,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        reference: input.reference,
        fileName,
      },
      image.data,
    );
    return {
      fileId: stored.fileId,
      reference: stored.reference,
      fileName: stored.fileName,
      width: stored.width,
      height: stored.height,
    };
  }

  async deletePending(fileId: string): Promise<void> {
    if (!(await this.storage.deletePending(fileId))) {
      throw new MediaError(404, mediaServiceMessages.pendingNotFound);
    }
  }

  /**
   * For the API server (in process): moves a pending upload that passed `presetId` to the
   * confirmed files. The outcome's `undo` puts it back if the caller's transaction fails.
   */
  confirmPendingUpload(fileId: string, presetId: string): Promise<ConfirmOutcome> {
    return this.storage.confirm(fileId, presetId);
  }

  /** Deletes a confirmed file (best effort is the caller's choice). */
  deleteFile(fileId: string): Promise<void> {
    return this.storage.deleteFile(fileId);
  }
}

export type { ConfirmOutcome, StoredFile };
export { MAX_UPLOAD_BYTES };

const MEDIA_API_KEY_NAME = 'media_service_client_api_key';

/**
 * The media service client API key: MEDIA_SERVICE_CLIENT_API_KEY when configured, otherwise a
 * random key generated on first start and kept in the database (server_secrets).
 */
export function resolveMediaApiKey(db: Database, configured: string): Promise<string> {
  if (configured !== '') return Promise.resolve(configured);
  return getOrCreateSecret(db, MEDIA_API_KEY_NAME, () => randomBytes(24).toString('base64url'));
}

/** Calls `load` once, on first use; a failed load is retried on the next use. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
