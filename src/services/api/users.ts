import { identityEndpoints } from '../../../contract/endpoints/identity';
import type { HandleExistsRequest } from '../../../contract/identity';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export interface UsersApi {
  /** GET users/handleExists?value=: true when the handle is taken (public, case-insensitive). */
  handleExists(value: HandleExistsRequest['value'], options?: CallOptions): Promise<boolean>;
}

export function createUsersApi(http: HttpClient): UsersApi {
  const call = createCall(http);
  return {
    handleExists: async (value, options) =>
      dataOrThrow(await call(identityEndpoints.handleExists, { value }, options)),
  };
}
