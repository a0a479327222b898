import { identityEndpoints } from '../../../contract/endpoints/identity';
import type { HandleExistsRequest } from '../../../contract/identity';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export function createUsersApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /** GET users/handleExists?value=: true when the handle is taken (public, case-insensitive). */
    handleExists: (value: HandleExistsRequest['value'], options?: CallOptions) =>
      data(identityEndpoints.handleExists, { value }, options),
  };
}

export type UsersApi = ReturnType<typeof createUsersApi>;
