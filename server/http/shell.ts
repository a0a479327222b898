/**
 * The app's shell, around every area: the JSON parser, the security and caching headers, the
 * not-found answer (the SPA's index.html for a page request) and the server's timeouts.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { CONFIGURATION_PATH } from '../../contract/paths';
import type { HttpTimeoutsConfig, ServerConfig } from '../config';
import { jsonTooDeepError, sendNotFound } from './errors';
import type { IndexPage } from './indexPage';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './jsonDepth';
import { connectOriginsOf, helmetOptions, PERMISSIONS_POLICY } from './securityHeaders';
import { isUnderPrefix, wantsSpaFallback } from './staticSite';

/**
 * JSON parser that reads an empty body as no payload instead of failing, and refuses a body
 * nested more than MAX_JSON_DEPTH levels deep with a 400 before parsing it.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    const text = body.toString();
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(jsonTooDeepError(), undefined);
      return;
    }
    // The default parser answers through done; its type also allows a promise, which it never returns.
    void parseJson(request, text, done);
  });
}

/** The paths of API answers: the API, the configuration and the media service. */
export function apiPrefixesOf(config: ServerConfig): string[] {
  return [
    config.apiBasePath,
    config.mediaServicePath,
    CONFIGURATION_PATH.slice(0, CONFIGURATION_PATH.lastIndexOf('/')),
  ];
}

const NO_STORE = 'no-store';

/**
 * Security headers by @fastify/helmet, plus Permissions-Policy and `x-client-version` on every
 * response, and `Cache-Control: no-store` on every answer of the API and the configuration (they
 * carry tokens and personal data). The media service's answers get no-store too unless the route
 * chose its caching (files are immutable; presets are revalidated); the static SPA keeps its own.
 */
export function installResponseHeaders(app: FastifyInstance, config: ServerConfig): void {
  app.register(
    fastifyHelmet,
    helmetOptions({
      devMode: config.devMode,
      https: config.cookieSecure,
      recaptcha: config.thirdParty.reCaptchaSiteKey !== '',
      googleSignIn: config.thirdParty.googleClientId !== '',
      tagManager: config.thirdParty.tagManagerId !== '',
      sessionRecording: config.thirdParty.sessionRecordingAppId !== '',
      connectOrigins: connectOriginsOf(config.apiBaseUrl, config.thirdParty.mediaServiceApiBaseUrl),
    }),
  );
  const forced = [config.apiBasePath, CONFIGURATION_PATH];
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('x-client-version', config.appClientVersion);
    if (isUnderPrefix(request.url, [config.mediaServicePath]))
      reply.header('cache-control', NO_STORE);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isUnderPrefix(request.url, forced)) reply.header('cache-control', NO_STORE);
    return payload;
  });
}

export function installNotFound(
  app: FastifyInstance,
  config: ServerConfig,
  page: IndexPage | undefined,
) {
  const apiPrefixes = apiPrefixesOf(config);
  app.setNotFoundHandler((request, reply) =>
    page !== undefined && wantsSpaFallback(request, apiPrefixes)
      ? page.send(request, reply)
      : sendNotFound(reply),
  );
}

/**
 * Fastify's timeouts (Fastify leaves them off): a request's headers must arrive within
 * headersSeconds and the whole request within requestSeconds (Node answers 408 and closes the
 * connection: what ends a request trickled a byte at a time), a connection may stay silent
 * connectionSeconds while a request is under way, and an idle kept-alive connection is closed
 * after keepAliveSeconds. Node checks the first two every connectionsCheckingInterval, so that
 * interval is a fraction of the shorter.
 */
export function serverTimeouts(timeouts: HttpTimeoutsConfig) {
  const requestTimeout = timeouts.requestSeconds * 1000;
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(timeouts.headersSeconds * 1000, requestTimeout);
  return {
    requestTimeout,
    connectionTimeout: timeouts.connectionSeconds * 1000,
    keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
    http: {
      // Fastify sets the request timeout once the server exists; Node checks the headers
      // timeout against it (its default, 300 s, until then) when creating it.
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.min(Math.max(headersTimeout / 4, 250), 30_000),
    },
  };
}
