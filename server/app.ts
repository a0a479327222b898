/**
 * Builds the Fastify application: the shell (security headers, the error envelope, limits, the
 * static SPA), the core every area shares (server/core.ts) and the areas (server/areas.ts). Tests
 * drive it with `inject()`; server/main.ts makes it listen.
 */
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { prefixOf } from './area';
import { areas } from './areas';
import { buildCore, type BuildAppOptions } from './core';
import { scopeAt } from './domain/scope';
import { installAddressLimits } from './http/addressLimits';
import { createAuthenticate } from './http/authentication';
import { installApiCompression } from './http/compression';
import { installConnectionLimits } from './http/connectionLimits';
import { createErrorHandler, installRetryAfter } from './http/errors';
import { installGracefulClose } from './http/gracefulClose';
import type { RouteAuth } from './http/route';
import {
  apiPrefixesOf,
  installJsonParser,
  installNotFound,
  installResponseHeaders,
  serverTimeouts,
} from './http/shell';
import { findStaticSite, serveStaticSite } from './http/staticSite';

export { PASSWORD_RESET_ANSWER_MS, type BuildAppOptions } from './core';

/** Largest accepted request body; JSON payloads of this API are small. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
    ...serverTimeouts(config.httpTimeouts),
    // Answered by installGracefulClose instead, in the envelope, after the requests received.
    return503OnClosing: false,
  });
  installConnectionLimits(app.server, config.connectionLimits, app.log);
  installGracefulClose(app);
  const core = buildCore(app, options);
  const { now } = core.domain;
  const site = findStaticSite(config.staticDir, { production: config.production });

  installJsonParser(app);
  installResponseHeaders(app, config);
  installApiCompression(app, apiPrefixesOf(config));
  installAddressLimits(app, config, now, core.windows);
  app.setErrorHandler(
    createErrorHandler({
      onDatabaseUnavailable: (error) => core.databaseMonitor.reportFailure(error),
    }),
  );
  installRetryAfter(app);

  app.register(fastifyCookie);
  app.decorate('routeAuth', {
    authenticate: createAuthenticate(core.accessTokens, now, (sessionId) =>
      core.liveSessions.isLive(sessionId),
    ),
    scopeAt: (principal, level) => scopeAt(db, principal, level),
    messageSettings: { minimumPasswordLength: config.minimumPasswordLength },
  } satisfies RouteAuth);
  for (const area of areas) {
    app.register(area.plugin(core), { prefix: prefixOf(area.mount, core) });
  }
  // index.html carries GET /api/configuration's answer (server/http/indexPage.ts).
  const page =
    site === undefined ? undefined : serveStaticSite(app, site, core.configurationAnswer);
  installNotFound(app, config, page);
  return app;
}
