/**
 * Links the server mails (activation, email confirmation, password reset) and the origins it
 * trusts to receive them: SITE_URL's origin, and outside production any http://localhost or
 * http://127.0.0.1 port (development servers).
 */
import { URL_MAX } from '../../../contract/identity';
import { linkRoutes } from '../../../contract/paths';

const LOCAL_DEV_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

export interface LinkSettings {
  /** SITE_URL without a trailing slash. */
  siteUrl: string;
  production: boolean;
}

export function isAllowedOrigin(origin: string, settings: LinkSettings): boolean {
  if (origin === new URL(settings.siteUrl).origin) return true;
  return !settings.production && LOCAL_DEV_ORIGIN.test(origin);
}

/** `{SITE_URL}{route}{key}`, e.g. http://localhost:3000/activate/{key}. */
export function siteLink(settings: LinkSettings, route: string, key: string): string {
  return `${settings.siteUrl}${route}${encodeURIComponent(key)}`;
}

/**
 * The password-reset link. `redirectTo` is honoured only on a trusted origin: the key is appended
 * to its path as a segment (a bare origin gets the reset route); otherwise
 * `{SITE_URL}/forgotten-password/{key}`.
 */
export function passwordResetLink(
  settings: LinkSettings,
  key: string,
  redirectTo: string | undefined,
): string {
  const fallback = siteLink(settings, linkRoutes.resetPassword, key);
  if (redirectTo === undefined || redirectTo.trim() === '' || redirectTo.length > URL_MAX) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(redirectTo.trim());
  } catch {
    return fallback;
  }
  if (!isAllowedOrigin(url.origin, settings) || url.username !== '' || url.password !== '') {
    return fallback;
  }
  const path = url.pathname.replace(/\/+$/, '');
  return path === ''
    ? `${url.origin}${linkRoutes.resetPassword}${encodeURIComponent(key)}`
    : `${url.origin}${path}/${encodeURIComponent(key)}`;
}
