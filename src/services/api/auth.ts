/** Auth calls of spec §7.2 (POST /auth/...) that issue or end a session. */
import {
  RevokeTokenResponse,
  SessionData,
  type LoginRequest,
  type RefreshTokenRequest,
  type SwitchTenantRequest,
} from '../../../contract/auth';
import { apiPaths } from '../../../contract/paths';
import { dataOrThrow } from '../apiResponse';
import type { HttpClient } from '../http';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface AuthApi {
  /** POST auth/login; the session data, or ApiError (server messages) when not Ok. */
  login(request: LoginRequest, options?: CallOptions): Promise<SessionData>;
  /** POST auth/refreshToken; the refresh token travels in the httpOnly cookie. */
  refreshToken(request?: RefreshTokenRequest, options?: CallOptions): Promise<SessionData>;
  /** POST auth/revokeToken (no payload); ApiError when the server does not answer Ok. */
  revokeToken(options?: CallOptions): Promise<void>;
  /** POST auth/switchTenant (id); the session for the other organisation. */
  switchTenant(request: SwitchTenantRequest, options?: CallOptions): Promise<SessionData>;
}

export function createAuthApi(http: HttpClient): AuthApi {
  return {
    async login(request, options) {
      return dataOrThrow(await http.post(apiPaths.login, SessionData, request, options));
    },
    async refreshToken(request = {}, options) {
      return dataOrThrow(await http.post(apiPaths.refreshToken, SessionData, request, options));
    },
    async revokeToken(options) {
      dataOrThrow(await http.post(apiPaths.revokeToken, RevokeTokenResponse, undefined, options));
    },
    async switchTenant(request, options) {
      return dataOrThrow(await http.post(apiPaths.switchTenant, SessionData, request, options));
    },
  };
}
