import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { authEndpoints as endpoints } from '../../../contract/endpoints/auth';
import { DomainError } from '../../domain/errors';
import { impersonate, stopImpersonating } from './impersonation';
import { login, refresh, revoke, switchTenant, type SessionDeps } from './sessions';
import { ok } from '../../http/envelope';
import {
  clearRefreshCookie,
  readRefreshCookie,
  refuseForeignOrigin,
  type RefreshCookieOptions,
} from '../../http/refreshCookie';
import { answerSession } from '../../http/sessionAnswer';
import { route } from '../../http/route';

export interface AuthRouteDeps {
  sessions: SessionDeps;
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

/**
 * POST /auth/login, /auth/refreshToken, /auth/revokeToken, /auth/switchTenant, /auth/impersonate
 * and /auth/stopImpersonating (spec §7.2).
 */
export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsync {
  const { sessions, cookie } = deps;
  // The calls that the refresh cookie authenticates (every one that reads it), checked before
  // anything else so that a page of another site learns nothing from them (issue 31).
  const cookieCalls = new Set(
    [
      endpoints.refreshToken,
      endpoints.revokeToken,
      endpoints.switchTenant,
      endpoints.impersonate,
      endpoints.stopImpersonating,
    ].map((endpoint) => `${cookie.apiBasePath}/${endpoint.path}`),
  );
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (cookieCalls.has(request.routeOptions.url ?? '')) refuseForeignOrigin(request, cookie);
    });
    route(app, endpoints.login, async ({ payload, client, reply }) => {
      const { email, password, reCaptchaToken } = payload;
      const session = await login(sessions, { email, password, reCaptchaToken, client });
      return answerSession(reply, cookie, session);
    });

    route(app, endpoints.refreshToken, async ({ payload, request, reply }) => {
      const session = await clearingCookieOnRefusal(reply, cookie, () =>
        refresh(sessions, {
          refreshToken: readRefreshCookie(request),
          switchToCurrent: payload.switchToCurrent ?? false,
        }),
      );
      return answerSession(reply, cookie, session);
    });

    route(app, endpoints.revokeToken, async ({ request, reply }) => {
      const revoked = await revoke(sessions, readRefreshCookie(request));
      clearRefreshCookie(reply, cookie);
      return ok({ revoked });
    });

    route(app, endpoints.switchTenant, async ({ payload: { id }, scope, request, reply }) => {
      const session = await clearingCookieOnRefusal(reply, cookie, () =>
        switchTenant(sessions, scope, { tenantId: id, refreshToken: readRefreshCookie(request) }),
      );
      return answerSession(reply, cookie, session);
    });

    // The host's cookie is spent, not cleared, on a refusal: the host's own session goes on.
    route(app, endpoints.impersonate, async ({ payload, scope, client, request, reply }) => {
      const session = await impersonate(sessions, scope, {
        userId: payload.userId,
        refreshToken: readRefreshCookie(request),
        client,
      });
      return answerSession(reply, cookie, session);
    });

    route(app, endpoints.stopImpersonating, async ({ scope, request, reply }) => {
      const session = await clearingCookieOnRefusal(reply, cookie, () =>
        stopImpersonating(sessions, scope, readRefreshCookie(request)),
      );
      return answerSession(reply, cookie, session);
    });
  };
}
