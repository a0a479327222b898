/**
 * The team (spec §2.3 Invitation and Users screen; §3 Invitation by key, Invited user / user
 * invitation, Accept invitation payload, TenantUser; §5 Invitation (invite form) and Invitation
 * acceptance; §6; §7.2 Auth acceptUserInvitation, acceptUserInvitationWithGoogle,
 * declineUserInvitation; Users list, updateUser, deleteUser; User invitations; §8 Invitation).
 * Shared by the client and the server.
 */
import {
  boolean,
  enums,
  integer,
  literal,
  min,
  nullable,
  object,
  optional,
  size,
  string,
  type Infer,
} from 'superstruct';
import { CAPTCHA_TOKEN_MAX, UserRoleStruct } from './auth';
import { invitationStatuses, type UserRole } from './enums';
import { AuthCodeResponse, KEY_MAX, PASSWORD_MAX, Email, Name } from './identity';
import { ListResponse } from './lists';
import { Id } from './structs';

/** The optional message of an invitation, and a decline's reason. */
export const INVITATION_MESSAGE_MAX = 2000;

/** The texts of spec §5 and §8 for the team, quoted exactly; ours where the spec gives none. */
export const teamTexts = {
  // Spec §5 Invitation (invite form).
  inviteFirstNameRequired: 'First name is required',
  inviteLastNameRequired: 'Last name is required',
  inviteEmailInvalid: 'Invalid email format',
  inviteEmailRequired: 'Email is required',
  userRoleRequired: 'User role is required',
  // Spec §5 Invitation acceptance.
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter a password',
  confirmRequired: 'Please confirm password',
  captchaRequired: 'reCAPTCHA verification is required, please try again',
  keyInvalid: 'Invitation key is invalid, please try again',
  termsRequired: 'The terms of service must be accepted.',
  privacyRequired: 'The privacy policy must be accepted.',
  passwordInvalid: 'Please enter a valid password.',
  // Spec §8 Invitation, Authentication and success messages.
  invalidInvitation: 'Invalid Invitation',
  // Ours: the message under 'Invalid Invitation' (the server's), saying what to do.
  unknownInvitationKey:
    'This invitation link is not valid. Check that the whole link was copied, or ask the person who invited you to send a new one.',
  loadFailedTitle: 'Error',
  loadFailed: 'Unable to load the invitation details. Please try again.',
  acceptFailedTitle: 'Error Accepting Invitation',
  acceptFailed: 'Error accepting user invitation, please try again.',
  acceptWithGoogleFailed: 'Error accepting user invitation with google, please try again.',
  declineFailedTitle: 'Error Declining Invitation',
  declineFailed: 'Please try again.',
  declineUnexpected: 'An unexpected error occurred. Please try again.',
  declineError: 'Error declining user invitation.',
  declined: 'Invitation Declined',
  invitationSent: 'Invitation Sent',
  userUpdated: 'User Updated',
  userDeleted: 'User Deleted',
  invitationDeleted: 'Invitation Deleted',
  invitedUserLoadFailed: 'Error getting invited user details, reload page',
  userLoadFailed: 'Error getting user details, reload page',
  // Spec §2.3 Users screen.
  noPendingInvitations: 'There are no pending user invitations',
  cannotEditSelf: 'Current users cannot edit themselves',
  cannotEditOwner: 'Organisation Owner cannot be edited',
  emailRequiresConfirmation: 'Email requires confirmation',
  anyEmailLabel: 'User can use any email address?',
  rolePlaceholder: '(select role)',
  // Ours: refusals the spec does not word.
  notInThisOrganisation: 'This user or invitation is not part of this organisation.',
  cannotResendAccepted: 'An accepted invitation cannot be resent.',
  onlyPendingCancelled: 'Only a pending invitation can be cancelled.',
  alreadyMember: 'This person is already a member of this organisation.',
  emailMustMatch: 'This invitation must be accepted with the address it was sent to.',
  existingAccountPassword:
    'An account with this email address already exists: enter its password to accept.',
  idOrGuidRequired: 'id or guid is required.',
} as const;

/** One row of the users table (spec §2.3 Users screen, §3 TenantUser). */
export const TeamUser = object({
  id: Id,
  guid: string(),
  firstName: string(),
  lastName: string(),
  email: string(),
  emailConfirmed: boolean(),
  userRole: UserRoleStruct,
  owner: boolean(),
  loginEnabled: boolean(),
  /** ISO 8601, or null when never ('Never'). */
  lastLoginDate: nullable(string()),
});
export type TeamUser = Infer<typeof TeamUser>;
export const TeamUserList = ListResponse(TeamUser);
export type TeamUserList = Infer<typeof TeamUserList>;

/** One row of the invited users table (spec §3 Invited user / user invitation). */
export const UserInvitation = object({
  id: Id,
  guid: string(),
  firstName: string(),
  lastName: string(),
  email: string(),
  /** The address the invitee accepted with, when different (else null). */
  acceptedEmailAddress: nullable(string()),
  message: string(),
  userRole: UserRoleStruct,
  canChangeEmailAddress: boolean(),
  /** The current link's key: shown (Copy Link) only while Pending. */
  userInvitationKey: string(),
  /** As stored; a Pending one past its expiryDate is shown as Expired. */
  userInvitationStatus: enums(invitationStatuses),
  /** ISO 8601. */
  expiryDate: string(),
  responseMessage: nullable(string()),
  loginEnabled: boolean(),
});
export type UserInvitation = Infer<typeof UserInvitation>;
export const UserInvitationList = ListResponse(UserInvitation);
export type UserInvitationList = Infer<typeof UserInvitationList>;

