/**
 * Session calls of spec §7.2 (auth/...), made with `call` from contract/endpoints/auth.ts. A
 * failure throws {@link ApiError} carrying the server's messages when it sent some.
 */
import type {
  ImpersonateRequest,
  LoginRequest,
  RefreshTokenRequest,
  SessionData,
  SwitchTenantRequest,
} from '../../../contract/auth';
import { authEndpoints as endpoints } from '../../../contract/endpoints/auth';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export type { CallOptions } from '../call';

export interface AuthApi {
  /** auth/login; the session data, or ApiError (server messages) when not Ok. */
  login(request: LoginRequest, options?: CallOptions): Promise<SessionData>;
  /** auth/refreshToken; the refresh token travels in the httpOnly cookie. */
  refreshToken(request?: RefreshTokenRequest, options?: CallOptions): Promise<SessionData>;
  /** auth/revokeToken (no payload); ApiError when the server does not answer Ok. */
  revokeToken(options?: CallOptions): Promise<void>;
  /** auth/switchTenant (id); the session for the other organisation. */
  switchTenant(request: SwitchTenantRequest, options?: CallOptions): Promise<SessionData>;
  /** auth/impersonate (userId), hosts only; the session as that user. */
  impersonate(request: ImpersonateRequest, options?: CallOptions): Promise<SessionData>;
  /** auth/stopImpersonating (no payload); the host's own session again. */
  stopImpersonating(options?: CallOptions): Promise<SessionData>;
}

export function createAuthApi(http: HttpClient): AuthApi {
  const call = createCall(http);
  return {
    login: async (request, options) => dataOrThrow(await call(endpoints.login, request, options)),
    refreshToken: async (request = {}, options) =>
      dataOrThrow(await call(endpoints.refreshToken, request, options)),
    revokeToken: async (options) => {
      dataOrThrow(await call(endpoints.revokeToken, {}, options));
    },
    switchTenant: async (request, options) =>
      dataOrThrow(await call(endpoints.switchTenant, request, options)),
    impersonate: async (request, options) =>
      dataOrThrow(await call(endpoints.impersonate, request, options)),
    stopImpersonating: async (options) =>
      dataOrThrow(await call(endpoints.stopImpersonating, {}, options)),
  };
}
