/**
 * The transport (design §5, spec §7.1): fetch for every call, plus XMLHttpRequest for multipart
 * uploads with progress. Nothing else in the client calls fetch.
 *
 * - Calls go to the configured API base with credentials; the bearer token is added only when
 *   the request URL is under the API base (same origin and base path).
 * - GET and DELETE send the payload as a query string without empty values; others send JSON.
 * - Every answer is the envelope `{status, messages, data}`, validated with the contract and the
 *   call's struct for `data`; failures throw {@link ApiError}.
 * - HTTP 429 is retried once after Retry-After seconds, or 3 s when absent. No timeout. A long
 *   wait is announced to the rate-limit waits (the app shows it, and a person may stop it: the
 *   call then answers the 429); the caller's AbortSignal ends it too.
 * - A response header `x-client-version` newer than this client sets the reload flag.
 */
import { validate, type Struct } from 'superstruct';
import { CLIENT_VERSION } from '../../contract/enums';
import { ApiError, interpretResponse, parseEnvelope, type ApiResponse } from './apiResponse';
import {
  isEmptyValue,
  isUnderApiBase,
  resolveApiBase,
  resolveRequestUrl,
  withQuery,
  type FieldValue,
  type QueryPayload,
} from './apiUrl';
import { RATE_LIMIT_RETRIES, RATE_LIMIT_STATUS, retryAfterMs } from './rateLimit';
import { SHOWN_WAIT_MS, type RateLimitWaits } from './rateLimitWaits';
import { isNewerVersion, type ReloadFlag } from './version';
import type { XhrAnswer } from './xhrUpload';

export const CLIENT_VERSION_HEADER = 'x-client-version';

export interface HttpOptions {
  /** The configuration's apiBaseUrl (absolute or relative to the origin); '' until known. */
  getApiBaseUrl(): string;
  /** The stored access token, or null when signed out. */
  getToken(): string | null;
  /** Origin that relative URLs resolve against; defaults to `location.origin`. */
  origin?: string;
  /** Set when a response announces a newer client version. */
  versionFlag?: ReloadFlag;
  /** Told of each long 429 wait, which it may cancel (see {@link SHOWN_WAIT_MS}). */
  rateLimitWaits?: RateLimitWaits;
  /**
   * Who the calls are made as (the person, organisation and impersonation; null signed out):
   * a 429's retry is not sent once it has changed during the wait, so a call is never sent
   * again as someone else. Defaults to the stored token.
   */
  getCaller?: () => string | null;
  /** This client's version; defaults to the contract's CLIENT_VERSION. */
  clientVersion?: string;
  /** The fetch to call; defaults to the global fetch, read at each call (tests and the inspector wrap it). */
  fetch?: typeof globalThis.fetch;
  /** Creates the XMLHttpRequest for uploads; defaults to `new XMLHttpRequest()`. */
  createXhr?: () => XMLHttpRequest;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** No credentials and never the bearer token (configuration, media service). */
  anonymous?: boolean;
  /** Extra request headers (e.g. a media service api key). */
  headers?: Readonly<Record<string, string>>;
}

/** Multipart form fields: each value once, or a list sent as repeated fields. */
export type FormPayload = Readonly<Record<string, FieldValue | readonly FieldValue[]>>;

export interface UploadRequest {
  /** Sent as form fields (strings; numbers and booleans as text; empty values skipped). */
  payload?: FormPayload;
  /** Field name -> file. When none is given the payload is sent as a JSON body instead. */
  files?: Readonly<Record<string, Blob>>;
  /** Upload progress in percent, 0-100. */
  onUploadProgress?: (percent: number) => void;
  method?: 'POST' | 'PUT';
}

