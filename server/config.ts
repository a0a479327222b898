/**
 * Server configuration read from the environment, with defaults for a local demo.
 *
 * Environment variables (an area's own settings are documented in its settings.ts, e.g.
 * server/features/account/settings.ts and server/features/team/settings.ts):
 *
 * - PORT                            HTTP port (default 3000).
 * - HOST                            Interface to listen on (default 'localhost'; set '0.0.0.0' to
 *                                   listen on every interface, e.g. in a container).
 * - NODE_ENV                        'production' turns the Secure cookie flag on by default and
 *                                   removes the development outbox and third-party stand-ins
 *                                   (which let anyone sign in): required on any server reachable
 *                                   from other machines.
 * - SEED_DEMO                       '1' / 'true': seed the demo tenants and users (whose password is
 *                                   published), posts and drops into an empty database. Default on
 *                                   outside production and off under NODE_ENV=production, where the
 *                                   first host is made with `npm run create-host -- EMAIL`.
 * - LOG_LEVEL                       Server log level: fatal, error, warn, info, debug, trace or
 *                                   silent (default 'warn'; 'info' also logs every request).
 * - DEV_MODE                        '1' / 'true' relaxes the Content-Security-Policy (websockets
 *                                   for Vite's hot module replacement, the Stately inspector) and
 *                                   the Cross-Origin-Opener-Policy (dev only; set by npm run dev).
 * - TRUST_PROXY                     '1' / 'true' trusts X-Forwarded-For (set only behind a reverse
 *                                   proxy); the client address is used by the login rate limit.
 * - DATA_DIR                        PGlite data directory (default '.data'); unused with DATABASE_URL.
 *                                   Uploaded media are kept under DATA_DIR/media (pending/ and
 *                                   files/) in either case.
 * - DATABASE_PROBE_INTERVAL_SECONDS  How often the running server probes its database (a query, and a
 *                                   write in DATA_DIR with PGlite; default 10). After 3 failed probes
 *                                   in a row it drains its requests and exits with code 1, for its
 *                                   supervisor to restart it; GET {API}/health probes at once.
 * - DATABASE_URL                    PostgreSQL connection string; when set, node-postgres is used
 *                                   instead of the embedded PGlite. Several server processes may
 *                                   share one: the rate limits count in it, and each process follows
 *                                   the others' writes (LISTEN/NOTIFY) before using its memory. A
 *                                   lost connection is logged and replaced (server/db/database.ts);
 *                                   requests meanwhile answer 503 with Retry-After.
 * - REDIS_URL                       Redis connection URL (ioredis, e.g. 'redis://host:6379'): the
 *                                   per-client-address limits count there (@fastify/rate-limit's
 *                                   Redis store, on Redis's clock) instead of in the database. A
 *                                   request whose limit cannot be read from Redis fails (500).
 * - JWT_SECRET                      Access-token signing secret (at least 32 characters). When unset,
 *                                   a random secret is generated on first start and kept in the
 *                                   database (table server_secrets) so restarts keep sessions valid.
 * - JWT_TTL_SECONDS                 Access-token lifetime in seconds (default 900).
 * - REFRESH_TTL_SECONDS             Absolute lifetime of a refresh-token family, counted from the
 *                                   login and never extended by rotation (default 2592000 = 30 days).
 * - REFRESH_GRACE_SECONDS           A refresh token presented again this soon after it was rotated
 *                                   (two tabs refreshing at once) gets the same new session as the
 *                                   first use instead of revoking its family (default 10; 0: never).
 *                                   Later, or once that new token was itself used, it still revokes
 *                                   the family (reuse detection).
 * - IMPERSONATION_SESSION_MINUTES   Absolute lifetime of an impersonation (auth/impersonate) in
 *                                   minutes, never extended by refreshes and never beyond the
 *                                   host's own session (default 60).
 * - API_BASE_URL                    Base of the API calls, announced in the configuration
 *                                   (default '/api'); the server mounts the API under its path.
 * - APP_CLIENT_VERSION              Client version sent as `x-client-version` on every response and
 *                                   as appClientVersion in the configuration (default '1.0.1').
 * - MINIMUM_PASSWORD_LENGTH         Minimum password length (default 6).
 * - USER_INVITATION_EXPIRY_DAYS     Days before a user invitation expires (default 7).
 * - RECAPTCHA_SITE_KEY              Captcha site key (default empty: captcha disabled).
 * - GOOGLE_CLIENT_ID                Third-party sign-in client id (default empty).
 * - TAG_MANAGER_ID                  Analytics tag manager id (default empty).
 * - SESSION_RECORDING_APP_ID        Session-recording app id (default empty).
 * - MEDIA_SERVICE_API_BASE_URL      Base URL of the media service, announced in the configuration
 *                                   (default '/media', or '{origin}/media' when API_BASE_URL is an
 *                                   absolute URL). This server hosts the media service itself
 *                                   (server/media) and mounts it under the path of this URL
 *                                   ('/media' when the URL has no path).
 * - MEDIA_SERVICE_CLIENT_API_KEY    The API key clients send to the media service in the x-api-key
 *                                   header (announced in the configuration). When unset, a random
 *                                   key is generated on first start and kept in the database
 *                                   (table server_secrets), like the JWT secret.
 * - FEED_PAGE_MEMORY                Feed pages kept in memory per sort order (default 1000; 0: every
 *                                   feedList request reads the database). The feed is the same for
 *                                   every reader; a page is forgotten when any post changes, when a
 *                                   scheduled post becomes visible, and after 60 s.
 * - MEDIA_PENDING_TTL_HOURS         Pending (unconfirmed) uploads older than this are deleted at
 *                                   start and by a sweep while the server runs, every quarter of
 *                                   this time, between 1 minute and 1 hour (default 24: hourly).
 * - MEDIA_IMAGE_CONCURRENCY         Uploaded images decoded and re-encoded at once by the media
 *                                   service (default: the number of CPUs, at most 3, leaving one of
 *                                   libuv's 4 default threads to file reads and writes; raise
 *                                   UV_THREADPOOL_SIZE with it).
 * - MEDIA_IMAGE_QUEUE_LENGTH        Uploads that may wait for a free image slot (default 8; 0: none).
 *                                   Beyond, UploadPending answers 503 with Retry-After.
 * - MEDIA_UPLOAD_RATE_LIMIT_ADDRESS Uploads (UploadPending) allowed per client address per window
 *                                   (default 60); beyond, 429 with Retry-After.
 * - MEDIA_UPLOAD_RATE_LIMIT_WINDOW_SECONDS  Length of the upload rate-limit window (default 300).
 * - SUPPORT_URL                     Support page (default 'https://givedrop.example/support').
 * - SUPPORT_EMAIL_ADDRESS           Support address (default 'support@givedrop.example').
 * - TERMS_URL                       Terms of service (default 'https://givedrop.example/terms').
 * - PRIVACY_POLICY_URL              Privacy policy (default 'https://givedrop.example/privacy').
 * - DEFAULT_FROM_EMAIL_ADDRESS      Sender of outgoing mail (default 'no-reply@givedrop.example').
 * - COOKIE_SECURE                   Secure flag of the refresh cookie ('1'/'true' or '0'/'false';
 *                                   default on when NODE_ENV=production, off otherwise).
 * - STATIC_DIR                      Directory of the built SPA, served when it exists (default 'dist'),
 *                                   with the brotli / gzip copies the build writes next to its files.
 * - LOGIN_RATE_LIMIT_ACCOUNT        Failed logins of an account (from every address) per window
 *                                   before its logins must carry a valid captcha token (default 5;
 *                                   the right password is never refused for others' failures).
 * - LOGIN_RATE_LIMIT_ACCOUNT_ADDRESS  Failed logins of an account from one client address per
 *                                   window before that address gets 429 for it (default 10).
 * - LOGIN_RATE_LIMIT_ADDRESS        Failed logins allowed per client address per window, any
 *                                   accounts (default 50); beyond, 429 with Retry-After.
 * - LOGIN_RATE_LIMIT_WINDOW_SECONDS Length of the login rate-limit window in seconds (default 900).
 *                                   Client addresses: an IPv6 address counts by its /64 prefix, for
 *                                   every per-address limit (login, identity, invitations, uploads).
 * - SIGNUP_REQUIRES_ACTIVATION      '1' / 'true': a new account (signup with email) stays
 *                                   PendingActivation until the emailed activation link is opened,
 *                                   and signup answers no session (default off: the account is
 *                                   active at once and signup signs it in).
 * - SITE_URL                        Origin (and optional path) of the site the emailed links open
 *                                   (default 'http://localhost:{PORT}').
 * - SMTP_URL                        SMTP connection URL for outgoing mail, e.g.
 *                                   'smtps://user:password@smtp.example.com:465' (nodemailer). When
 *                                   unset, mail goes to the development outbox (GET /api/dev/mail
 *                                   and /api/dev/mail/page, absent in production; in production
 *                                   without SMTP_URL mail is dropped with a warning).
 * - RECAPTCHA_SECRET_KEY            reCAPTCHA v3 secret: captcha tokens are verified with Google's
 *                                   siteverify (score at least 0.5, action 'signup'). When unset and
 *                                   RECAPTCHA_SITE_KEY is empty, outside production the development
 *                                   stand-in's tokens are required (POST {API}/dev/captcha/token);
 *                                   outside production with a site key, tokens are accepted
 *                                   unverified, with a warning. Required under NODE_ENV=production
 *                                   unless CAPTCHA_OPT_OUT is set: the server refuses to start.
 * - CAPTCHA_OPT_OUT                 '1' / 'true': run in production without RECAPTCHA_SECRET_KEY,
 *                                   i.e. without a captcha (default off; ignored outside production).
 *                                   No token is accepted then: signup, Google signup and invitation
 *                                   acceptances do not ask for one, and an account with
 *                                   LOGIN_RATE_LIMIT_ACCOUNT failed logins is refused (429 with
 *                                   Retry-After) from every address, its right password too, until
 *                                   its LOGIN_RATE_LIMIT_WINDOW_SECONDS window ends.
 * - GOOGLE_CLIENT_SECRET            With GOOGLE_CLIENT_ID: Google sign-in codes are exchanged with
 *                                   Google and the id_token verified. With neither set, outside
 *                                   production, the development consent page stands in
 *                                   (GET {API}/dev/oauth/consent).
 * - IDENTITY_RATE_LIMIT_ADDRESS     Per client address and window: verification emails sent, wrong
 *                                   verification codes, password reset requests and unknown
 *                                   activation / confirmation / reset keys allowed (default 50).
 * - REQUEST_TIMEOUT_SECONDS         Longest time a client may take to send a whole request, body
 *                                   included (default 30: a 10 MB upload needs about 3 Mbit/s);
 *                                   beyond, the server answers 408 and closes the connection.
 * - HEADERS_TIMEOUT_SECONDS         Longest time a client may take to send a request's headers
 *                                   (default 10, at most REQUEST_TIMEOUT_SECONDS); beyond, 408 and
 *                                   the connection is closed. With the request timeout, this ends
 *                                   a request trickled a byte at a time, which the connection
 *                                   timeout below (silence) never does.
 * - CONNECTION_TIMEOUT_SECONDS      A connection on which nothing arrives for this long while a
 *                                   request is being received or handled is closed (default 30).
 * - KEEP_ALIVE_TIMEOUT_SECONDS      An idle kept-alive connection is closed after this long
 *                                   (default 72: longer than the 60 s idle timeout of common
 *                                   reverse proxies, so they never reuse a closed connection).
 * - MAX_CONNECTIONS                 Connections the server holds at once; beyond, a new one is
 *                                   closed as soon as accepted (default: the open-file limit,
 *                                   `ulimit -n`, less a tenth of it and at least 256 for the
 *                                   database and files; 800 when that limit cannot be read).
 * - MAX_CONNECTIONS_PER_ADDRESS     Connections one client address (IPv6: its /64) may hold at
 *                                   once; beyond, a new one is closed at once (default 256; 0: no
 *                                   cap). The address is the connection's own: behind a reverse
 *                                   proxy it is the proxy's, so with TRUST_PROXY the default is no
 *                                   cap and the proxy's limits per client apply.
 * - IDENTITY_RATE_LIMIT_WINDOW_SECONDS  Window of the identity rate limits (default 900). Per email
 *                                   address and window: 5 verification emails, 10 wrong codes,
 *                                   3 password reset requests.
 * - INVITATION_RATE_LIMIT_ADDRESS   Calls of the invitee by an invitation's key allowed per client
 *                                   address and window, whatever the key and the outcome
 *                                   (getUserByInvitationKey, acceptUserInvitation,
 *                                   acceptUserInvitationWithGoogle, declineUserInvitation; default
 *                                   60); beyond, 429 with Retry-After. Unknown keys also count
 *                                   against IDENTITY_RATE_LIMIT_ADDRESS.
 * - INVITATION_RATE_LIMIT_WINDOW_SECONDS  Window of the invitation rate limit (default 900).
 * - STRIPE_SECRET_KEY               Stripe secret key ('sk_live_…' / 'sk_test_…'): with the two below,
 *                                   subscriptions, checkout, invoices, promotion codes and the billing
 *                                   portal go through Stripe (the official SDK) and Stripe's webhook
 *                                   is received at POST {API}/stripe/webhook. Set all three or none.
 *                                   With none, outside production, the development billing stand-in
 *                                   of this server answers instead (checkout page with test cards,
 *                                   PDF invoices: README, Trying checkout in development); in
 *                                   production with none, the payments calls answer 503.
 * - STRIPE_WEBHOOK_SECRET           The webhook endpoint's signing secret ('whsec_…'): deliveries
 *                                   whose Stripe-Signature does not verify get 400.
 * - STRIPE_PRICE_ID                 The recurring price the checkout sells ('price_…').
 * - STRIPE_API_BASE                 Where the SDK sends its requests (default Stripe's API over
 *                                   HTTPS), e.g. 'http://127.0.0.1:12111' for stripe-mock or a local
 *                                   fake in tests.
 */
