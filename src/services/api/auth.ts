/**
 * Session calls of spec §7.2 (auth/...), made with `call` from contract/endpoints/auth.ts. A
 * failure throws {@link ApiError} carrying the server's messages when it sent some.
 */
import type {
  ImpersonateRequest,
  LoginRequest,
  RefreshTokenRequest,
  SwitchTenantRequest,
} from '../../../contract/auth';
import { authEndpoints as endpoints } from '../../../contract/endpoints/auth';
import { createDataCall, createDoneCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export type { CallOptions } from '../call';

export function createAuthApi(http: HttpClient) {
  const data = createDataCall(http);
  const done = createDoneCall(http);
  return {
    /** auth/login; the session data, or ApiError (server messages) when not Ok. */
    login: (request: LoginRequest, options?: CallOptions) =>
      data(endpoints.login, request, options),
    /** auth/refreshToken; the refresh token travels in the httpOnly cookie. */
    refreshToken: (request: RefreshTokenRequest = {}, options?: CallOptions) =>
      data(endpoints.refreshToken, request, options),
    /** auth/revokeToken (no payload); ApiError when the server does not answer Ok. */
    revokeToken: (options?: CallOptions) => done(endpoints.revokeToken, {}, options),
    /** auth/switchTenant (id); the session for the other organisation. */
    switchTenant: (request: SwitchTenantRequest, options?: CallOptions) =>
      data(endpoints.switchTenant, request, options),
    /** auth/impersonate (userId), hosts only; the session as that user. */
    impersonate: (request: ImpersonateRequest, options?: CallOptions) =>
      data(endpoints.impersonate, request, options),
    /** auth/stopImpersonating (no payload); the host's own session again. */
    stopImpersonating: (options?: CallOptions) => data(endpoints.stopImpersonating, {}, options),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
