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

/** Resolves the caller from the bearer token; a missing or invalid token is 'unauthenticated'. */
export type Authenticate = (request: FastifyRequest) => Promise<Principal>;

export function createAuthenticate(accessTokens: AccessTokens, now: () => Date): Authenticate {
  return async (request) => {
    const token = bearerToken(request);
    if (token === undefined) throw unauthenticated(NOT_AUTHENTICATED);
    return accessTokens.verify(token, now());
  };
}