import { join } from 'node:path';
import { CLIENT_VERSION } from '../contract/enums';
import { defaultMaxConnections, openFileLimit } from './descriptors';
import { DEFAULT_IMAGE_QUEUE_LENGTH, defaultImageConcurrency } from './media/workQueue';
import {
  ConfigError,
  flag,
  optionalText,
  positiveInteger,
  text,
  wholeNumber,
  type Env,
} from './settings';

export { ConfigError, type Env };

export interface LoginRateLimitConfig {
  /** Failed logins of an account (from every address) before its logins need a captcha. */
  perAccount: number;
  /** Failed logins of an account from one client address before that address is refused. */
  perAccountAddress: number;
  /** Failed logins from one client address (any accounts) before it is refused. */
  perAddress: number;
  windowSeconds: number;
}

export interface ThirdPartyConfig {
  reCaptchaSiteKey: string;
  googleClientId: string;
  tagManagerId: string;
  sessionRecordingAppId: string;
  mediaServiceApiBaseUrl: string;
  mediaServiceClientApiKey: string;
}

/** Secrets of the third parties; never sent to the client. */
export interface ThirdPartySecrets {
  reCaptchaSecretKey: string;
  googleClientSecret: string;
}

/** How the media service bounds its image work and its uploads. */
export interface MediaLimitsConfig {
  /** MEDIA_IMAGE_CONCURRENCY: images decoded and re-encoded at once. */
  imageConcurrency: number;
  /** MEDIA_IMAGE_QUEUE_LENGTH: uploads waiting for a slot before 503. */
  imageQueueLength: number;
  /** Uploads allowed per client address and window before 429. */
  uploadsPerAddress: number;
  uploadWindowSeconds: number;
}

