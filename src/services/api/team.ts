import { teamEndpoints as e } from '../../../contract/endpoints/team';
import type { ListRequest } from '../../../contract/lists';
import type {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  AcceptInvitationWithGoogleRequest,
  DeclineInvitationRequest,
  InvitationByKey,
  TeamUser,
  UpdateUserRequest,
  UpsertInvitationRequest,
  UserInvitation,
} from '../../../contract/team';
import type { SessionData } from '../../../contract/auth';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The team's calls (spec §7.2): the users screen's and the invitee's. */
export interface TeamApi {
  listUsers(request: ListRequest, options?: CallOptions): Promise<TeamUser[]>;
  listInvitations(request: ListRequest, options?: CallOptions): Promise<UserInvitation[]>;
  upsertInvitation(
    request: UpsertInvitationRequest,
    options?: CallOptions,
  ): Promise<UserInvitation>;
  updateUser(request: UpdateUserRequest, options?: CallOptions): Promise<TeamUser>;
  deleteUser(id: number, options?: CallOptions): Promise<void>;
  deleteInvitation(id: number, options?: CallOptions): Promise<void>;
  getUserByInvitationKey(key: string, options?: CallOptions): Promise<InvitationByKey>;
  acceptUserInvitation(
    request: AcceptInvitationRequest,
    options?: CallOptions,
  ): Promise<AcceptInvitationResponse>;
  acceptUserInvitationWithGoogle(
    request: AcceptInvitationWithGoogleRequest,
    options?: CallOptions,
  ): Promise<SessionData>;
  declineUserInvitation(request: DeclineInvitationRequest, options?: CallOptions): Promise<void>;
}

export function createTeamApi(http: HttpClient): TeamApi {
  const call = createCall(http);
  return {
    listUsers: async (request, options) =>
      dataOrThrow(await call(e.listUsers, request, options)).list,
    listInvitations: async (request, options) =>
      dataOrThrow(await call(e.listInvitations, request, options)).list,
    upsertInvitation: async (request, options) =>
      dataOrThrow(await call(e.upsertInvitation, request, options)),
    updateUser: async (request, options) => dataOrThrow(await call(e.updateUser, request, options)),
    deleteUser: async (id, options) => {
      dataOrThrow(await call(e.deleteUser, { id }, options));
    },
    deleteInvitation: async (id, options) => {
      dataOrThrow(await call(e.deleteInvitation, { id }, options));
    },
    getUserByInvitationKey: async (key, options) =>
      dataOrThrow(await call(e.getUserByInvitationKey, { key }, options)),
    acceptUserInvitation: async (request, options) =>
      dataOrThrow(await call(e.acceptUserInvitation, request, options)),
    acceptUserInvitationWithGoogle: async (request, options) =>
      dataOrThrow(await call(e.acceptUserInvitationWithGoogle, request, options)),
    declineUserInvitation: async (request, options) => {
      dataOrThrow(await call(e.declineUserInvitation, request, options));
    },
  };
}
