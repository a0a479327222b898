/**
 * The infrastructure every area shares, built once per app: the database and clock, the access
 * tokens and sessions, the identity services (mailer, captcha, Google sign-in), the media service,
 * the feed's pages, billing, and the database monitor. Its lifecycle hooks (notices, the pending
 * upload sweep, the monitor) are added here; the areas (server/areas.ts) receive it as `core`.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { FeedPost } from '../contract/posts';
import { createBilling, type Billing } from './billing';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import {
  DATABASE_PROBE_FAILURES,
  DATABASE_PROBE_INTERVAL_MS,
  DATABASE_PROBE_TIMEOUT_MS,
  databaseProbe,
  DatabaseMonitor,
  type DatabaseMonitorOptions,
} from './db/health';
import { PostgresNotices, type ChangeNotices } from './db/notices';
import { SharedWindows } from './db/sharedWindows';
import { createAccessTokens, type AccessTokens } from './domain/accessTokens';
import type { DomainContext } from './domain/context';
import { resolveJwtSecret } from './domain/secrets';
import { createDatabaseSigner, type Signer } from './domain/signing';
import { LiveSessionCache } from './features/auth/liveSessions';
import { LoginThrottle } from './features/auth/loginThrottle';
import { isSessionLive } from './features/auth/refreshTokens';
import type { SessionDeps } from './features/auth/sessions';
import { configurationAnswerOf } from './features/configuration/routes';
import type { IdentityDeps } from './features/identity/identityContext';
import { createIdentityLimits } from './features/identity/rateLimits';
import { FeedPages } from './features/posts/feedPages';
import { createMailer, type Mailer } from './mail/mailer';
import { MediaService, once, resolveMediaApiKey } from './media/service';
import { PendingSweeper, pendingSweepIntervalMs } from './media/sweeper';
import { WorkQueue } from './media/workQueue';
import { createCaptchaVerifier } from './thirdParty/captcha';
import { DevOAuthCodes } from './thirdParty/devOAuthCodes';
import { createGoogleSignIn } from './thirdParty/google';

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
  /** The billing adapter (default from the Stripe keys; tests pass a stand-in they listen to). */
  billing?: Billing;
}

/** What every area may use; an area builds what only it needs (its limits) from its settings. */
export interface Core {
  config: ServerConfig;
  log: FastifyBaseLogger;
  domain: DomainContext;
  accessTokens: AccessTokens;
  liveSessions: LiveSessionCache;
  sessions: SessionDeps;
  identity: IdentityDeps;
  /** The refresh cookie's attributes. */
  cookie: { apiBasePath: string; secure: boolean; siteOrigin: string };
  /** The shared rate-limit windows (counted in the database). */
  windows: SharedWindows;
  devCodes: DevOAuthCodes;
  media: MediaService;
  mediaApiKey: () => Promise<string>;
  /** Pending uploads older than this are swept. */
  pendingTtlMs: number;
  feedPages: FeedPages<FeedPost>;
  /** The payments calls' provider (server/billing): Stripe, the stand-in, or none. */
  billing: Billing;
  databaseMonitor: DatabaseMonitor;
  /** GET /api/configuration's answer (also carried by index.html). */
  configurationAnswer: () => Promise<ReturnType<typeof configurationAnswerOf>>;
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

/** The sessions: access tokens, the login throttle and the captcha of signup and logins. */
function createSessions(
  app: FastifyInstance,
  options: BuildAppOptions,
  domain: DomainContext,
  signer: Signer,
  windows: SharedWindows,
): SessionDeps {
  const { config, db } = options;
  return {
    ...domain,
    accessTokens: createAccessTokens(
      () => resolveJwtSecret(db, config.jwtSecret),
      config.jwtTtlSeconds,
    ),
    throttle: new LoginThrottle(config.loginRateLimit, domain.now, windows),
    captcha: createCaptchaVerifier({
      siteKey: config.thirdParty.reCaptchaSiteKey,
      secretKey: config.thirdPartySecrets.reCaptchaSecretKey,
      production: config.production,
      signer,
      now: domain.now,
      fetch: options.fetch ?? globalThis.fetch,
      log: app.log,
    }),
  };
}

/** The media service and its sweep of expired pending uploads (started once ready). */
function createMedia(app: FastifyInstance, options: BuildAppOptions, now: () => Date) {
  const { config, db } = options;
  const mediaApiKey = once(() =>
    resolveMediaApiKey(db, config.thirdParty.mediaServiceClientApiKey),
  );
  const media = new MediaService({
    root: options.mediaDir ?? config.mediaDir,
    publicBaseUrl: config.thirdParty.mediaServiceApiBaseUrl,
    apiKey: mediaApiKey,
    now,
    imageWork:
      options.mediaImageWork ??
      new WorkQueue({
        concurrency: config.mediaLimits.imageConcurrency,
        maxWaiting: config.mediaLimits.imageQueueLength,
      }),
  });
  const pendingTtlMs = config.mediaPendingTtlHours * 60 * 60 * 1000;
  const pendingSweeper = new PendingSweeper({
    sweep: () => media.sweepPending(pendingTtlMs),
    intervalMs: options.mediaSweepIntervalMs ?? pendingSweepIntervalMs(pendingTtlMs),
    onSwept: (swept) => app.log.info({ swept }, 'expired pending uploads deleted'),
    onError: (error) => app.log.error({ err: error }, 'sweeping pending uploads failed'),
  });
  return { media, mediaApiKey, pendingTtlMs, pendingSweeper };
}

/** Builds the core and adds its lifecycle hooks, in the order the app has always added them. */
export function buildCore(app: FastifyInstance, options: BuildAppOptions): Core {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
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
  const sessions = createSessions(app, options, domain, signer, windows);
  const liveSessions = new LiveSessionCache((sessionId) => isSessionLive(db, sessionId), now);
  const devCodes = new DevOAuthCodes(now);
  const identity = createIdentityDeps(app, options, sessions, signer, devCodes, windows);
  const { media, mediaApiKey, pendingTtlMs, pendingSweeper } = createMedia(app, options, now);
  const feedPages =
    options.feedPages ?? new FeedPages<FeedPost>({ maxPagesPerOrder: config.feedPageMemory });
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
  const accessTokens = sessions.accessTokens;
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
  return {
    config,
    log: app.log,
    domain,
    accessTokens,
    liveSessions,
    sessions,
    identity,
    cookie: {
      apiBasePath: config.apiBasePath,
      secure: config.cookieSecure,
      siteOrigin: new URL(config.siteUrl).origin,
    },
    windows,
    devCodes,
    media,
    mediaApiKey,
    pendingTtlMs,
    feedPages,
    billing:
      options.billing ??
      createBilling({
        stripe: config.stripe,
        production: config.production,
        db,
        now,
        apiBaseUrl: config.apiBaseUrl,
      }),
    databaseMonitor,
    configurationAnswer: async () => configurationAnswerOf(config, await mediaApiKey()),
  };
}