/** Limits of the identity calls (verification codes, password resets, emailed keys). */
export interface IdentityRateLimitConfig {
  /** Allowance per client address and window, for each kind of attempt. */
  perAddress: number;
  windowSeconds: number;
}

/** Limit of the invitee's calls by an invitation's key, per client address. */
export interface InvitationRateLimitConfig {
  /** Calls allowed per client address and window, whatever the key and the outcome. */
  perAddress: number;
  windowSeconds: number;
}

/** The card payment provider (Stripe); undefined when its keys are not set. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  apiBase: string | undefined;
}

/** How long the HTTP server waits for a client (Fastify's server options). */
export interface HttpTimeoutsConfig {
  requestSeconds: number;
  /** HEADERS_TIMEOUT_SECONDS: the request's headers must arrive within this (at most requestSeconds). */
  headersSeconds: number;
  connectionSeconds: number;
  keepAliveSeconds: number;
}

/** How many connections the HTTP server holds (server/http/connectionLimits.ts). */
export interface ConnectionLimitsConfig {
  /** MAX_CONNECTIONS: connections held at once, from every client. */
  maxConnections: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: connections held at once from one client address; 0: no cap. */
  perAddress: number;
}

export interface SiteLinksConfig {
  supportUrl: string;
  supportEmailAddress: string;
  termsUrl: string;
  privacyPolicyUrl: string;
  defaultFromEmailAddress: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  /** SEED_DEMO: seed the demo accounts and content (default: outside production only). */
  seedDemo: boolean;
  logLevel: LogLevel;
  devMode: boolean;
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** REDIS_URL: where the per-address limits count, instead of the database. */
  redisUrl: string | undefined;
  /** DATABASE_PROBE_INTERVAL_SECONDS, in milliseconds. */
  databaseProbeIntervalMs: number;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  refreshTtlSeconds: number;
  /** REFRESH_GRACE_SECONDS: how long a rotated refresh token still gets its successor. */
  refreshGraceSeconds: number;
  /** IMPERSONATION_SESSION_MINUTES in seconds: how long an impersonated session lives at most. */
  impersonationTtlSeconds: number;
  /** As announced to the client (may be an absolute URL). */
  apiBaseUrl: string;
  /** The path the API routes are mounted under, e.g. '/api'. */
  apiBasePath: string;
  /** The path the media service is mounted under: the path of mediaServiceApiBaseUrl ('/media'). */
  mediaServicePath: string;
  /** Where uploads are kept: `${dataDir}/media`. */
  mediaDir: string;
  /** Pending uploads older than this many hours are swept at start and periodically. */
  mediaPendingTtlHours: number;
  mediaLimits: MediaLimitsConfig;
  /** Feed pages kept in memory per sort order (FEED_PAGE_MEMORY; 0: none). */
  feedPageMemory: number;
  appClientVersion: string;
  minimumPasswordLength: number;
  userInvitationExpiryDays: number;
  thirdParty: ThirdPartyConfig;
  links: SiteLinksConfig;
  cookieSecure: boolean;
  staticDir: string;
  loginRateLimit: LoginRateLimitConfig;
  /** SIGNUP_REQUIRES_ACTIVATION */
  signupRequiresActivation: boolean;
  /** SITE_URL without a trailing slash: the base of emailed links. */
  siteUrl: string;
  smtpUrl: string | undefined;
  thirdPartySecrets: ThirdPartySecrets;
  /** CAPTCHA_OPT_OUT: production may run without a captcha secret (then without a captcha). */
  captchaOptOut: boolean;
  identityRateLimit: IdentityRateLimitConfig;
  invitationRateLimit: InvitationRateLimitConfig;
  httpTimeouts: HttpTimeoutsConfig;
  connectionLimits: ConnectionLimitsConfig;
  /** STRIPE_*: the real billing adapter; undefined for the stand-in (or none in production). */
  stripe: StripeConfig | undefined;
  /** The environment read, from which each area reads its own settings (server/area.ts). */
  env: Env;
}

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const MIN_JWT_SECRET_LENGTH = 32;
/**
 * Connections one client address may hold at once by default: a browser opens at most 6 to a
 * host, so this leaves room for some 40 browsers behind one NAT, and none for a host that would
 * open thousands.
 */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 256;