export interface HttpClient {
  /** The absolute URL a path resolves to (see {@link resolveRequestUrl}). */
  url(path: string): string;
  /** Whether an access token is stored (someone is signed in). */
  hasToken(): boolean;
  get<T, S>(
    path: string,
    data: Struct<T, S>,
    query?: QueryPayload,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  delete<T, S>(
    path: string,
    data: Struct<T, S>,
    query?: QueryPayload,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  post<T, S>(
    path: string,
    data: Struct<T, S>,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  put<T, S>(
    path: string,
    data: Struct<T, S>,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  /** Multipart form with upload progress when files are given; JSON body otherwise. */
  upload<T, S>(
    path: string,
    data: Struct<T, S>,
    request: UploadRequest,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  /** Like upload, for services whose answer is plain JSON, not an envelope (media service). */
  uploadJson<T, S>(
    path: string,
    body: Struct<T, S>,
    request: UploadRequest,
    options?: RequestOptions,
  ): Promise<T>;
  /** GET for answers that are plain JSON, not an envelope (configuration, media presets). */
  getJson<T, S>(
    path: string,
    body: Struct<T, S>,
    query?: QueryPayload,
    options?: RequestOptions,
  ): Promise<T>;
  /** GET a file (e.g. a personal-data download). */
  getBlob(path: string, query?: QueryPayload, options?: RequestOptions): Promise<Blob>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RawAnswer {
  status: number;
  read(): Promise<string>;
  blob(): Promise<Blob>;
}

/** An abort of the caller's signal is rethrown as is (not an ApiError). */
function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The reason a person's Stop waiting aborts a 429 wait with (the caller's abort has its own). */
const STOPPED_BY_PERSON = Symbol('stopped by the person');

/**
 * Waits `ms` before the 429 retry. Answers true to retry, false when a person stopped the wait
 * (announced to `waits` when it is long); rejects when the caller's signal aborts.
 */
async function waitToRetry(
  ms: number,
  bodyText: string,
  signal: AbortSignal | undefined,
  waits: RateLimitWaits | undefined,
): Promise<boolean> {
  if (waits === undefined || ms < SHOWN_WAIT_MS) {
    await wait(ms, signal);
    return true;
  }
  if (signal?.aborted === true) throw signal.reason;
  // One signal ends the wait: the first of the caller's abort (rethrown) and the person's stop.
  const stop = new AbortController();
  const end = waits.begin(
    { retryAt: Date.now() + ms, messages: parseEnvelope(bodyText)?.messages ?? [] },
    () => stop.abort(STOPPED_BY_PERSON),
  );
  const onAbort = (): void => stop.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await wait(ms, stop.signal);
    return true;
  } catch (error) {
    if (stop.signal.reason === STOPPED_BY_PERSON) return false;
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    end();
  }
}

/** Plain JSON body validated with `struct`; non-2xx and invalid bodies throw ApiError. */
function interpretJson<T, S>(status: number, text: string, struct: Struct<T, S>): T {
  if (status < 200 || status >= 300) {
    const envelope = parseEnvelope(text);
    throw new ApiError({
      kind: 'http',
      httpStatus: status,
      status: envelope?.status,
      messages: envelope?.messages,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ApiError({ kind: 'invalid-response', httpStatus: status, cause });
  }
  const [error, value] = validate(body, struct);
  if (error !== undefined)
    throw new ApiError({ kind: 'invalid-response', httpStatus: status, cause: error });
  return value;
}

function toFormData(
  payload: FormPayload | undefined,
  files: Readonly<Record<string, Blob>>,
): FormData {
  const form = new FormData();
  for (const [key, raw] of Object.entries(payload ?? {})) {
    const values: readonly FieldValue[] = Array.isArray(raw)
      ? (raw as readonly FieldValue[])
      : [raw as FieldValue];
    for (const value of values) if (!isEmptyValue(value)) form.append(key, String(value));
  }
  for (const [field, file] of Object.entries(files)) {
    const name = typeof File !== 'undefined' && file instanceof File ? file.name : 'blob';
    form.append(field, file, name);
  }
  return form;
}

export function createHttp(options: HttpOptions): HttpClient {
  const clientVersion = options.clientVersion ?? CLIENT_VERSION;
  const origin = options.origin ?? globalThis.location?.origin;
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());

  const apiBase = (): URL | null => resolveApiBase(options.getApiBaseUrl(), origin);
  const caller = (): string | null => (options.getCaller ?? options.getToken)();

  /**
   * Whether a 429 is sent again: after its wait (unless a person stopped it), and only as the
   * caller it was first sent as.
   */
  const retries = async (
    retryAfter: string | null,
    bodyText: string,
    requestOptions: RequestOptions | undefined,
    firstCaller: string | null,
  ): Promise<boolean> =>
    (await waitToRetry(
      retryAfterMs(retryAfter),
      bodyText,
      requestOptions?.signal,
      options.rateLimitWaits,
    )) && caller() === firstCaller;
  const resolve = (path: string): URL => resolveRequestUrl(path, apiBase(), origin);

  /** The Authorization header a request to `url` gets: the bearer only under the API base. */
  const authorizationFor = (url: string, anonymous: boolean): string | null => {
    if (anonymous || !isUnderApiBase(url, apiBase())) return null;
    const token = options.getToken();
    return token ? `Bearer ${token}` : null;
  };

  const noteVersion = (header: string | null): void => {
    if (header !== null && header.trim() !== '' && isNewerVersion(header, clientVersion)) {
      options.versionFlag?.set();
    }
  };

  /**
   * One request as fetch sends it. Under the API base the Authorization header is the bearer (or
   * none when anonymous or signed out), read again for the 429 retry; a request outside the API
   * base keeps the headers its caller gave and never gets the token.
   */
  const request = (
    method: Method,
    url: URL,
    body: { json: unknown } | null,
    requestOptions: RequestOptions | undefined,
    accept: string,
  ): Request => {
    const anonymous = requestOptions?.anonymous === true;
    const headers = new Headers({ Accept: accept, ...requestOptions?.headers });
    if (body !== null) headers.set('Content-Type', 'application/json');
    if (isUnderApiBase(url.href, apiBase())) {
      const authorization = authorizationFor(url.href, anonymous);
      if (authorization === null) headers.delete('Authorization');
      else headers.set('Authorization', authorization);
    }
    const init: RequestInit = {
      method,
      credentials: anonymous ? 'omit' : 'include',
      headers,
    };
    if (body !== null) init.body = JSON.stringify(body.json);
    if (requestOptions?.signal !== undefined) init.signal = requestOptions.signal;
    return new Request(url, init);
  };

  /**
   * One call: resolves with any HTTP answer, throws on no answer. (Plain fetch: the 429 retry is
   * ours, so it can be shown and stopped; there is no timeout and no other retry, so a client
   * library such as ky, used before, added nothing but weight to the landing route.)
   */
  const send = async (
    method: Method,
    url: URL,
    body: { json: unknown } | null,
    requestOptions: RequestOptions | undefined,
    accept: string,
  ): Promise<RawAnswer> => {
    const fetchOnce = async (): Promise<Response> => {
      let response: Response;
      try {
        response = await (options.fetch ?? globalThis.fetch)(
          request(method, url, body, requestOptions, accept),
        );
      } catch (error) {
        if (isAbort(error, requestOptions?.signal)) throw error;
        throw new ApiError({ kind: 'network', httpStatus: null, cause: error });
      }
      noteVersion(response.headers.get(CLIENT_VERSION_HEADER));
      return response;
    };
    const firstCaller = caller();
    let response = await fetchOnce();
    for (let attempt = 0; response.status === RATE_LIMIT_STATUS; attempt += 1) {
      if (attempt >= RATE_LIMIT_RETRIES) break;
      const bodyText = await response
        .clone()
        .text()
        .catch(() => '');
      const retry = await retries(
        response.headers.get('Retry-After'),
        bodyText,
        requestOptions,
        firstCaller,
      );
      if (!retry) break;
      response = await fetchOnce();
    }
    const readBody = async <R>(read: () => Promise<R>): Promise<R> => {
      try {
        return await read();
      } catch (error) {
        if (isAbort(error, requestOptions?.signal)) throw error;
        throw new ApiError({ kind: 'network', httpStatus: null, cause: error });
      }
    };
    return {
      status: response.status,
      read: () => readBody(() => response.text()),
      blob: () => readBody(() => response.blob()),
    };
  };

  const enveloped = async <T, S>(
    method: Method,
    path: string,
    struct: Struct<T, S>,
    payload: unknown,
    requestOptions: RequestOptions | undefined,
  ): Promise<ApiResponse<T>> => {
    const queryMethod = method === 'GET' || method === 'DELETE';
    const url = queryMethod
      ? withQuery(resolve(path), payload as QueryPayload | undefined)
      : resolve(path);
    const answer = await send(
      method,
      url,
      queryMethod ? null : { json: payload ?? {} },
      requestOptions,
      'application/json',
    );
    return interpretResponse(answer.status, await answer.read(), struct);
  };

  /** Multipart over XHR with the same rules: bearer, credentials, 429 retry, version header. */
  const sendMultipart = async (
    path: string,
    request: UploadRequest,
    files: Readonly<Record<string, Blob>>,
    requestOptions: RequestOptions | undefined,
  ): Promise<XhrAnswer> => {
    const url = resolve(path).href;
    const anonymous = requestOptions?.anonymous === true;
    const firstCaller = caller();
    for (let attempt = 0; ; attempt += 1) {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        ...requestOptions?.headers,
      };
      const authorization = authorizationFor(url, anonymous);
      if (authorization !== null) headers['Authorization'] = authorization;
      // Loaded on the first upload: the landing route makes none.
      const { sendXhr } = await import('./xhrUpload');
      const answer = await sendXhr(createXhr, {
        method: request.method ?? 'POST',
        url,
        headers,
        withCredentials: !anonymous,
        body: toFormData(request.payload, files),
        ...(request.onUploadProgress ? { onUploadProgress: request.onUploadProgress } : {}),
        ...(requestOptions?.signal ? { signal: requestOptions.signal } : {}),
      });
      noteVersion(answer.header(CLIENT_VERSION_HEADER));
      if (answer.status !== RATE_LIMIT_STATUS || attempt >= RATE_LIMIT_RETRIES) return answer;
      const retry = await retries(
        answer.header('Retry-After'),
        answer.bodyText,
        requestOptions,
        firstCaller,
      );
      if (!retry) return answer;
    }
  };

  const hasFiles = (
    request: UploadRequest,
  ): request is UploadRequest & { files: Readonly<Record<string, Blob>> } =>
    request.files !== undefined && Object.keys(request.files).length > 0;

  return {
    url: (path) => resolve(path).href,
    hasToken: () => Boolean(options.getToken()),
    get: (path, struct, query, requestOptions) =>
      enveloped('GET', path, struct, query, requestOptions),
    delete: (path, struct, query, requestOptions) =>
      enveloped('DELETE', path, struct, query, requestOptions),
    post: (path, struct, body, requestOptions) =>
      enveloped('POST', path, struct, body, requestOptions),
    put: (path, struct, body, requestOptions) =>
      enveloped('PUT', path, struct, body, requestOptions),

    async upload(path, struct, request, requestOptions) {
      if (!hasFiles(request)) {
        return enveloped(request.method ?? 'POST', path, struct, request.payload, requestOptions);
      }
      const answer = await sendMultipart(path, request, request.files, requestOptions);
      return interpretResponse(answer.status, answer.bodyText, struct);
    },

    async uploadJson(path, struct, request, requestOptions) {
      if (!hasFiles(request)) {
        const answer = await send(
          request.method ?? 'POST',
          resolve(path),
          { json: request.payload ?? {} },
          requestOptions,
          'application/json',
        );
        return interpretJson(answer.status, await answer.read(), struct);
      }
      const answer = await sendMultipart(path, request, request.files, requestOptions);
      return interpretJson(answer.status, answer.bodyText, struct);
    },

    async getJson(path, struct, query, requestOptions) {
      const answer = await send(
        'GET',
        withQuery(resolve(path), query),
        null,
        requestOptions,
        'application/json',
      );
      return interpretJson(answer.status, await answer.read(), struct);
    },

    async getBlob(path, query, requestOptions) {
      const answer = await send(
        'GET',
        withQuery(resolve(path), query),
        null,
        requestOptions,
        '*/*',
      );
      if (answer.status < 200 || answer.status >= 300) {
        const envelope = parseEnvelope(await answer.read());
        throw new ApiError({
          kind: 'http',
          httpStatus: answer.status,
          status: envelope?.status,
          messages: envelope?.messages,
        });
      }
      return answer.blob();
    },
  };
}
