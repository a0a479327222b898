import type { FastifyRequest } from 'fastify';
import { NOT_AUTHENTICATED, type AccessTokens, type Principal } from '../domain/accessTokens';
import { unauthenticated } from '../domain/errors';

/** Longest Authorization header considered; real tokens are far shorter. */
const MAX_TOKEN_LENGTH = 16_384;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([^\s]+)$/i.exec(header.trim());
  const token = match?.[1];
  return token !== undefined && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

/**
 * Resolves the caller from the bearer token; a missing or invalid token, or one whose session has
 * ended (signed out, password reset), is 'unauthenticated'.
 */
export type Authenticate = (request: FastifyRequest) => Promise<Principal>;

/** Whether a session (the sid of an access token) is still live: the database decides. */
export type SessionCheck = (sessionId: string) => Promise<boolean>;

export function createAuthenticate(
  accessTokens: AccessTokens,
  now: () => Date,
  isSessionLive: SessionCheck,
): Authenticate {
  return async (request) => {
    const token = bearerToken(request);
    if (token === undefined) throw unauthenticated(NOT_AUTHENTICATED);
    const principal = await accessTokens.verify(token, now());
    if (!(await isSessionLive(principal.sessionId))) throw unauthenticated(NOT_AUTHENTICATED);
    return principal;
  };
}
