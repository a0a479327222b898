/** Answering an issued session: the refresh token in its cookie, the access token in the data. */
import type { FastifyReply } from 'fastify';
import type { SessionData } from '../../contract/auth';
import type { IssuedSession } from '../features/auth/sessions';
import { ok } from './envelope';
import { setRefreshCookie, type RefreshCookieOptions } from './refreshCookie';

export const toSessionData = (session: IssuedSession): SessionData => ({
  jwtToken: session.jwtToken,
  jwtTokenExpiresIn: session.jwtTokenExpiresIn,
  refreshTokenExpiresAt: session.refreshTokenExpiresAt.toISOString(),
});

/** Sets the (new or rotated) refresh cookie and answers the session data. */
export function answerSession(
  reply: FastifyReply,
  cookie: RefreshCookieOptions,
  session: IssuedSession,
  messages: string[] = [],
) {
  setRefreshCookie(reply, cookie, session.refreshToken, session.refreshTokenExpiresAt);
  return ok(toSessionData(session), messages);
}