function logLevel(env: Env): LogLevel {
  const raw = text(env, 'LOG_LEVEL', 'warn').toLowerCase();
  const level = logLevels.find((candidate) => candidate === raw);
  if (level === undefined)
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}.`);
  return level;
}

function jwtSecret(env: Env): string | undefined {
  const secret = optionalText(env, 'JWT_SECRET');
  if (secret !== undefined && secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long.`);
  }
  return secret;
}

function apiBaseUrl(env: Env): string {
  return text(env, 'API_BASE_URL', '/api').replace(/\/+$/, '');
}

const isAbsoluteUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * The path a base URL (absolute, or a path) mounts routes under, e.g. '/api'. `name` is the
 * environment variable, for the error messages.
 */
function basePathOf(name: string, baseUrl: string, example: string): string {
  let path = baseUrl;
  if (isAbsoluteUrl(baseUrl)) {
    try {
      path = new URL(baseUrl).pathname;
    } catch {
      throw new ConfigError(`${name} is not a valid URL: '${baseUrl}'.`);
    }
  }
  const normalised = `/${path.replace(/^\/+|\/+$/g, '')}`;
  if (normalised === '/') throw new ConfigError(`${name} must have a path, e.g. ${example}.`);
  return normalised;
}

/** The path the API is mounted under: the path of API_BASE_URL (which may be an absolute URL). */
const apiBasePathOf = (baseUrl: string) => basePathOf('API_BASE_URL', baseUrl, '/api');