/**
 * An invitation's details as the invite form sends them and the server keeps them (the message
 * '' when none was written).
 */
export interface InvitationDetails {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  userRole: UserRole;
  canChangeEmailAddress: boolean;
}

/** POST userinvitations/upsert: a new invitation (no id) or a resend of one (its id). */
export const UpsertInvitationRequest = object({
  id: optional(Id),
  firstName: Name,
  lastName: Name,
  email: Email,
  message: optional(size(string(), 0, INVITATION_MESSAGE_MAX)),
  userRole: UserRoleStruct,
  canChangeEmailAddress: boolean(),
});
export type UpsertInvitationRequest = Infer<typeof UpsertInvitationRequest>;

/** POST userinvitations/update: the details of an existing invitation (its id). */
export const UpdateInvitationRequest = object({ ...UpsertInvitationRequest.schema, id: Id });
export type UpdateInvitationRequest = Infer<typeof UpdateInvitationRequest>;

/** An invitation or user by id (get, delete, setCanChangeEmailAddress, users/deleteUser). */
export const IdRequest = object({ id: Id });
export type IdRequest = Infer<typeof IdRequest>;
export const GuidRequest = object({ guid: size(string(), 1, 64) });
export type GuidRequest = Infer<typeof GuidRequest>;

/** POST userinvitations/setCanChangeEmailAddress (by id or by guid). */
export const SetCanChangeEmailRequest = object({
  id: optional(Id),
  guid: optional(size(string(), 1, 64)),
  value: boolean(),
});
export type SetCanChangeEmailRequest = Infer<typeof SetCanChangeEmailRequest>;

/** POST users/updateUser (id, userRole, loginEnabled). */
export const UpdateUserRequest = object({
  id: Id,
  userRole: UserRoleStruct,
  loginEnabled: boolean(),
});
export type UpdateUserRequest = Infer<typeof UpdateUserRequest>;

/** GET userInvitations/getUserByInvitationKey?key= (spec §3 Invitation by key). */
export const InvitationKeyRequest = object({ key: size(string(), 1, KEY_MAX) });
export type InvitationKeyRequest = Infer<typeof InvitationKeyRequest>;
export const InvitationByKey = object({
  email: string(),
  firstName: string(),
  lastName: string(),
  userInvitationKey: string(),
  /** Shown status (a Pending one past its expiry is Expired; a replaced link is Expired). */
  userInvitationStatus: enums(invitationStatuses),
  accountName: string(),
  invitedByUserFullName: string(),
  invitedByUserEmail: string(),
  canChangeEmailAddress: boolean(),
  /** Whether the address already has an account (its password is then asked for). */
  accountExists: boolean(),
});
export type InvitationByKey = Infer<typeof InvitationByKey>;

/** POST auth/acceptUserInvitation (spec §3 Accept invitation payload). */
export const AcceptInvitationRequest = object({
  firstName: Name,
  lastName: Name,
  email: Email,
  password: size(string(), 1, PASSWORD_MAX),
  termsAccepted: literal(true),
  privacyPolicyAccepted: literal(true),
  consentToHelpEmails: boolean(),
  consentToMarketingEmails: boolean(),
  usingEmail: boolean(),
  reCaptchaToken: size(string(), 1, CAPTCHA_TOKEN_MAX),
  userInvitationKey: size(string(), 1, KEY_MAX),
});
export type AcceptInvitationRequest = Infer<typeof AcceptInvitationRequest>;

/**
 * The acceptance's answer (spec §7.2: messages and activated): the session when the account is
 * active ('login now'), else null and the person verifies by email first.
 */
export const AcceptInvitationResponse = object({
  activated: boolean(),
  /** Whether the acceptance created the account (not an existing one joining). */
  newAccount: boolean(),
  session: nullable(
    object({
      jwtToken: string(),
      jwtTokenExpiresIn: min(integer(), 1),
      refreshTokenExpiresAt: string(),
    }),
  ),
});
export type AcceptInvitationResponse = Infer<typeof AcceptInvitationResponse>;

/** POST auth/acceptUserInvitationWithGoogle (acceptUserInvitationRequest, authCodeResponse). */
export const AcceptInvitationWithGoogleRequest = object({
  acceptUserInvitationRequest: object({
    userInvitationKey: size(string(), 1, KEY_MAX),
    termsAccepted: literal(true),
    privacyPolicyAccepted: literal(true),
    consentToHelpEmails: boolean(),
    consentToMarketingEmails: boolean(),
    usingEmail: literal(false),
    reCaptchaToken: size(string(), 1, CAPTCHA_TOKEN_MAX),
  }),
  authCodeResponse: AuthCodeResponse,
});
export type AcceptInvitationWithGoogleRequest = Infer<typeof AcceptInvitationWithGoogleRequest>;

/** POST auth/declineUserInvitation (userInvitationKey, message; data.declined). */
export const DeclineInvitationRequest = object({
  userInvitationKey: size(string(), 1, KEY_MAX),
  message: optional(size(string(), 0, INVITATION_MESSAGE_MAX)),
});
export type DeclineInvitationRequest = Infer<typeof DeclineInvitationRequest>;
export const DeclineInvitationResponse = object({ declined: boolean() });

export const DeletedResponse = object({ deleted: boolean() });
