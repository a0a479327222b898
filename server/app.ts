/**
 * Builds the Fastify application: plugins, security headers, the error envelope, the API routes
 * and the static SPA. Tests drive it with `inject()`; server/main.ts makes it listen.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { CONFIGURATION_PATH } from '../contract/paths';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { createAccessTokens } from './domain/accessTokens';
import type { DomainContext } from './domain/context';
import { LoginThrottle } from './domain/loginThrottle';
import { resolveJwtSecret } from './domain/secrets';
import type { SessionDeps } from './domain/sessions';
import { createAuthenticate } from './http/authentication';
import { handleError, sendNotFound } from './http/errors';
import { securityHeaders } from './http/securityHeaders';
import {
  findStaticSite,
  staticSiteOptions,
  sendSpaIndex,
  wantsSpaFallback,
  type StaticSite,
} from './http/staticSite';
import { authRoutes } from './routes/auth';
import { configurationRoutes } from './routes/configuration';
import { tenantRoutes } from './routes/tenants';

/** Largest accepted request body; JSON payloads of this API are small. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

export interface BuildAppOptions {
  config: ServerConfig;
  db: Database;
  /** The clock (tests move it to expire tokens and rate-limit windows). */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
}

/** JSON parser that reads an empty body as no payload instead of failing. */
function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });
}

function installResponseHeaders(app: FastifyInstance, config: ServerConfig): void {
  const headers = {
    ...securityHeaders({ devMode: config.devMode, https: config.cookieSecure }),
    'x-client-version': config.appClientVersion,
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}

function installNotFound(app: FastifyInstance, config: ServerConfig, site: StaticSite | undefined) {
  const apiPrefixes = [
    config.apiBasePath,
    CONFIGURATION_PATH.slice(0, CONFIGURATION_PATH.lastIndexOf('/')),
  ];
  app.setNotFoundHandler((request, reply) =>
    site !== undefined && wantsSpaFallback(request, apiPrefixes)
      ? sendSpaIndex(reply)
      : sendNotFound(reply),
  );
}

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
  });

  const accessTokens = createAccessTokens(
    () => resolveJwtSecret(db, config.jwtSecret),
    config.jwtTtlSeconds,
  );
  const domain: DomainContext = {
    db,
    now,
    sessions: { jwtTtlSeconds: config.jwtTtlSeconds, refreshTtlSeconds: config.refreshTtlSeconds },
  };
  const sessions: SessionDeps = {
    ...domain,
    accessTokens,
    throttle: new LoginThrottle(config.loginRateLimit, now),
  };
  const authenticate = createAuthenticate(accessTokens, now);
  const cookie = { apiBasePath: config.apiBasePath, secure: config.cookieSecure };
  const site = findStaticSite(config.staticDir);

  installJsonParser(app);
  installResponseHeaders(app, config);
  app.setErrorHandler(handleError);
  app.addHook('onReady', () => accessTokens.warmUp());

  app.register(fastifyCookie);
  app.register(configurationRoutes(config));
  app.register(authRoutes({ sessions, authenticate, cookie }), { prefix: config.apiBasePath });
  app.register(tenantRoutes({ domain, authenticate }), { prefix: config.apiBasePath });
  if (site !== undefined) app.register(fastifyStatic, staticSiteOptions(site));
  installNotFound(app, config, site);
  return app;
}
