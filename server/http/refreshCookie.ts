/**
 * The refresh token travels only in this httpOnly, SameSite=Strict cookie, scoped to the auth
 * calls of the API.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'givedrop_refresh';

export interface RefreshCookieOptions {
  /** The API base path, e.g. '/api'; the cookie is sent only to `${apiBasePath}/auth`. */
  apiBasePath: string;
  secure: boolean;
}

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
