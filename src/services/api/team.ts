import { teamEndpoints as e } from '../../../contract/endpoints/team';
import type { ListRequest } from '../../../contract/lists';
import type {
  AcceptInvitationRequest,
  AcceptInvitationWithGoogleRequest,
  DeclineInvitationRequest,
  UpdateUserRequest,
  UpsertInvitationRequest,
} from '../../../contract/team';
import { createDataCall, createDoneCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The team's calls (spec §7.2): the users screen's and the invitee's. */
export function createTeamApi(http: HttpClient) {
  const data = createDataCall(http);
  const done = createDoneCall(http);
  return {
    listUsers: async (request: ListRequest, options?: CallOptions) =>
      (await data(e.listUsers, request, options)).list,
    listInvitations: async (request: ListRequest, options?: CallOptions) =>
      (await data(e.listInvitations, request, options)).list,
    upsertInvitation: (request: UpsertInvitationRequest, options?: CallOptions) =>
      data(e.upsertInvitation, request, options),
    updateUser: (request: UpdateUserRequest, options?: CallOptions) =>
      data(e.updateUser, request, options),
    deleteUser: (id: number, options?: CallOptions) => done(e.deleteUser, { id }, options),
    deleteInvitation: (id: number, options?: CallOptions) =>
      done(e.deleteInvitation, { id }, options),
    getUserByInvitationKey: (key: string, options?: CallOptions) =>
      data(e.getUserByInvitationKey, { key }, options),
    acceptUserInvitation: (request: AcceptInvitationRequest, options?: CallOptions) =>
      data(e.acceptUserInvitation, request, options),
    acceptUserInvitationWithGoogle: (
      request: AcceptInvitationWithGoogleRequest,
      options?: CallOptions,
    ) => data(e.acceptUserInvitationWithGoogle, request, options),
    declineUserInvitation: (request: DeclineInvitationRequest, options?: CallOptions) =>
      done(e.declineUserInvitation, request, options),
  };
}

export type TeamApi = ReturnType<typeof createTeamApi>;
