import type { FastifyPluginAsync } from 'fastify';
import { teamEndpoints as endpoints } from '../../../contract/endpoints/team';
import { ok } from '../../http/envelope';
import { setRefreshCookie, type RefreshCookieOptions } from '../../http/refreshCookie';
import { route } from '../../http/route';
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
    route(app, endpoints.listUsers, async ({ payload, scope }) =>
      ok(await listUsers(team, scope, payload)),
    );
    route(app, endpoints.updateUser, async ({ payload, scope }) =>
      ok(await updateUser(team, scope, payload)),
    );
    route(app, endpoints.deleteUser, async ({ payload, scope }) =>
      ok(await deleteUser(team, scope, payload.id)),
    );
    // create is upsert under its other name: an id given to it names an invitation of this
    // organisation to resend (never a new invitation beside another organisation's).
    route(app, endpoints.createInvitation, async ({ payload, scope }) =>
      ok(await upsertInvitation(team, scope, payload)),
    );
    route(app, endpoints.upsertInvitation, async ({ payload, scope }) =>
      ok(await upsertInvitation(team, scope, payload)),
    );
    route(app, endpoints.updateInvitation, async ({ payload, scope }) =>
      ok(await updateInvitation(team, scope, payload)),
    );
    route(app, endpoints.getInvitation, async ({ payload, scope }) =>
      ok(await getInvitation(team, scope, payload.id)),
    );
    route(app, endpoints.getInvitationByGuid, async ({ payload, scope }) =>
      ok(await getInvitationByGuid(team, scope, payload.guid)),
    );
    route(app, endpoints.listInvitations, async ({ payload, scope }) =>
      ok(await listInvitations(team, scope, payload)),
    );
    route(app, endpoints.deleteInvitation, async ({ payload, scope }) =>
      ok(await deleteInvitation(team, scope, payload.id)),
    );
    route(app, endpoints.deleteInvitationByGuid, async ({ payload, scope }) =>
      ok(await deleteInvitationByGuid(team, scope, payload.guid)),
    );
    route(app, endpoints.setCanChangeEmailAddress, async ({ payload, scope }) =>
      ok(await setCanChangeEmailAddress(team, scope, payload)),
    );
    route(app, endpoints.getUserByInvitationKey, async ({ payload, client }) =>
      ok(await getUserByInvitationKey(team, payload.key, client)),
    );
    route(app, endpoints.acceptUserInvitation, async ({ payload, client, reply }) => {
      const outcome = await acceptInvitation(team, payload, client);
      if (outcome.kind === 'pendingActivation') return ok({ activated: false, session: null });
      const { session } = outcome;
      setRefreshCookie(reply, cookie, session.refreshToken, session.refreshTokenExpiresAt);
      return ok({ activated: true, session: toSessionData(session) });
    });
    route(app, endpoints.acceptUserInvitationWithGoogle, async ({ payload, client, reply }) =>
      answerSession(reply, cookie, await acceptInvitationWithGoogle(team, payload, client)),
    );
    route(app, endpoints.declineUserInvitation, async ({ payload, client }) =>
      ok(await declineInvitation(team, payload, client)),
    );
  };
}
