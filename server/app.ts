/**
 * Builds the Fastify application: plugins, security headers, the error envelope, the API routes
 * and the static SPA. Tests drive it with `inject()`; server/main.ts makes it listen.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { CONFIGURATION_PATH } from '../contract/paths';
import type { FeedPost } from '../contract/posts';
import type { HttpTimeoutsConfig, ServerConfig } from './config';
import type { Database } from './db/database';
import { PostgresNotices, type ChangeNotices } from './db/notices';
import { SharedWindows } from './db/sharedWindows';
import {
  DATABASE_PROBE_FAILURES,
  DATABASE_PROBE_INTERVAL_MS,
  DATABASE_PROBE_TIMEOUT_MS,
  databaseProbe,
  DatabaseMonitor,
  type DatabaseMonitorOptions,
} from './db/health';
import { createAccessTokens } from './domain/accessTokens';
import type { DomainContext } from './domain/context';
import type { IdentityDeps } from './features/identity/identityContext';
import { LoginThrottle } from './features/auth/loginThrottle';
import { createIdentityLimits } from './features/identity/rateLimits';
import { LiveSessionCache } from './features/auth/liveSessions';
import { isSessionLive } from './features/auth/refreshTokens';
import { resolveJwtSecret } from './domain/secrets';
import type { SessionDeps } from './features/auth/sessions';
import { createDatabaseSigner, type Signer } from './domain/signing';
import { scopeAt } from './domain/scope';
import { installAddressLimits } from './http/addressLimits';
import { installConnectionLimits } from './http/connectionLimits';
import { installGracefulClose } from './http/gracefulClose';
import { createAuthenticate } from './http/authentication';
import type { RouteAuth } from './http/route';
import { installApiCompression } from './http/compression';
import {
  createErrorHandler,
  installRetryAfter,
  jsonTooDeepError,
  sendNotFound,
} from './http/errors';
import { healthRoutes } from './features/health/routes';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './http/jsonDepth';
import { connectOriginsOf, helmetOptions, PERMISSIONS_POLICY } from './http/securityHeaders';
import type { IndexPage } from './http/indexPage';
import {
  findStaticSite,
  isUnderPrefix,
  serveStaticSite,
  wantsSpaFallback,
} from './http/staticSite';
import { createMailer, type Mailer } from './mail/mailer';
import { mediaServicePlugin } from './media/plugin';
import { MediaService, once, resolveMediaApiKey } from './media/service';
import { PendingSweeper, pendingSweepIntervalMs } from './media/sweeper';
import { WorkQueue } from './media/workQueue';
import { FeedPages } from './features/posts/feedPages';
import { accountRoutes } from './features/account/routes';
import { recordRoutes } from './features/records/routes';
import { createAccountLimits } from './features/account/limits';
import { InvitationMailLimits } from './features/team/mailLimits';
import { avatarRoutes } from './features/avatars/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { dropRoutes } from './features/drops/routes';
import { postRoutes } from './features/posts/routes';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { configurationAnswerOf, configurationRoutes } from './features/configuration/routes';
import { devCaptchaRoutes, devConsentRoutes, devMailRoutes } from './features/dev/routes';
import { identityRoutes } from './features/identity/routes';
import { teamRoutes } from './features/team/routes';
import { tenantRoutes } from './features/tenants/routes';
import { referenceListRoutes } from './features/referenceLists/routes';
import { topicRoutes } from './features/topics/routes';
import { createBilling, type Billing } from './billing';
import { standInRoutes } from './billing/standInRoutes';
import { applyBillingEvent, type PaymentsDeps } from './features/payments/domain';
import { paymentRoutes, stripeWebhookRoutes } from './features/payments/routes';
import { createCaptchaVerifier, type CaptchaVerifier } from './thirdParty/captcha';
import { DevOAuthCodes } from './thirdParty/devOAuthCodes';
import { createGoogleSignIn } from './thirdParty/google';

/** Largest accepted request body; JSON payloads of this API are small. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;
/** A password reset request is answered after this long, whether or not the address exists. */
export const PASSWORD_RESET_ANSWER_MS = 250;

