/**
 * The session calls of spec §7.2 (auth/...): login, refresh, revoke, switch organisation,
 * impersonate (and the way back from it).
 */
import {
  ImpersonateRequest,
  LoginRequest,
  RefreshTokenRequest,
  RevokeTokenResponse,
  SessionData,
  SwitchTenantRequest,
} from '../auth';
import { EmptyRequest } from './common';
import { endpoint } from './define';

export const authEndpoints = {
  /** POST auth/login: the session (the refresh token in an httpOnly cookie). */
  login: endpoint({
    method: 'POST',
    path: 'auth/login',
    request: LoginRequest,
    response: SessionData,
    auth: 'public',
  }),
  /** POST auth/refreshToken: a new session from the refresh cookie. */
  refreshToken: endpoint({
    method: 'POST',
    path: 'auth/refreshToken',
    request: RefreshTokenRequest,
    response: SessionData,
    auth: 'public',
  }),
  /** POST auth/revokeToken (no payload): ends the refresh cookie's session. */
  revokeToken: endpoint({
    method: 'POST',
    path: 'auth/revokeToken',
    request: EmptyRequest,
    response: RevokeTokenResponse,
    auth: 'public',
  }),
  /** POST auth/switchTenant (id): the session for another organisation of the user's. */
  switchTenant: endpoint({
    method: 'POST',
    path: 'auth/switchTenant',
    request: SwitchTenantRequest,
    response: SessionData,
    auth: 'user',
  }),
  /**
   * POST auth/impersonate (userId), hosts only: a session as that user in their default
   * organisation (its refresh cookie replaces the host's; the host's own session waits for
   * auth/stopImpersonating). Audited; lives IMPERSONATION_SESSION_MINUTES at most.
   */
  impersonate: endpoint({
    method: 'POST',
    path: 'auth/impersonate',
    request: ImpersonateRequest,
    response: SessionData,
    auth: 'host',
  }),
  /**
   * POST auth/stopImpersonating (no payload), an impersonated session only: ends it and answers
   * the host's own session again (its refresh cookie), without signing in again.
   */
  stopImpersonating: endpoint({
    method: 'POST',
    path: 'auth/stopImpersonating',
    request: EmptyRequest,
    response: SessionData,
    auth: 'user',
  }),
} as const;
