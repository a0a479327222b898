/**
 * The refresh token travels only in this httpOnly, SameSite=Strict cookie, scoped to the auth
 * calls of the API.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../domain/errors';

export const REFRESH_COOKIE = 'givedrop_refresh';

export interface RefreshCookieOptions {
  /** The API base path, e.g. '/api'; the cookie is sent only to `${apiBasePath}/auth`. */
  apiBasePath: string;
  secure: boolean;
  /**
   * SITE_URL's origin: the pages that call the cookie endpoints (under `npm run dev`, the Vite
   * server's, which the dev script sets SITE_URL to).
   */
  siteOrigin: string;
}

/** The refusal of a cookie call sent from another site's page. */
export const FOREIGN_ORIGIN = 'This request must come from the Givedrop site itself.';

function attributes(options: RefreshCookieOptions): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    path: `${options.apiBasePath}/auth`,
  };
}

export function setRefreshCookie(
  reply: FastifyReply,
  options: RefreshCookieOptions,
  token: string,
  expires: Date,
): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...attributes(options), expires });
}

export function clearRefreshCookie(reply: FastifyReply, options: RefreshCookieOptions): void {
  reply.clearCookie(REFRESH_COOKIE, attributes(options));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

/** The origin of `value` as a browser writes it (no default port), or undefined ('null', junk). */
function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses (403) a request that a page of another site made: its `Origin` is neither SITE_URL's
 * nor the server's own, or the browser says `Sec-Fetch-Site: cross-site`. The cookie is
 * SameSite=Strict, but that alone leaves the calls it authenticates open to a browser that does
 * not enforce it and to a sibling subdomain (same site); a call with neither header (curl, another
 * server) is no browser's and passes.
 */
export function refuseForeignOrigin(request: FastifyRequest, options: RefreshCookieOptions): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(FOREIGN_ORIGIN);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = [options.siteOrigin, originOf(`${request.protocol}://${request.host}`)];
  const sent = originOf(origin);
  if (sent === undefined || !own.includes(sent)) throw forbidden(FOREIGN_ORIGIN);
}