export interface BuildAppOptions {
  config: ServerConfig;
  db: Database;
  /** The clock (tests move it to expire tokens and rate-limit windows). */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  /** Outgoing mail; by default SMTP when SMTP_URL is set, else the development outbox. */
  mailer?: Mailer;
  /** The fetch used to call Google (reCAPTCHA siteverify, token exchange, signing keys). */
  fetch?: typeof globalThis.fetch;
  /** Google's id_token signing keys (tests give local ones); by default fetched from Google. */
  googleKeys?: JWTVerifyGetKey;
  passwordResetAnswerMs?: number;
  /** Where the media service keeps files (default DATA_DIR/media; tests use a temp dir). */
  mediaDir?: string;
  /** The media service's image queue (default from MEDIA_IMAGE_CONCURRENCY / _QUEUE_LENGTH). */
  mediaImageWork?: WorkQueue;
  /** How often expired pending uploads are swept (default from MEDIA_PENDING_TTL_HOURS). */
  mediaSweepIntervalMs?: number;
  /** The feed's remembered pages and boundaries (tests pass their own). */
  feedPages?: FeedPages<FeedPost>;
  /**
   * Notices of writes made through other server processes, which the feed's pages and the live
   * sessions follow: by default listened to on DATABASE_URL when it is set, none on PGlite.
   */
  notices?: ChangeNotices;
  /**
   * How the database is watched (GET {API}/health, the 503s). By default it is probed with
   * `select 1` only when asked. server/main.ts also probes PGlite's data directory and gives
   * `onUnusable` (drain and exit): with it, the database is probed periodically once ready.
   */
  databaseHealth?: Partial<Omit<DatabaseMonitorOptions, 'log' | 'now'>>;
}

/**
 * JSON parser that reads an empty body as no payload instead of failing, and refuses a body
 * nested more than MAX_JSON_DEPTH levels deep with a 400 before parsing it.
 */
