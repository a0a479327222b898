/**
 * Security headers sent on every response. The SPA has no inline script, so scripts come only
 * from the site itself. Dev mode relaxes the opener policy and allows the Stately inspector.
 */
export interface SecurityHeaderOptions {
  /** Relax COOP and CSP for the Stately inspector (window.opener / postMessage to stately.ai). */
  devMode: boolean;
  /** Served over HTTPS (Secure cookies): also send Strict-Transport-Security. */
  https: boolean;
}

const STATELY = 'https://stately.ai';

function contentSecurityPolicy(devMode: boolean): string {
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'frame-ancestors': "'none'",
    'form-action': "'self'",
    'img-src': "'self' data: blob: https:",
    'media-src': "'self' blob: https:",
    'style-src': "'self' 'unsafe-inline'",
    'font-src': "'self' data:",
    'connect-src': devMode ? `'self' ws: wss: ${STATELY}` : "'self' ws: wss:",
    'frame-src': devMode ? `'self' ${STATELY}` : "'self'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options.devMode),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': options.devMode ? 'unsafe-none' : 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(options.https
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}
