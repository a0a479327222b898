/**
 * The media service over HTTP (spec §7.2 Media service), mounted under its own prefix (default
 * '/media'). Every call but the files takes the client API key in the x-api-key header; no call
 * reads cookies or the Authorization header. Refusals answer `{ messages }` (contract MediaError),
 * not the API envelope.
 *
 * - GET    ValidationPresets/{id}        the preset's rules (contract ValidationPresetRules)
 * - POST   UploadPending                 multipart: validationPresetId, fileTransformationPresetId?,
 *                                        reference, file -> [{ fileId, reference, fileName, width, height }]
 *                                        429 + Retry-After past the client address's allowance;
 *                                        503 + Retry-After when the image queue is full
 * - DELETE DeletePending?fileId=         204
 * - GET    files/{fileId}                a confirmed file, cached for a year (no key: <img> loads it)
 * - OPTIONS *                            204 with Allow (same origin: no CORS headers)
 */
import fastifyMultipart from '@fastify/multipart';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import {
  MEDIA_API_KEY_HEADER,
  mediaServiceCalls,
  type MediaServiceCall,
} from '../../contract/endpoints/media';
import { mediaMessages } from '../../contract/media';
import { takeAllowance } from '../domain/client';
import { DomainError, RateLimitedError } from '../domain/errors';
import { clientOf } from '../http/addressLimits';
import { defineArea } from '../area';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../http/errors';
import { findPreset } from './presets';
import {
  MAX_FILE_NAME_LENGTH,
  MAX_PRESET_ID_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_UPLOAD_BYTES,
  MediaError,
  mediaServiceMessages,
  type MediaService,
  type UploadInput,
} from './service';

const FILE_CACHE = 'public, max-age=31536000, immutable';
const ALLOW = 'GET, HEAD, POST, DELETE, OPTIONS';
/** Fields of an upload and their longest accepted values. */
const FIELD_LIMITS: Record<string, number> = {
  validationPresetId: MAX_PRESET_ID_LENGTH,
  fileTransformationPresetId: MAX_PRESET_ID_LENGTH,
  reference: MAX_REFERENCE_LENGTH,
};

/** Messages for the multipart parser's and Fastify's own request errors. */
const REQUEST_ERROR_MESSAGES: Record<string, string> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: mediaServiceMessages.notMultipart,
  FST_FILES_LIMIT: 'Send one file per upload.',
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_FIELDS_LIMIT: 'The upload has too many fields.',
  FST_PROTO_VIOLATION: 'The upload has a field that is not allowed.',
  FST_MP_PREMATURE_CLOSE: 'The upload was cut short.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: mediaServiceMessages.notMultipart,
  FST_ERR_CTP_BODY_TOO_LARGE: mediaMessages.tooLarge(MAX_UPLOAD_BYTES),
};

function sendMediaError(reply: FastifyReply, error: MediaError) {
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.code(error.statusCode).send({ messages: error.messages });
}

function handleMediaError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof MediaError) return sendMediaError(reply, error);
  const code = error.statusCode;
  if (code !== undefined && code >= 400 && code < 500) {
    const message = REQUEST_ERROR_MESSAGES[error.code] ?? 'The request could not be processed.';
    return reply.code(code).send({ messages: [message] });
  }
  request.log.error({ err: error }, 'media service error');
  return reply.code(500).send({ messages: [mediaMessages.uploadFailed] });
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function fieldValue(name: string, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  const limit = FIELD_LIMITS[name];
  if (limit !== undefined && text.length > limit) {
    throw new MediaError(400, mediaServiceMessages.fieldTooLong(name));
  }
  return text;
}

const isTooLarge = (error: unknown) =>
  error instanceof Error && (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE';

/** A multipart content type names its (non-empty) boundary; without one no part can be read. */
const BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^;\s"]+)/i;

/**
 * Whether the parser's error is the client's body (no boundary, a body cut short or not
 * multipart at all): busboy throws plain Errors without a code or status for those. The
 * plugin's own limit errors carry their 4xx and are answered by their codes; a TypeError or
 * the like is a fault of ours and stays a logged 500.
 */
const isMalformedBody = (error: unknown) =>
  error instanceof Error &&
  Object.getPrototypeOf(error) === Error.prototype &&
  (error as FastifyError).statusCode === undefined;

/** The client sent a body the parser cannot read: its mistake (a 400), logged as such, not as ours. */
function malformed(request: FastifyRequest, error?: unknown): MediaError {
  request.log.info({ err: error }, 'malformed multipart upload');
  return new MediaError(400, mediaServiceMessages.malformed);
}

/** Reads the multipart upload: its fields (any order) and its one file, buffered. */
async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) throw new MediaError(415, mediaServiceMessages.notMultipart);
  if (!BOUNDARY.test(headerValue(request, 'content-type') ?? '')) throw malformed(request);
  const fields: Record<string, string> = {};
  let file: { fileName: string; mimeType: string; data: Buffer } | undefined;
  let tooLarge = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && file === undefined) {
          file = { fileName: part.filename, mimeType: part.mimetype, data };
        }
      } else if (Object.hasOwn(FIELD_LIMITS, part.fieldname)) {
        fields[part.fieldname] = fieldValue(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (isMalformedBody(error)) throw malformed(request, error);
    // Over the largest size any preset allows: the parser stops there.
    if (!isTooLarge(error)) throw error;
    tooLarge = true;
  }
  const presetId = fields.validationPresetId ?? '';
  if (tooLarge) {
    // Refused with the preset's limit when the preset came first (as the client sends it).
    const maxFileSize = findPreset(presetId)?.rules.maxFileSize ?? MAX_UPLOAD_BYTES;
    throw new MediaError(413, mediaMessages.tooLarge(maxFileSize));
  }
  if (presetId === '') throw new MediaError(400, mediaServiceMessages.presetRequired);
  if (file === undefined) throw new MediaError(400, mediaServiceMessages.fileRequired);
  return {
    validationPresetId: presetId,
    fileTransformationPresetId: fields.fileTransformationPresetId,
    reference: fields.reference ?? '',
    fileName: file.fileName.slice(0, MAX_FILE_NAME_LENGTH * 4),
    mimeType: file.mimeType,
    data: file.data,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The media service call a route was registered for (only through {@link mediaRoute}). */
    mediaCall?: MediaServiceCall;
  }
}

