import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { LoginRequest, RefreshTokenRequest, SwitchTenantRequest } from '../../contract/auth';
import { apiPaths } from '../../contract/paths';
import { DomainError } from '../domain/errors';
import { login, refresh, revoke, switchTenant, type SessionDeps } from '../domain/sessions';
import { clientOf } from '../http/addressLimits';
import type { Authenticate } from '../http/authentication';
import { ok } from '../http/envelope';
import {
  clearRefreshCookie,
  readRefreshCookie,
  type RefreshCookieOptions,
} from '../http/refreshCookie';
import { answerSession } from '../http/sessionAnswer';
import { parseEmptyPayload, parsePayload } from '../http/validation';

export interface AuthRouteDeps {
  sessions: SessionDeps;
  authenticate: Authenticate;
  cookie: RefreshCookieOptions;
}

/** Runs `work`; when the session is refused, the refresh cookie is cleared too. */
async function clearingCookieOnRefusal<T>(
  reply: FastifyReply,
  cookie: RefreshCookieOptions,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'unauthenticated') {
      clearRefreshCookie(reply, cookie);
    }
    throw error;
  }
}

/** POST /auth/login, /auth/refreshToken, /auth/revokeToken, /auth/switchTenant (spec §7.2). */
export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsync {
  const { sessions, authenticate, cookie } = deps;
  return async (app) => {
    app.post(`/${apiPaths.login}`, async (request, reply) => {
      const { email, password, reCaptchaToken } = parsePayload(LoginRequest, request.body);
      const client = clientOf(request);
      const session = await login(sessions, { email, password, reCaptchaToken, client });
      return answerSession(reply, cookie, session);
    });

    app.post(`/${apiPaths.refreshToken}`, async (request, reply) => {
      const body = parsePayload(RefreshTokenRequest, request.body);
      const session = await clearingCookieOnRefusal(reply, cookie, () =>
        refresh(sessions, {
          refreshToken: readRefreshCookie(request),
          switchToCurrent: body.switchToCurrent ?? false,
        }),
      );
      return answerSession(reply, cookie, session);
    });

    app.post(`/${apiPaths.revokeToken}`, async (request, reply) => {
      parseEmptyPayload(request.body);
      const revoked = await revoke(sessions, readRefreshCookie(request));
      clearRefreshCookie(reply, cookie);
      return ok({ revoked });
    });

    app.post(`/${apiPaths.switchTenant}`, async (request, reply) => {
      const principal = await authenticate(request);
      const { id } = parsePayload(SwitchTenantRequest, request.body);
      const session = await clearingCookieOnRefusal(reply, cookie, () =>
        switchTenant(sessions, principal, {
          tenantId: id,
          refreshToken: readRefreshCookie(request),
        }),
      );
      return answerSession(reply, cookie, session);
    });
  };
}
