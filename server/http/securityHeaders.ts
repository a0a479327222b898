import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers sent on every response, by @fastify/helmet (plus Permissions-Policy, which
 * helmet does not send). The SPA has no inline script, so scripts come only from the site itself,
 * plus Google's when its third parties are configured: reCAPTCHA v3 with RECAPTCHA_SITE_KEY,
 * Google Identity Services with GOOGLE_CLIENT_ID (whose popup also needs the opener policy
 * 'same-origin-allow-popups'); and Google Tag Manager with TAG_MANAGER_ID and LogRocket (the
 * session recorder) with SESSION_RECORDING_APP_ID, each with the endpoints it reports to, only
 * when configured.
 *
 * The SPA connects (fetch / XMLHttpRequest) only to the API and the media service: 'self' with
 * the default relative bases ('/api', '/media'), plus their origins when API_BASE_URL or
 * MEDIA_SERVICE_API_BASE_URL is an absolute URL elsewhere ({@link connectOriginsOf}), plus Google
 * Identity Services when configured. It opens no websocket: `ws:` / `wss:` are allowed in dev mode
 * only (Vite's hot module replacement), which also relaxes the opener policy and allows the
 * Stately inspector.
 */
export interface SecurityHeaderOptions {
  /**
   * Relax COOP and CSP for development: the Stately inspector (window.opener / postMessage to
   * stately.ai) and websockets (Vite's hot module replacement).
   */
  devMode: boolean;
  /** Served over HTTPS (Secure cookies): also send Strict-Transport-Security. */
  https: boolean;
  /** RECAPTCHA_SITE_KEY is set: allow the reCAPTCHA v3 script and frame. */
  recaptcha?: boolean;
  /** GOOGLE_CLIENT_ID is set: allow Google Identity Services' script, frame, style and popup. */
  googleSignIn?: boolean;
  /** TAG_MANAGER_ID is set: allow Google Tag Manager's script and its analytics endpoints. */
  tagManager?: boolean;
  /**
   * SESSION_RECORDING_APP_ID is set: allow LogRocket's script (its CDN), its ingest servers and
   * its blob: worker.
   */
  sessionRecording?: boolean;
  /**
   * Origins other than the site's own that the SPA calls: those of an absolute API_BASE_URL or
   * MEDIA_SERVICE_API_BASE_URL (see {@link connectOriginsOf}). Allowed in connect-src.
   */
  connectOrigins?: readonly string[];
}

/**
 * The origins of the configured bases that are absolute http(s) URLs (e.g. the configuration's
 * apiBaseUrl and mediaServiceApiBaseUrl), without duplicates; relative bases such as '/api' are
 * covered by 'self'.
 */
export function connectOriginsOf(...baseUrls: string[]): string[] {
  const origins = new Set<string>();
  for (const baseUrl of baseUrls) {
    if (!/^https?:\/\//i.test(baseUrl)) continue;
    try {
      origins.add(new URL(baseUrl).origin);
    } catch {
      // Not a URL: config.ts rejects such bases before they get here.
    }
  }
  return [...origins];
}

const STATELY = 'https://stately.ai';

/** Origins reCAPTCHA v3 needs (Google's CSP guidance for reCAPTCHA). */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};
/** Origins Google Identity Services needs (its CSP guidance). */
const GOOGLE_IDENTITY = {
  script: ['https://accounts.google.com/gsi/client'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
  style: ['https://accounts.google.com/gsi/style'],
};

/** Origins Google Tag Manager (with Google Analytics 4 tags) needs (Google's CSP guide). */
const TAG_MANAGER = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
};
/**
 * Origins LogRocket needs: the CDN its script is loaded from (src/services/thirdParty/
 * sessionRecording.ts) and its ingest servers (LogRocket's CSP guide); it records in a blob:
 * worker.
 */
const SESSION_RECORDING = {
  script: ['https://cdn.lr-ingest.com'],
  connect: [
    'https://*.lr-ingest.com',
    'https://*.lr-ingest.io',
    'https://*.lr-in.com',
    'https://*.lr-in-prod.com',
    'https://*.logr-in.com',
    'https://*.ingest-lr.com',
    'https://*.lgrckt-in.com',
  ],
  worker: ["'self'", 'blob:'],
};

/** The CSP directives, in the order they are sent. */
export function contentSecurityPolicyDirectives(
  options: SecurityHeaderOptions,
): Record<string, string[]> {
  const { devMode } = options;
  const recaptcha = options.recaptcha === true;
  const gis = options.googleSignIn === true;
  const gtm = options.tagManager === true;
  const recording = options.sessionRecording === true;
  const sources = (...lists: (string[] | false)[]) =>
    lists.flatMap((list) => (list === false ? [] : list));
  return {
    'default-src': ["'self'"],
    'script-src': sources(
      ["'self'"],
      recaptcha && RECAPTCHA.script,
      gis && GOOGLE_IDENTITY.script,
      gtm && TAG_MANAGER.script,
      recording && SESSION_RECORDING.script,
    ),
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'style-src': sources(["'self'", "'unsafe-inline'"], gis && GOOGLE_IDENTITY.style),
    'font-src': ["'self'", 'data:'],
    'connect-src': sources(
      ["'self'"],
      [...(options.connectOrigins ?? [])],
      devMode && ['ws:', 'wss:', STATELY],
      gis && GOOGLE_IDENTITY.connect,
      gtm && TAG_MANAGER.connect,
      recording && SESSION_RECORDING.connect,
    ),
    'frame-src': sources(
      ["'self'"],
      devMode && [STATELY],
      recaptcha && RECAPTCHA.frame,
      gis && GOOGLE_IDENTITY.frame,
    ),
    // Only with the recorder: otherwise workers fall back to script-src ('self').
    ...(recording ? { 'worker-src': SESSION_RECORDING.worker } : {}),
  };
}

function openerPolicy(options: SecurityHeaderOptions) {
  if (options.devMode) return 'unsafe-none';
  return options.googleSignIn === true ? 'same-origin-allow-popups' : 'same-origin';
}

/**
 * @fastify/helmet's options for these headers. Helmet's other defaults stay on
 * (Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection: 0); Strict-Transport-Security only over
 * HTTPS.
 */
export function helmetOptions(options: SecurityHeaderOptions): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(options),
    },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: openerPolicy(options) },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
  };
}

/** Permissions-Policy, which helmet does not send: no sensor, camera, location or payment API. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');
