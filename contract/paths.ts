/** The configuration's path (outside the API base, spec §7.2); the calls' are in endpoints/. */
export const CONFIGURATION_PATH = '/api/configuration';

/**
 * Client routes that emailed links open (the server builds the links, the SPA serves them).
 * Each key is appended as a path segment.
 */
export const linkRoutes = {
  activate: '/activate/',
  confirmEmail: '/account/confirm-email/',
  resetPassword: '/forgotten-password/',
} as const;

/**
 * Development stand-ins of the third parties, served by the reference server outside production
 * when no real keys are configured (paths under the API base).
 */
export const devStandInPaths = {
  /** POST {action}: a captcha token the server accepts. */
  captchaToken: 'dev/captcha/token',
  /** GET: the local consent page (popup) that returns an authorization code. */
  consentPage: 'dev/oauth/consent',
} as const;