/**
 * Registers one call of the media service from its definition (contract/endpoints/media.ts): its
 * method and path, and the API key check whenever the call's access is `mediaKey`, before any
 * other pre-handler. The route's config carries the call, so a test can tell that every route of
 * the service came through here.
 */
function mediaRoute<Route extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  call: MediaServiceCall,
  requireApiKey: preHandlerAsyncHookHandler,
  handler: RouteHandlerMethod<
    FastifyInstance['server'],
    FastifyRequest['raw'],
    FastifyReply['raw'],
    Route
  >,
  preHandlers: preHandlerAsyncHookHandler[] = [],
): void {
  app.route<Route>({
    method: call.method,
    url: `/${call.path}`,
    config: { mediaCall: call },
    preHandler: call.access === 'mediaKey' ? [requireApiKey, ...preHandlers] : preHandlers,
    handler,
  });
}

export interface MediaPluginDeps {
  media: MediaService;
}

export function mediaServicePlugin(deps: MediaPluginDeps): FastifyPluginAsync {
  const { media } = deps;
  const requireApiKey = async (request: FastifyRequest) => {
    await media.checkApiKey(headerValue(request, MEDIA_API_KEY_HEADER));
  };
  /**
   * Before the upload is read: refused cheaply when busy (503) or past the client address's
   * allowance (429; refused uploads do not count).
   */
  const admitUpload = async (request: FastifyRequest) => {
    media.checkImageCapacity();
    try {
      await takeAllowance(clientOf(request).allowance('uploads'));
    } catch (error) {
      if (error instanceof RateLimitedError) {
        throw new MediaError(429, error.messages, error.retryAfterSeconds);
      }
      // The counts cannot be kept (Redis unreachable): refused, never let through uncounted.
      if (error instanceof DomainError && error.kind === 'unavailable') {
        throw new MediaError(503, error.messages, UNAVAILABLE_RETRY_AFTER_SECONDS);
      }
      throw error;
    }
  };
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: 1,
        fields: 8,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 64,
      },
      throwFileSizeLimit: true,
    });
    app.setErrorHandler(handleMediaError);
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ messages: [mediaServiceMessages.notFound] }),
    );

    app.options('/*', async (_request, reply) => reply.code(204).header('allow', ALLOW).send());

    mediaRoute<{ Params: { id: string } }>(
      app,
      mediaServiceCalls.validationPreset,
      requireApiKey,
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return media.validationPreset(request.params.id);
      },
    );

    mediaRoute(
      app,
      mediaServiceCalls.uploadPending,
      requireApiKey,
      async (request) => [await media.uploadPending(await readUpload(request))],
      [admitUpload],
    );

    mediaRoute<{ Querystring: Record<string, unknown> }>(
      app,
      mediaServiceCalls.deletePending,
      requireApiKey,
      async (request, reply) => {
        const { fileId } = request.query;
        if (typeof fileId !== 'string' || fileId === '') {
          throw new MediaError(400, mediaServiceMessages.fileIdRequired);
        }
        await media.deletePending(fileId);
        return reply.code(204).send();
      },
    );

    mediaRoute<{ Params: { fileId: string } }>(
      app,
      mediaServiceCalls.file,
      requireApiKey,
      async (request, reply) => {
        const opened = await media.storage.openFile(request.params.fileId);
        if (opened === undefined) throw new MediaError(404, mediaServiceMessages.notFound);
        return reply
          .header('content-type', opened.file.contentType)
          .header('content-length', String(opened.file.size))
          .header('cache-control', FILE_CACHE)
          .send(opened.stream);
      },
    );
  };
}

/** The media service (uploads, files, presets), mounted under MEDIA_SERVICE_API_BASE_URL's path. */
export const mediaServiceArea = defineArea({
  name: 'media',
  mount: 'media',
  register: ({ media }) => mediaServicePlugin({ media }),
});
