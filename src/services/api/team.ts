import { teamEndpoints as e } from '../../../contract/endpoints/team';
import type { ListRequest } from '../../../contract/lists';
import { createDataCalls, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The team's calls (spec §7.2): the users screen's and the invitee's. */
export type TeamApi = ReturnType<typeof createTeamApi>;

export function createTeamApi(http: HttpClient) {
  const { data, done } = createDataCalls(http);
  return {
    listUsers: async (request: ListRequest, options?: CallOptions) =>
      (await data(e.listUsers)(request, options)).list,
    listInvitations: async (request: ListRequest, options?: CallOptions) =>
      (await data(e.listInvitations)(request, options)).list,
    upsertInvitation: data(e.upsertInvitation),
    updateUser: data(e.updateUser),
    deleteUser: (id: number, options?: CallOptions) => done(e.deleteUser)({ id }, options),
    deleteInvitation: (id: number, options?: CallOptions) =>
      done(e.deleteInvitation)({ id }, options),
    getUserByInvitationKey: (key: string, options?: CallOptions) =>
      data(e.getUserByInvitationKey)({ key }, options),
    acceptUserInvitation: data(e.acceptUserInvitation),
    acceptUserInvitationWithGoogle: data(e.acceptUserInvitationWithGoogle),
    declineUserInvitation: done(e.declineUserInvitation),
  };
}
