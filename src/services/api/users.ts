/** User calls of spec §7.2 (under /users/) used by the identity flows. */
import { boolean } from 'superstruct';
import type { HandleExistsRequest } from '../../../contract/identity';
import { apiPaths } from '../../../contract/paths';
import { dataOrThrow } from '../apiResponse';
import type { HttpClient } from '../http';
import type { CallOptions } from './auth';

export interface UsersApi {
  /** GET users/handleExists?value=: true when the handle is taken (public, case-insensitive). */
  handleExists(value: HandleExistsRequest['value'], options?: CallOptions): Promise<boolean>;
}

export function createUsersApi(http: HttpClient): UsersApi {
  return {
    async handleExists(value, options) {
      const query: HandleExistsRequest = { value };
      return dataOrThrow(await http.get(apiPaths.handleExists, boolean(), query, options));
    },
  };
}
