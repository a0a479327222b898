import type { FastifyPluginAsync } from 'fastify';
import { teamEndpoints as endpoints } from '../../../contract/endpoints/team';
import { ok } from '../../http/envelope';
import { setRefreshCookie, type RefreshCookieOptions } from '../../http/refreshCookie';
import { answer, passTo, route } from '../../http/route';
import { answerSession, toSessionData } from '../../http/sessionAnswer';
import {
  deleteInvitation,
  deleteInvitationByGuid,
  deleteUser,
  getInvitation,
  getInvitationByGuid,
  listInvitations,
  listUsers,
  setCanChangeEmailAddress,
  updateInvitation,
  updateUser,
  upsertInvitation,
} from './domain';
import {
  acceptInvitation,
  acceptInvitationWithGoogle,
  declineInvitation,
  getUserByInvitationKey,
} from './invitee';
import type { TeamDeps } from './teamContext';

export interface TeamRouteDeps {
  team: TeamDeps;
  cookie: RefreshCookieOptions;
}

/**
 * The team's calls of spec §7.2: the organisation's users and invitations (Administrators of the
 * current organisation only, scoped to it) and the invitee's calls by key (public).
 */
export function teamRoutes(deps: TeamRouteDeps): FastifyPluginAsync {
  const { team, cookie } = deps;
  return async (app) => {
    answer(app, endpoints.listUsers, passTo(team, listUsers));
    answer(app, endpoints.updateUser, passTo(team, updateUser));
    answer(app, endpoints.deleteUser, (payload, scope) => deleteUser(team, scope, payload.id));
    // create is upsert under its other name: an id given to it names an invitation of this
    // organisation to resend (never a new invitation beside another organisation's).
    answer(app, endpoints.createInvitation, passTo(team, upsertInvitation));
    answer(app, endpoints.upsertInvitation, passTo(team, upsertInvitation));
    answer(app, endpoints.updateInvitation, passTo(team, updateInvitation));
    answer(app, endpoints.getInvitation, (payload, scope) =>
      getInvitation(team, scope, payload.id),
    );
    answer(app, endpoints.getInvitationByGuid, (payload, scope) =>
      getInvitationByGuid(team, scope, payload.guid),
    );
    answer(app, endpoints.listInvitations, passTo(team, listInvitations));
    answer(app, endpoints.deleteInvitation, (payload, scope) =>
      deleteInvitation(team, scope, payload.id),
    );
    answer(app, endpoints.deleteInvitationByGuid, (payload, scope) =>
      deleteInvitationByGuid(team, scope, payload.guid),
    );
    answer(app, endpoints.setCanChangeEmailAddress, passTo(team, setCanChangeEmailAddress));
    route(app, endpoints.getUserByInvitationKey, async ({ payload, client }) =>
      ok(await getUserByInvitationKey(team, payload.key, client)),
    );
    route(app, endpoints.acceptUserInvitation, async ({ payload, client, reply }) => {
      const outcome = await acceptInvitation(team, payload, client);
      const { newAccount } = outcome;
      if (outcome.kind === 'pendingActivation') {
        return ok({ activated: false, session: null, newAccount });
      }
      const { session } = outcome;
      setRefreshCookie(reply, cookie, session.refreshToken, session.refreshTokenExpiresAt);
      return ok({ activated: true, session: toSessionData(session), newAccount });
    });
    route(app, endpoints.acceptUserInvitationWithGoogle, async ({ payload, client, reply }) =>
      answerSession(reply, cookie, await acceptInvitationWithGoogle(team, payload, client)),
    );
    route(app, endpoints.declineUserInvitation, async ({ payload, client }) =>
      ok(await declineInvitation(team, payload, client)),
    );
  };
}