/** The default media service base: '/media' on the API's origin. */
const MEDIA_SERVICE_PATH = '/media';

function mediaServiceApiBaseUrl(env: Env, apiBase: string): string {
  const configured = optionalText(env, 'MEDIA_SERVICE_API_BASE_URL');
  if (configured !== undefined) return configured.replace(/\/+$/, '');
  return isAbsoluteUrl(apiBase)
    ? `${new URL(apiBase).origin}${MEDIA_SERVICE_PATH}`
    : MEDIA_SERVICE_PATH;
}

/**
 * Where this server mounts its media service: the path of MEDIA_SERVICE_API_BASE_URL, or
 * '/media' when that URL has none (a media service of its own origin, e.g. https://media.example).
 */
function mediaServicePathOf(baseUrl: string): string {
  const name = 'MEDIA_SERVICE_API_BASE_URL';
  if (isAbsoluteUrl(baseUrl) && /^https?:\/\/[^/]+\/*$/i.test(baseUrl)) return MEDIA_SERVICE_PATH;
  return basePathOf(name, baseUrl, MEDIA_SERVICE_PATH);
}

function thirdParty(env: Env, apiBase: string): ThirdPartyConfig {
  return {
    reCaptchaSiteKey: text(env, 'RECAPTCHA_SITE_KEY', ''),
    googleClientId: text(env, 'GOOGLE_CLIENT_ID', ''),
    tagManagerId: text(env, 'TAG_MANAGER_ID', ''),
    sessionRecordingAppId: text(env, 'SESSION_RECORDING_APP_ID', ''),
    mediaServiceApiBaseUrl: mediaServiceApiBaseUrl(env, apiBase),
    mediaServiceClientApiKey: text(env, 'MEDIA_SERVICE_CLIENT_API_KEY', ''),
  };
}

function links(env: Env): SiteLinksConfig {
  return {
    supportUrl: text(env, 'SUPPORT_URL', 'https://givedrop.example/support'),
    supportEmailAddress: text(env, 'SUPPORT_EMAIL_ADDRESS', 'support@givedrop.example'),
    termsUrl: text(env, 'TERMS_URL', 'https://givedrop.example/terms'),
    privacyPolicyUrl: text(env, 'PRIVACY_POLICY_URL', 'https://givedrop.example/privacy'),
    defaultFromEmailAddress: text(env, 'DEFAULT_FROM_EMAIL_ADDRESS', 'no-reply@givedrop.example'),
  };
}

function siteUrl(env: Env, port: number): string {
  const raw = text(env, 'SITE_URL', `http://localhost:${port}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SITE_URL is not a valid URL: '${raw}'.`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search !== '' || url.hash !== '') {
    throw new ConfigError(`SITE_URL must be an http(s) URL without query or fragment: '${raw}'.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function smtpUrl(env: Env): string | undefined {
  const raw = optionalText(env, 'SMTP_URL');
  if (raw !== undefined && !/^smtps?:\/\//i.test(raw)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
  }
  return raw;
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;

/**
 * CAPTCHA_OPT_OUT, checked: in production a captcha secret is required unless the opt-out is set
 * (a token no one can verify would otherwise be taken for a human's).
 */
function captchaOptOut(env: Env, production: boolean): boolean {
  const optOut = flag(env, 'CAPTCHA_OPT_OUT', false);
  if (production && optionalText(env, 'RECAPTCHA_SECRET_KEY') === undefined && !optOut) {
    throw new ConfigError(
      'NODE_ENV=production needs RECAPTCHA_SECRET_KEY (with RECAPTCHA_SITE_KEY) to verify captcha ' +
        'tokens; set CAPTCHA_OPT_OUT=1 to run without a captcha (logins of an account past ' +
        'LOGIN_RATE_LIMIT_ACCOUNT failures are then refused until its window ends).',
    );
  }
  return optOut;
}

function stripe(env: Env): StripeConfig | undefined {
  const [secretKey, webhookSecret, priceId] = STRIPE_KEYS.map((name) => optionalText(env, name));
  const apiBase = optionalText(env, 'STRIPE_API_BASE');
  if (apiBase !== undefined && !/^https?:\/\/[^/]+\/?$/i.test(apiBase)) {
    throw new ConfigError(`STRIPE_API_BASE must be an http(s) origin, got '${apiBase}'.`);
  }
  if (secretKey === undefined && webhookSecret === undefined && priceId === undefined) {
    return undefined;
  }
  if (secretKey === undefined || webhookSecret === undefined || priceId === undefined) {
    const missing = STRIPE_KEYS.filter((name) => optionalText(env, name) === undefined);
    throw new ConfigError(
      `Set ${missing.join(' and ')} with the other Stripe keys (or none of them).`,
    );
  }
  return { secretKey, webhookSecret, priceId, apiBase };
}

/**
 * MAX_CONNECTIONS defaults to the open-file limit less a headroom (server/descriptors.ts).
 * MAX_CONNECTIONS_PER_ADDRESS defaults to {@link DEFAULT_CONNECTIONS_PER_ADDRESS}, and to no cap
 * behind a reverse proxy (TRUST_PROXY), where every connection comes from the proxy's address.
 */
function connectionLimits(env: Env): ConnectionLimitsConfig {
  const behindProxy = flag(env, 'TRUST_PROXY', false);
  return {
    maxConnections: positiveInteger(env, 'MAX_CONNECTIONS', defaultMaxConnections(openFileLimit())),
    perAddress: wholeNumber(
      env,
      'MAX_CONNECTIONS_PER_ADDRESS',
      behindProxy ? 0 : DEFAULT_CONNECTIONS_PER_ADDRESS,
    ),
  };
}

/** Reads the configuration from `env`; throws {@link ConfigError} on a malformed value. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const production = text(env, 'NODE_ENV', 'development') === 'production';
  const port = positiveInteger(env, 'PORT', 3000);
  const baseUrl = apiBaseUrl(env);
  if (port > 65_535) throw new ConfigError(`PORT must be at most 65535, got ${port}.`);
  const dataDir = text(env, 'DATA_DIR', '.data');
  const media = thirdParty(env, baseUrl);
  const apiBasePath = apiBasePathOf(baseUrl);
  const mediaServicePath = mediaServicePathOf(media.mediaServiceApiBaseUrl);
  if (mediaServicePath === apiBasePath) {
    throw new ConfigError('MEDIA_SERVICE_API_BASE_URL must have a path of its own, e.g. /media.');
  }
  return {
    port,
    host: text(env, 'HOST', 'localhost'),
    production,
    seedDemo: flag(env, 'SEED_DEMO', !production),
    logLevel: logLevel(env),
    devMode: flag(env, 'DEV_MODE', false),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    dataDir,
    databaseUrl: optionalText(env, 'DATABASE_URL'),
    redisUrl: optionalText(env, 'REDIS_URL'),
    databaseProbeIntervalMs: positiveInteger(env, 'DATABASE_PROBE_INTERVAL_SECONDS', 10) * 1000,
    jwtSecret: jwtSecret(env),
    jwtTtlSeconds: positiveInteger(env, 'JWT_TTL_SECONDS', 900),
    refreshTtlSeconds: positiveInteger(env, 'REFRESH_TTL_SECONDS', 30 * 24 * 60 * 60),
    refreshGraceSeconds: wholeNumber(env, 'REFRESH_GRACE_SECONDS', 10),
    impersonationTtlSeconds: positiveInteger(env, 'IMPERSONATION_SESSION_MINUTES', 60) * 60,
    apiBaseUrl: baseUrl,
    apiBasePath,
    mediaServicePath,
    mediaDir: join(dataDir, 'media'),
    mediaPendingTtlHours: positiveInteger(env, 'MEDIA_PENDING_TTL_HOURS', 24),
    mediaLimits: {
      imageConcurrency: positiveInteger(env, 'MEDIA_IMAGE_CONCURRENCY', defaultImageConcurrency()),
      imageQueueLength: wholeNumber(env, 'MEDIA_IMAGE_QUEUE_LENGTH', DEFAULT_IMAGE_QUEUE_LENGTH),
      uploadsPerAddress: positiveInteger(env, 'MEDIA_UPLOAD_RATE_LIMIT_ADDRESS', 60),
      uploadWindowSeconds: positiveInteger(env, 'MEDIA_UPLOAD_RATE_LIMIT_WINDOW_SECONDS', 300),
    },
    feedPageMemory: wholeNumber(env, 'FEED_PAGE_MEMORY', 1000),
    appClientVersion: text(env, 'APP_CLIENT_VERSION', CLIENT_VERSION),
    minimumPasswordLength: positiveInteger(env, 'MINIMUM_PASSWORD_LENGTH', 6),
    userInvitationExpiryDays: positiveInteger(env, 'USER_INVITATION_EXPIRY_DAYS', 7),
    thirdParty: media,
    links: links(env),
    cookieSecure: flag(env, 'COOKIE_SECURE', production),
    // Set but empty: serve the API only (npm run dev serves the SPA through Vite).
    staticDir: env.STATIC_DIR === '' ? '' : text(env, 'STATIC_DIR', 'dist'),
    loginRateLimit: {
      perAccount: positiveInteger(env, 'LOGIN_RATE_LIMIT_ACCOUNT', 5),
      perAccountAddress: positiveInteger(env, 'LOGIN_RATE_LIMIT_ACCOUNT_ADDRESS', 10),
      perAddress: positiveInteger(env, 'LOGIN_RATE_LIMIT_ADDRESS', 50),
      windowSeconds: positiveInteger(env, 'LOGIN_RATE_LIMIT_WINDOW_SECONDS', 900),
    },
    signupRequiresActivation: flag(env, 'SIGNUP_REQUIRES_ACTIVATION', false),
    siteUrl: siteUrl(env, port),
    smtpUrl: smtpUrl(env),
    thirdPartySecrets: {
      reCaptchaSecretKey: text(env, 'RECAPTCHA_SECRET_KEY', ''),
      googleClientSecret: text(env, 'GOOGLE_CLIENT_SECRET', ''),
    },
    captchaOptOut: captchaOptOut(env, production),
    identityRateLimit: {
      perAddress: positiveInteger(env, 'IDENTITY_RATE_LIMIT_ADDRESS', 50),
      windowSeconds: positiveInteger(env, 'IDENTITY_RATE_LIMIT_WINDOW_SECONDS', 900),
    },
    invitationRateLimit: {
      perAddress: positiveInteger(env, 'INVITATION_RATE_LIMIT_ADDRESS', 60),
      windowSeconds: positiveInteger(env, 'INVITATION_RATE_LIMIT_WINDOW_SECONDS', 900),
    },
    httpTimeouts: {
      requestSeconds: positiveInteger(env, 'REQUEST_TIMEOUT_SECONDS', 30),
      headersSeconds: positiveInteger(env, 'HEADERS_TIMEOUT_SECONDS', 10),
      connectionSeconds: positiveInteger(env, 'CONNECTION_TIMEOUT_SECONDS', 30),
      keepAliveSeconds: positiveInteger(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 72),
    },
    connectionLimits: connectionLimits(env),
    stripe: stripe(env),
    env,
  };
}