function installJsonParser(app: FastifyInstance): void {
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
function apiPrefixesOf(config: ServerConfig): string[] {
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
function installResponseHeaders(app: FastifyInstance, config: ServerConfig): void {
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

function installNotFound(app: FastifyInstance, config: ServerConfig, page: IndexPage | undefined) {
  const apiPrefixes = apiPrefixesOf(config);
  app.setNotFoundHandler((request, reply) =>
    page !== undefined && wantsSpaFallback(request, apiPrefixes)
      ? page.send(request, reply)
      : sendNotFound(reply),
  );
}

/** The captcha verifier of signup and of logins past the account's failure threshold. */
function createCaptcha(
  app: FastifyInstance,
  options: BuildAppOptions,
  signer: Signer,
  now: () => Date,
): CaptchaVerifier {
  const { config } = options;
  return createCaptchaVerifier({
    siteKey: config.thirdParty.reCaptchaSiteKey,
    secretKey: config.thirdPartySecrets.reCaptchaSecretKey,
    production: config.production,
    signer,
    now,
    fetch: options.fetch ?? globalThis.fetch,
    log: app.log,
  });
}

function createIdentityDeps(
  app: FastifyInstance,
  options: BuildAppOptions,
  sessions: SessionDeps,
  signer: Signer,
  devCodes: DevOAuthCodes,
  windows: SharedWindows,
): IdentityDeps {
  const now = sessions.now;
  const { config, db } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return {
    ...sessions,
    settings: {
      minimumPasswordLength: config.minimumPasswordLength,
      signupRequiresActivation: config.signupRequiresActivation,
      siteUrl: config.siteUrl,
      production: config.production,
      passwordResetAnswerMs: options.passwordResetAnswerMs ?? PASSWORD_RESET_ANSWER_MS,
    },
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.links.defaultFromEmailAddress,
        production: config.production,
        db,
        now,
        log: app.log,
      }),
    signer,
    limits: createIdentityLimits(config.identityRateLimit, now, windows),
    google: createGoogleSignIn({
      clientId: config.thirdParty.googleClientId,
      clientSecret: config.thirdPartySecrets.googleClientSecret,
      production: config.production,
      now,
      fetch: fetchImpl,
      ...(options.googleKeys !== undefined ? { jwks: options.googleKeys } : {}),
      devCodes,
      log: app.log,
    }),
    log: app.log,
  };
}

/** The outbox and the third-party stand-ins: never in production. */
function registerDevRoutes(
  app: FastifyInstance,
  config: ServerConfig,
  identity: IdentityDeps,
  devCodes: DevOAuthCodes,
): void {
  if (config.production) return;
  app.register(devMailRoutes(identity), { prefix: config.apiBasePath });
  if (identity.captcha.mode === 'standIn') {
    app.register(devCaptchaRoutes(identity), { prefix: config.apiBasePath });
  }
  if (identity.google.mode === 'standIn') {
    app.register(devConsentRoutes(identity, devCodes), { prefix: config.apiBasePath });
  }
}

/**
 * The payments calls through the billing adapter (server/billing): Stripe's webhook when its keys
 * are set; the stand-in's pages outside production without them. The stand-in's changes reach
 * the tenant through the domain's event path, as Stripe's webhook deliveries do.
 */
function registerPayments(
  app: FastifyInstance,
  config: ServerConfig,
  domain: DomainContext,
  billing: Billing,
) {
  const payments: PaymentsDeps = {
    db: domain.db,
    now: domain.now,
    billing: billing.provider,
    siteUrl: config.siteUrl,
    log: app.log,
  };
  app.register(paymentRoutes(payments), { prefix: config.apiBasePath });
  if (billing.mode === 'stripe') {
    app.register(stripeWebhookRoutes(payments, billing.provider), { prefix: config.apiBasePath });
  } else if (billing.mode === 'standIn' && !config.production) {
    const standIn = billing.provider;
    standIn.listener = async (event) => {
      await applyBillingEvent(payments, event);
    };
    app.addHook('onReady', () => standIn.ensurePromotionCodes());
    app.register(standInRoutes(standIn, config.siteUrl), { prefix: config.apiBasePath });
  } else if (config.production) {
    app.log.warn('STRIPE_SECRET_KEY is not set: the payments calls answer 503.');
  }
}

/**
 * Fastify's timeouts (Fastify leaves them off): a request's headers must arrive within
 * headersSeconds and the whole request within requestSeconds (Node answers 408 and closes the
 * connection: what ends a request trickled a byte at a time), a connection may stay silent
 * connectionSeconds while a request is under way, and an idle kept-alive connection is closed
 * after keepAliveSeconds. Node checks the first two every connectionsCheckingInterval, so that
 * interval is a fraction of the shorter.
 */
function serverTimeouts(timeouts: HttpTimeoutsConfig) {
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

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
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

  const accessTokens = createAccessTokens(
    () => resolveJwtSecret(db, config.jwtSecret),
    config.jwtTtlSeconds,
  );
  const domain: DomainContext = {
    db,
    now,
    sessions: {
      jwtTtlSeconds: config.jwtTtlSeconds,
      refreshTtlSeconds: config.refreshTtlSeconds,
      refreshGraceSeconds: config.refreshGraceSeconds,
      impersonationTtlSeconds: config.impersonationTtlSeconds,
    },
  };
  const signer = createDatabaseSigner(db);
  const windows = new SharedWindows(db);
  const sessions: SessionDeps = {
    ...domain,
    accessTokens,
    throttle: new LoginThrottle(config.loginRateLimit, now, windows),
    captcha: createCaptcha(app, options, signer, now),
  };
  const liveSessions = new LiveSessionCache((sessionId) => isSessionLive(db, sessionId), now);
  const authenticate = createAuthenticate(accessTokens, now, (sessionId) =>
    liveSessions.isLive(sessionId),
  );
  const cookie = {
    apiBasePath: config.apiBasePath,
    secure: config.cookieSecure,
    siteOrigin: new URL(config.siteUrl).origin,
  };
  const site = findStaticSite(config.staticDir, { production: config.production });
  const devCodes = new DevOAuthCodes(now);
  const identity = createIdentityDeps(app, options, sessions, signer, devCodes, windows);

  const mediaApiKey = once(() =>
    resolveMediaApiKey(db, config.thirdParty.mediaServiceClientApiKey),
  );
  const mediaLimits = config.mediaLimits;
  const media = new MediaService({
    root: options.mediaDir ?? config.mediaDir,
    publicBaseUrl: config.thirdParty.mediaServiceApiBaseUrl,
    apiKey: mediaApiKey,
    now,
    imageWork:
      options.mediaImageWork ??
      new WorkQueue({
        concurrency: mediaLimits.imageConcurrency,
        maxWaiting: mediaLimits.imageQueueLength,
      }),
  });
  const pendingTtlMs = config.mediaPendingTtlHours * 60 * 60 * 1000;
  const pendingSweeper = new PendingSweeper({
    sweep: () => media.sweepPending(pendingTtlMs),
    intervalMs: options.mediaSweepIntervalMs ?? pendingSweepIntervalMs(pendingTtlMs),
    onSwept: (swept) => app.log.info({ swept }, 'expired pending uploads deleted'),
    onError: (error) => app.log.error({ err: error }, 'sweeping pending uploads failed'),
  });
  const feedPages =
    options.feedPages ?? new FeedPages<FeedPost>({ maxPagesPerOrder: config.feedPageMemory });
  const posts = { ...domain, media, feedPages };
  const avatars = { ...domain, media, feedPages, pendingTtlMs, log: app.log };
  const notices =
    options.notices ??
    (config.databaseUrl === undefined
      ? undefined
      : new PostgresNotices({ connectionString: config.databaseUrl, log: app.log }));
  if (notices !== undefined) {
    feedPages.follow(notices);
    liveSessions.follow(notices);
    app.addHook('onReady', () => notices.start());
    app.addHook('onClose', () => notices.stop());
  }
  const databaseMonitor = new DatabaseMonitor({
    probe: databaseProbe(db),
    intervalMs: DATABASE_PROBE_INTERVAL_MS,
    maxFailures: DATABASE_PROBE_FAILURES,
    timeoutMs: DATABASE_PROBE_TIMEOUT_MS,
    ...options.databaseHealth,
    log: app.log,
  });

  installJsonParser(app);
  installResponseHeaders(app, config);
  installApiCompression(app, apiPrefixesOf(config));
  installAddressLimits(app, config, now, windows);
  app.setErrorHandler(
    createErrorHandler({ onDatabaseUnavailable: (error) => databaseMonitor.reportFailure(error) }),
  );
  installRetryAfter(app);
  app.addHook('onReady', () => accessTokens.warmUp());
  app.addHook('onReady', async () => {
    await mediaApiKey();
    const swept = await media.start(pendingTtlMs);
    if (swept > 0) app.log.info({ swept }, 'expired pending uploads deleted');
    pendingSweeper.start();
  });
  app.addHook('onClose', () => pendingSweeper.stop());
  if (options.databaseHealth?.onUnusable !== undefined) {
    app.addHook('onReady', async () => databaseMonitor.start());
  }
  app.addHook('onClose', () => databaseMonitor.stop());

  app.register(fastifyCookie);
  const configurationAnswer = async () => configurationAnswerOf(config, await mediaApiKey());
  app.register(configurationRoutes(configurationAnswer));
  app.decorate('routeAuth', {
    authenticate,
    scopeAt: (principal, level) => scopeAt(db, principal, level),
    messageSettings: { minimumPasswordLength: config.minimumPasswordLength },
  } satisfies RouteAuth);
  app.register(healthRoutes(databaseMonitor), { prefix: config.apiBasePath });
  app.register(authRoutes({ sessions, cookie }), { prefix: config.apiBasePath });
  app.register(
    tenantRoutes({ domain, organisations: { ...domain, media, pendingTtlMs, log: app.log } }),
    { prefix: config.apiBasePath },
  );
  app.register(topicRoutes({ domain }), { prefix: config.apiBasePath });
  app.register(referenceListRoutes({ domain }), { prefix: config.apiBasePath });
  app.register(adminRoutes(domain), { prefix: config.apiBasePath });
  app.register(postRoutes({ posts }), { prefix: config.apiBasePath });
  app.register(dropRoutes({ drops: posts }), { prefix: config.apiBasePath });
  app.register(dashboardRoutes({ domain }), { prefix: config.apiBasePath });
  app.register(avatarRoutes({ avatars }), { prefix: config.apiBasePath });
  app.register(mediaServicePlugin({ media }), { prefix: config.mediaServicePath });
  app.register(identityRoutes({ identity, cookie }), { prefix: config.apiBasePath });
  // The payments calls' provider; an owner's account deletion deletes the customer there too.
  const billing = createBilling({
    stripe: config.stripe,
    production: config.production,
    db: domain.db,
    now: domain.now,
    apiBaseUrl: config.apiBaseUrl,
  });
  const account = {
    ...identity,
    media,
    feedPages,
    accountLimits: createAccountLimits(config.accountRateLimit, now, windows),
    billing: billing.provider,
  };
  app.register(accountRoutes({ account, cookie }), { prefix: config.apiBasePath });
  app.register(recordRoutes({ records: account }), { prefix: config.apiBasePath });
  const team = {
    ...identity,
    invitationExpiryDays: config.userInvitationExpiryDays,
    invitationMailLimits: new InvitationMailLimits(config.invitationMailLimit, now, windows),
  };
  app.register(teamRoutes({ team, cookie }), { prefix: config.apiBasePath });
  registerPayments(app, config, domain, billing);
  registerDevRoutes(app, config, identity, devCodes);
  // index.html carries GET /api/configuration's answer (server/http/indexPage.ts).
  const page = site === undefined ? undefined : serveStaticSite(app, site, configurationAnswer);
  installNotFound(app, config, page);
  return app;
}
