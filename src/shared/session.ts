import type { AuthSession, SessionData } from '../../contract/auth';
import type { FlowEvent } from '../machines/flows';
import type { EstablishedSession } from '../machines/sessionMachine';
import { userFromToken } from '../services/token';

/** A stored or answered session as the session machine keeps it (the user read from the token). */
export function established(authSession: AuthSession): EstablishedSession {
  return { authSession, user: userFromToken(authSession.jwtToken) };
}

/**
 * A session-issuing answer (login, signup, refresh, tenant switch) as the session machine keeps
 * it: the access token expires `jwtTokenExpiresIn` seconds after the answer, on this clock.
 */
export function sessionFromResponse(data: SessionData, now = Date.now()): EstablishedSession {
  return established({
    jwtToken: data.jwtToken,
    expiresAt: now + data.jwtTokenExpiresIn * 1000,
    refreshTokenExpiresAt: data.refreshTokenExpiresAt,
  });
}

/** A session-issuing flow actor's onDone: the flow tells the app a session is established. */
export const flowSessionEstablished = (session: EstablishedSession): FlowEvent => ({
  type: 'flow.sessionEstablished',
  session,
});
