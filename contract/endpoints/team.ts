/**
 * The team's calls of spec §7.2: the users of the current organisation (users/list, updateUser,
 * deleteUser) and its invitations (userinvitations/...), all for its Administrators only and
 * scoped to it; and the invitee's (userInvitations/getUserByInvitationKey, auth/accept... and
 * auth/declineUserInvitation), public, by the invitation's key.
 */
import { SessionData } from '../auth';
import { ListRequest } from '../lists';
import {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  AcceptInvitationWithGoogleRequest,
  DeclineInvitationRequest,
  DeclineInvitationResponse,
  DeletedResponse,
  GuidRequest,
  IdRequest,
  InvitationByKey,
  InvitationKeyRequest,
  SetCanChangeEmailRequest,
  TeamUser,
  TeamUserList,
  UpdateInvitationRequest,
  UpdateUserRequest,
  UpsertInvitationRequest,
  UserInvitation,
  UserInvitationList,
  teamTexts as t,
} from '../team';
import { endpoint, type FieldMessages } from './define';

/** Spec §5 Invitation (invite form). */
const inviteMessages: FieldMessages = {
  firstName: { required: t.inviteFirstNameRequired },
  lastName: { required: t.inviteLastNameRequired },
  email: { required: t.inviteEmailRequired, invalid: t.inviteEmailInvalid },
  userRole: { required: t.userRoleRequired, invalid: t.userRoleRequired },
};

/** Spec §5 Invitation acceptance. */
const acceptConsents: FieldMessages = {
  termsAccepted: { required: t.termsRequired, invalid: t.termsRequired },
  privacyPolicyAccepted: { required: t.privacyRequired, invalid: t.privacyRequired },
  reCaptchaToken: { required: t.captchaRequired },
  userInvitationKey: { required: t.keyInvalid, tooLong: t.keyInvalid },
};

export const teamEndpoints = {
  /** POST users/list: the current organisation's users (spec §3 List request). */
  listUsers: endpoint({
    method: 'POST',
    path: 'users/list',
    request: ListRequest,
    response: TeamUserList,
    auth: 'tenantAdmin',
  }),
  /** POST users/updateUser (id, userRole, loginEnabled): never the owner, never oneself. */
  updateUser: endpoint({
    method: 'POST',
    path: 'users/updateUser',
    request: UpdateUserRequest,
    response: TeamUser,
    auth: 'tenantAdmin',
    messages: { userRole: { required: t.userRoleRequired, invalid: t.userRoleRequired } },
  }),
  /** DELETE users/deleteUser?id=: removes the membership; never the owner, never oneself. */
  deleteUser: endpoint({
    method: 'DELETE',
    path: 'users/deleteUser',
    request: IdRequest,
    response: DeletedResponse,
    auth: 'tenantAdmin',
  }),
  /** POST userinvitations/create: invites and mails the invitee. */
  createInvitation: endpoint({
    method: 'POST',
    path: 'userinvitations/create',
    request: UpsertInvitationRequest,
    response: UserInvitation,
    auth: 'tenantAdmin',
    messages: inviteMessages,
  }),
  /** POST userinvitations/upsert: invites (no id) or resends (its id: a new link; earlier ones expire). */
  upsertInvitation: endpoint({
    method: 'POST',
    path: 'userinvitations/upsert',
    request: UpsertInvitationRequest,
    response: UserInvitation,
    auth: 'tenantAdmin',
    messages: inviteMessages,
  }),
  /** POST userinvitations/update: changes a pending invitation's details without a new link. */
  updateInvitation: endpoint({
    method: 'POST',
    path: 'userinvitations/update',
    request: UpdateInvitationRequest,
    response: UserInvitation,
    auth: 'tenantAdmin',
    messages: inviteMessages,
  }),
  /** GET userinvitations/get?id= */
  getInvitation: endpoint({
    method: 'GET',
    path: 'userinvitations/get',
    request: IdRequest,
    response: UserInvitation,
    auth: 'tenantAdmin',
  }),
  /** GET userinvitations/getByGuid?guid= */
  getInvitationByGuid: endpoint({
    method: 'GET',
    path: 'userinvitations/getByGuid',
    request: GuidRequest,
    response: UserInvitation,
    auth: 'tenantAdmin',
  }),
  /** POST userinvitations/list: the current organisation's invitations. */
  listInvitations: endpoint({
    method: 'POST',
    path: 'userinvitations/list',
    request: ListRequest,
    response: UserInvitationList,
    auth: 'tenantAdmin',
  }),
  /** DELETE userinvitations/delete?id=: cancels a pending one, deletes any other. */
  deleteInvitation: endpoint({
    method: 'DELETE',
    path: 'userinvitations/delete',
    request: IdRequest,
    response: DeletedResponse,
    auth: 'tenantAdmin',
  }),
  /** DELETE userinvitations/deletebyguid?guid= */
  deleteInvitationByGuid: endpoint({
    method: 'DELETE',
    path: 'userinvitations/deletebyguid',
    request: GuidRequest,
    response: DeletedResponse,
    auth: 'tenantAdmin',
  }),
  /** POST userinvitations/setCanChangeEmailAddress (id or guid, value). */
  setCanChangeEmailAddress: endpoint({
    method: 'POST',
    path: 'userinvitations/setCanChangeEmailAddress',
    request: SetCanChangeEmailRequest,
    response: UserInvitation,
    auth: 'tenantAdmin',
  }),
  /** GET userInvitations/getUserByInvitationKey?key=: public; rate-limited per address. */
  getUserByInvitationKey: endpoint({
    method: 'GET',
    path: 'userInvitations/getUserByInvitationKey',
    request: InvitationKeyRequest,
    response: InvitationByKey,
    auth: 'public',
    messages: { key: { required: t.keyInvalid, tooLong: t.keyInvalid } },
  }),
  /** POST auth/acceptUserInvitation: public; rate-limited per address. */
  acceptUserInvitation: endpoint({
    method: 'POST',
    path: 'auth/acceptUserInvitation',
    request: AcceptInvitationRequest,
    response: AcceptInvitationResponse,
    auth: 'public',
    messages: {
      ...acceptConsents,
      firstName: { required: t.firstNameRequired },
      lastName: { required: t.lastNameRequired },
      email: { required: t.emailRequired, invalid: t.emailInvalid },
      password: { required: t.passwordRequired },
    },
  }),
  /** POST auth/acceptUserInvitationWithGoogle: the session (the person goes to /dashboard). */
  acceptUserInvitationWithGoogle: endpoint({
    method: 'POST',
    path: 'auth/acceptUserInvitationWithGoogle',
    request: AcceptInvitationWithGoogleRequest,
    response: SessionData,
    auth: 'public',
    messages: Object.fromEntries(
      Object.entries(acceptConsents).map(([k, v]) => [`acceptUserInvitationRequest.${k}`, v]),
    ),
  }),
  /** POST auth/declineUserInvitation (userInvitationKey, message). */
  declineUserInvitation: endpoint({
    method: 'POST',
    path: 'auth/declineUserInvitation',
    request: DeclineInvitationRequest,
    response: DeclineInvitationResponse,
    auth: 'public',
    messages: { userInvitationKey: { required: t.keyInvalid, tooLong: t.keyInvalid } },
  }),
} as const;
