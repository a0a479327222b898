/**
 * Maps every failure to the envelope: domain errors to their 4xx, Fastify's own request errors
 * (malformed JSON, too-large body, unsupported media type) to 4xx with a human message, a
 * database that cannot be used or a process out of file descriptors to a logged 503, and
 * anything unexpected to a 500 with the generic message. Every 503 carries Retry-After
 * ({@link UNAVAILABLE_RETRY_AFTER_SECONDS}).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseStatus } from '../../contract/enums';
import { isDatabaseUnavailable } from '../db/health';
import { descriptorShortageReporter, isDescriptorShortage } from '../descriptors';
import { DomainError, RateLimitedError, type DomainErrorKind } from '../domain/errors';
import { envelope, failure } from './envelope';

export const GENERIC_ERROR = 'An error occurred processing the request';
export const NOT_FOUND = 'The requested resource was not found.';
export const JSON_TOO_DEEP = 'The request body nests too deeply.';
/** The code of the error installJsonParser (server/app.ts) reports for {@link JSON_TOO_DEEP}. */
export const JSON_TOO_DEEP_CODE = 'GD_ERR_JSON_TOO_DEEP';
export const OUT_OF_DESCRIPTORS =
  'The service is temporarily overloaded; please try again in a moment.';
export const DATABASE_UNAVAILABLE =
  'The service is temporarily unavailable (its database cannot be used); please try again later.';

/**
 * The Retry-After (seconds) of every 503: the server, or something it needs (its database, the
 * mail server, a third party, the media service's image queue), cannot serve now. A few seconds:
 * long enough not to be hammered by retries, short enough that a client comes back soon after a
 * database restart or failover (the server makes new connections by itself). One value for all,
 * since a client cannot tell how long any of these will last.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const retryLater = (reply: FastifyReply) =>
  reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));

/**
 * Gives every 503 that has no Retry-After of its own {@link UNAVAILABLE_RETRY_AFTER_SECONDS}: the
 * error handler's, GET {API}/health's, the media service's and any answered elsewhere.
 */
export function installRetryAfter(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) retryLater(reply);
    return payload;
  });
}

const DOMAIN_STATUS: Record<DomainErrorKind, { code: number; status: ResponseStatus }> = {
  invalid: { code: 400, status: ResponseStatus.Error },
  unauthenticated: { code: 401, status: ResponseStatus.Unauthorized },
  forbidden: { code: 403, status: ResponseStatus.Error },
  notFound: { code: 404, status: ResponseStatus.Error },
  conflict: { code: 409, status: ResponseStatus.Error },
  rateLimited: { code: 429, status: ResponseStatus.Error },
  unavailable: { code: 503, status: ResponseStatus.Error },
};

/** Messages for Fastify's own request errors, by error code. */
const REQUEST_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request content type is not supported; send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request Content-Length does not match its body.',
  [JSON_TOO_DEEP_CODE]: JSON_TOO_DEEP,
};

function sendDomainError(error: DomainError, reply: FastifyReply) {
  const { code, status } = DOMAIN_STATUS[error.kind];
  if (error instanceof RateLimitedError)
    reply.header('retry-after', String(error.retryAfterSeconds));
  else if (code === 503) retryLater(reply);
  return reply.code(code).send(envelope(status, error.data, error.messages));
}

function requestErrorCode(error: FastifyError): number | undefined {
  const code = error.statusCode;
  return code !== undefined && code >= 400 && code < 500 ? code : undefined;
}

export interface ErrorHandlerOptions {
  /** Told of every request that failed because the database cannot be used (after logging). */
  onDatabaseUnavailable?: (error: unknown) => void;
}

/** The 400 error of a JSON body nested too deeply (answered with {@link JSON_TOO_DEEP}). */
export function jsonTooDeepError(): FastifyError {
  return Object.assign(new Error(JSON_TOO_DEEP), {
    name: 'JsonTooDeepError',
    code: JSON_TOO_DEEP_CODE,
    statusCode: 400,
  });
}

/**
 * The error handler; `options` hears of database failures (the database monitor). A request
 * that failed for want of file descriptors (server/descriptors.ts) answers 503, logged at most
 * once per interval: neither the database's fault nor a bug.
 */
export function createErrorHandler(options: ErrorHandlerOptions = {}) {
  const reportShortage = descriptorShortageReporter();
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) return sendDomainError(error, reply);
    const code = requestErrorCode(error);
    if (code !== undefined) {
      const message = REQUEST_ERROR_MESSAGES[error.code] ?? 'The request could not be processed.';
      return reply.code(code).send(failure(ResponseStatus.Error, [message]));
    }
    if (isDescriptorShortage(error)) {
      reportShortage(request.log, error, `${request.method} ${request.url}`);
      return retryLater(reply)
        .code(503)
        .send(failure(ResponseStatus.Error, [OUT_OF_DESCRIPTORS]));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      options.onDatabaseUnavailable?.(error);
      return retryLater(reply)
        .code(503)
        .send(failure(ResponseStatus.Error, [DATABASE_UNAVAILABLE]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(ResponseStatus.Error, [GENERIC_ERROR]));
  };
}

export const handleError = createErrorHandler();

export function sendNotFound(reply: FastifyReply) {
  return reply.code(404).send(failure(ResponseStatus.Error, [NOT_FOUND]));
}
