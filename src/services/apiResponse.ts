/**
 * The response envelope `{ status, messages, data }` (spec §7.1, contract Envelope) and the
 * typed error every failed call throws.
 */
import { validate, type Struct } from 'superstruct';
import { ResponseStatus } from '../../contract/enums';
import { Envelope } from '../../contract/envelope';

/** Spec §8 generic texts. */
export const GENERIC_ERROR_TEXT = 'An error occurred processing the request';
export const UNKNOWN_ERROR_TEXT = 'An unknown error occurred';

type NotOk = Exclude<ResponseStatus, typeof ResponseStatus.Ok>;

/**
 * A validated envelope. With status Ok, `data` passed the call's struct. With any other
 * status (a 2xx Warning, Error, …) it is returned as is for the caller to decide; `data` is
 * the typed data when it still passes the struct, else null.
 */
export type ApiResponse<T> =
  | { status: typeof ResponseStatus.Ok; messages: string[]; data: T }
  | { status: NotOk; messages: string[]; data: T | null };

/**
 * - `http`: a non-2xx answer (messages from its envelope when it had one);
 * - `status`: a 2xx envelope whose status is not Ok, raised by {@link dataOrThrow};
 * - `invalid-response`: a 2xx answer that is not a valid envelope or whose data fails the struct;
 * - `network`: no answer at all (connection refused, CORS, offline).
 */
export type ApiErrorKind = 'http' | 'status' | 'invalid-response' | 'network';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status code; null when no response arrived, and for `status` errors (a 2xx). */
  readonly httpStatus: number | null;
  /** Envelope status; Unknown when the response had no envelope. */
  readonly status: ResponseStatus;
  /** Never empty: the server's messages, or the spec's generic text. */
  readonly messages: string[];
  /** True when `messages` came from the server's envelope (not a generic text). */
  readonly fromServer: boolean;
  /**
   * The envelope's data of a refusal (e.g. the login's `{captchaRequired: true}`), unchecked:
   * whoever reads it validates it with the contract. Null when there was none.
   */
  readonly data: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    httpStatus: number | null;
    status?: ResponseStatus;
    messages?: readonly string[];
    data?: unknown;
    cause?: unknown;
  }) {
    const serverMessages = (init.messages ?? []).filter((m) => m.trim() !== '');
    const fromServer = serverMessages.length > 0;
    const messages = fromServer
      ? serverMessages
      : [init.kind === 'network' ? UNKNOWN_ERROR_TEXT : GENERIC_ERROR_TEXT];
    super(messages.join(' '), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.httpStatus = init.httpStatus;
    this.status = init.status ?? ResponseStatus.Unknown;
    this.messages = messages;
    this.fromServer = fromServer;
    this.data = init.data ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The envelope in a body, or undefined when the body is not one. */
export function parseEnvelope(text: string): Envelope | undefined {
  const [error, envelope] = validate(parseJson(text), Envelope);
  return error === undefined ? envelope : undefined;
}

/**
 * Turns an HTTP answer into an {@link ApiResponse} (2xx) or throws an {@link ApiError}.
 */
export function interpretResponse<T, S>(
  httpStatus: number,
  bodyText: string,
  struct: Struct<T, S>,
): ApiResponse<T> {
  const envelope = parseEnvelope(bodyText);
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (!ok) {
    throw new ApiError({
      kind: 'http',
      httpStatus,
      status: envelope?.status,
      messages: envelope?.messages,
      data: envelope?.data,
    });
  }
  if (envelope === undefined) {
    throw new ApiError({ kind: 'invalid-response', httpStatus });
  }
  const [dataError, data] = validate(envelope.data, struct);
  if (envelope.status === ResponseStatus.Ok) {
    if (dataError !== undefined) {
      throw new ApiError({
        kind: 'invalid-response',
        httpStatus,
        status: envelope.status,
        cause: dataError,
      });
    }
    return { status: ResponseStatus.Ok, messages: envelope.messages, data: data as T };
  }
  return {
    status: envelope.status as NotOk,
    messages: envelope.messages,
    data: dataError === undefined ? (data as T) : null,
  };
}

/** The data of an Ok envelope; any other status throws an {@link ApiError} with its messages. */
export function dataOrThrow<T>(response: ApiResponse<T>): T {
  if (response.status === ResponseStatus.Ok) return response.data;
  throw new ApiError({
    kind: 'status',
    httpStatus: null,
    status: response.status,
    messages: response.messages,
  });
}
