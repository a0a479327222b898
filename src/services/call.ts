/**
 * `call(endpoint, payload)` (design §5): every API call of the client is made from its definition
 * in contract/endpoints/ — the method, the path and the answer's struct are read from it, never
 * written at the call site. GET and DELETE send the payload as a query string, POST and PUT as
 * JSON (the transport's rules, spec §7.1).
 */
import type { AuthLevel, Endpoint } from '../../contract/endpoints/define';
import { dataOrThrow, type ApiResponse } from './apiResponse';
import type { QueryPayload } from './apiUrl';
import type { HttpClient } from './http';

/** Spec §5, §8 Data loads: an authenticated call made while nobody is signed in. */
export const NOT_AUTHENTICATED = 'User is not authenticated';

/**
 * Thrown before any request when an endpoint that needs a signed-in caller (its auth level is
 * not `public`) is called without a stored session (spec §5: 'Every authenticated data load
 * first checks that a user exists, else the error 'User is not authenticated'').
 */
export class NotAuthenticatedError extends Error {
  override readonly name = 'NotAuthenticatedError';
  /** The text the user sees (machines show a failure's `messages`, else their own text). */
  readonly messages: string[] = [NOT_AUTHENTICATED];
  constructor() {
    super(NOT_AUTHENTICATED);
  }
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type Call = <Request, Data>(
  endpoint: Endpoint<Request, Data, AuthLevel>,
  payload: Request,
  options?: CallOptions,
) => Promise<ApiResponse<Data>>;

export function createCall(http: HttpClient): Call {
  return async (endpoint, payload, options) => {
    if (endpoint.auth !== 'public' && !http.hasToken()) throw new NotAuthenticatedError();
    switch (endpoint.method) {
      case 'GET':
        // A query payload is a flat object of texts, numbers and booleans (the contract's GET
        // and DELETE requests are).
        return http.get(endpoint.path, endpoint.response, payload as QueryPayload, options);
      case 'DELETE':
        return http.delete(endpoint.path, endpoint.response, payload as QueryPayload, options);
      case 'PUT':
        return http.put(endpoint.path, endpoint.response, payload, options);
      case 'POST':
        return http.post(endpoint.path, endpoint.response, payload, options);
    }
  };
}

/**
 * `data(endpoint)` is the endpoint as a function of its request that answers the data of an Ok
 * answer and throws an ApiError otherwise; `done(endpoint)` likewise, for a call whose data
 * nobody reads. The API modules build their calls with them, their types read from the contract.
 */
export function createDataCalls(http: HttpClient) {
  const call = createCall(http);
  const data =
    <Request, Data>(endpoint: Endpoint<Request, Data, AuthLevel>) =>
    async (request: Request, options?: CallOptions): Promise<Data> =>
      dataOrThrow(await call(endpoint, request, options));
  const done =
    <Request, Data>(endpoint: Endpoint<Request, Data, AuthLevel>) =>
    async (request: Request, options?: CallOptions): Promise<void> => {
      await data(endpoint)(request, options);
    };
  return { call, data, done };
}
