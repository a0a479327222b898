/**
 * Account settings (spec §2.3 Personal Details, Preferences, Change Password, Data Privacy; §3 User
 * personal-details fields and TenantUser; §5 Personal details and Change password; §6; §7.2 Auth
 * updatePassword, Users get, getUserEditDetails, updatePersonalDetails, updatePreferences,
 * setConsentToHelpEmails, setConsentToMarketingEmails, downloadPersonalData, deleteMyAccount).
 * Shared by the client and the server.
 */
import {
  array,
  boolean,
  enums,
  integer,
  min,
  nullable,
  object,
  pattern,
  size,
  string,
  type Infer,
} from 'superstruct';
import { UserRoleStruct } from './auth';
import { accountTypes, avatarTypes } from './enums';
import {
  HANDLE_PATTERN,
  ISO_DATE_PATTERN,
  NAME_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
  identityTexts,
  personFieldTexts,
  Email,
  Name,
} from './identity';
import { Id } from './structs';

/** Spec §3: 'privacyPolicyVersion (default 1 when missing)'. */
export const DEFAULT_PRIVACY_POLICY_VERSION = 1;

/** The hidden annotation colour's default (spec §2.3 Preferences: drawing shapes in a viewer). */
export const DEFAULT_ANNOTATION_COLOR = '#ff0000';

/** A '#rrggbb' colour. */
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * The texts of the account screens: spec §5 Personal details and Change password, §8 Account and
 * the success messages. Where the spec gives a text it is quoted exactly (including its spelling
 * 'acccount'); the others say what went wrong in the same voice.
 */
export const accountTexts = {
  // Spec §5 Personal details.
  ...personFieldTexts,
  phoneInvalid: 'Please enter a valid phone number',
  emailInvalid: identityTexts.emailInvalid,
  emailRequired: identityTexts.emailRequired,
  emailNotVerified: 'Please verify your email address.',
  emailTaken: 'This email address is already used by another account.',
  nameTooLong: `Maximum ${NAME_MAX} characters allowed`,
  // Spec §5 Change password.
  currentPasswordRequired: 'Please enter your current password',
  passwordRequired: 'Please enter a password',
  confirmPasswordRequired: 'Please confirm password',
  passwordInvalid: 'Please enter a valid password.',
  passwordsMustMatch: 'Passwords must match',
  currentPasswordWrong: 'The current password is not correct.',
  passwordNotForThisLogin: 'Change Password is only for accounts that log in with Email.',
  // Issue 19: the server refuses these calls to an impersonated session, so they are not offered.
  passwordNotWhileImpersonating:
    'Changing the password is not available while you are viewing Givedrop as another user.',
  // Spec §8 Account.
  loadUserDataTitle: 'Error loading user data',
  loadUserDataFailed: 'There was an error loading the user data',
  userDetailsTitle: 'Error getting user details',
  formDataFailed: 'There was an error loading the data for this form',
  personalDetailsFailed: 'Error updating personal details',
  personalDetailsUpdated: 'Personal details updated',
  preferencesFailedTitle: 'Error Updating Details',
  preferencesFailed: 'Error updating preferences',
  preferencesUpdatedTitle: 'Preferences Updated',
  preferencesUpdated: 'Preferences updated successfully',
  passwordFailedTitle: 'Error Updating Password',
  passwordFailed: 'Error updating password',
  passwordUpdatedTitle: 'Password Updated',
  passwordUpdated: 'Your password has been updated successfully',
  deleteFailed: 'Error deleting acccount',
  deleteNotWhileImpersonating:
    'Deleting the account is not available while you are viewing Givedrop as another user.',
  // Issue 19: a new address would let the host confirm it and reset the password (a takeover).
  emailNotWhileImpersonating:
    'The email address cannot be changed while viewing Givedrop as another user.',
  emailRequiresConfirmation: 'Email requires confirmation',
  notYours: 'You can only see and change your own account.',
} as const;

/** One organisation the person belongs to (spec §3 TenantUser, in user.tenantUsers). */
export const TenantUser = object({
  tenantId: Id,
  tenantName: string(),
  tenantAccountType: enums(accountTypes),
  userRole: UserRoleStruct,
  loginEnabled: boolean(),
  owner: boolean(),
  /** ISO 8601, or null when never. */
  lastLoginDate: nullable(string()),
});
export type TenantUser = Infer<typeof TenantUser>;

/**
 * The personal-details user (spec §3 User: the token's fields plus phone, dateOfBirth,
 * emailConfirmed, the consents, annotationColor, privacyPolicyAgreedDate, privacyPolicyVersion),
 * and `pendingEmail`: a new address waiting for its emailed confirmation link (the old one signs
 * in until then).
 */
export const UserEditDetails = object({
  id: Id,
  guid: string(),
  email: string(),
  pendingEmail: nullable(string()),
  emailConfirmed: boolean(),
  firstName: string(),
  lastName: string(),
  handle: string(),
  /** E.164 ('+447911123456') or ''. */
  phone: string(),
  /** 'yyyy-MM-dd', or null when unknown (a third-party signup). */
  dateOfBirth: nullable(string()),
  avatarUrl: string(),
  avatarType: enums(avatarTypes),
  consentToHelpEmails: boolean(),
  consentToMarketingEmails: boolean(),
  annotationColor: string(),
  /** ISO 8601, or null when never recorded. */
  privacyPolicyAgreedDate: nullable(string()),
  privacyPolicyVersion: min(integer(), 1),
  tenantUsers: array(TenantUser),
});
export type UserEditDetails = Infer<typeof UserEditDetails>;

/** GET users/get?id= (only one's own id). */
export const GetUserRequest = object({ id: Id });
export type GetUserRequest = Infer<typeof GetUserRequest>;

/** POST users/updatePersonalDetails (spec §7.2: firstName, lastName, phone, dateOfBirth, handle, email). */
export const UpdatePersonalDetailsRequest = object({
  firstName: Name,
  lastName: Name,
  /** E.164 or ''. */
  phone: size(string(), 0, PHONE_MAX),
  /** 'yyyy-MM-dd' */
  dateOfBirth: pattern(string(), ISO_DATE_PATTERN),
  handle: pattern(string(), HANDLE_PATTERN),
  /**
   * The address to sign in with. A different one must have been verified with the widget's code;
   * it is then kept as `pendingEmail` and a confirmation link is mailed to it.
   */
  email: Email,
});
export type UpdatePersonalDetailsRequest = Infer<typeof UpdatePersonalDetailsRequest>;

/** POST users/updatePreferences */
export const UpdatePreferencesRequest = object({
  consentToHelpEmails: boolean(),
  consentToMarketingEmails: boolean(),
  annotationColor: pattern(string(), COLOR_PATTERN),
});
export type UpdatePreferencesRequest = Infer<typeof UpdatePreferencesRequest>;

/** POST users/setConsentToHelpEmails and users/setConsentToMarketingEmails (one's own). */
export const SetConsentRequest = object({ value: boolean() });
export type SetConsentRequest = Infer<typeof SetConsentRequest>;

/** POST auth/updatePassword (currentPassword, newPassword). */
export const UpdatePasswordRequest = object({
  currentPassword: size(string(), 1, PASSWORD_MAX),
  newPassword: size(string(), 1, PASSWORD_MAX),
});
export type UpdatePasswordRequest = Infer<typeof UpdatePasswordRequest>;
export const UpdatePasswordResponse = object({ updated: boolean() });

/**
 * DELETE users/deleteMyAccount: what went (spec §6), in the caller's current organisation:
 * - `organisationAndAccount`: the owner deleted the whole organisation, and their account with
 *   it (they belonged to no other organisation);
 * - `organisation`: the owner deleted the whole organisation; their account stays for the other
 *   organisations they own or belong to;
 * - `membership`: a non-owner left this organisation; their account stays for their others;
 * - `account`: a non-owner who belonged to this organisation only: their account is deleted.
 * Every outcome signs the person out.
 */
export const deletionOutcomes = [
  'organisationAndAccount',
  'organisation',
  'membership',
  'account',
] as const;
export type DeletionOutcome = (typeof deletionOutcomes)[number];
/**
 * Whether the person's account outlives the deletion (they can log in again): it does when the
 * person belongs to another organisation.
 */
export const accountRemains = (outcome: DeletionOutcome): boolean =>
  outcome === 'organisation' || outcome === 'membership';
/**
 * What Delete Account will delete, as the Data Privacy screen words it: the outcome the server
 * will answer, the current organisation's name, and the person's other organisations (which
 * stay), by name.
 */
export interface DeletionPlan {
  kind: DeletionOutcome;
  organisation: string;
  remaining: string[];
}
export const DeleteMyAccountResponse = object({ deleted: enums(deletionOutcomes) });
export type DeleteMyAccountResponse = Infer<typeof DeleteMyAccountResponse>;

/** The personal-data zip's file name: first and last name without spaces plus yymmddHHMMSS. */
export function personalDataFileName(firstName: string, lastName: string, at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp =
    two(at.getFullYear() % 100) +
    two(at.getMonth() + 1) +
    two(at.getDate()) +
    two(at.getHours()) +
    two(at.getMinutes()) +
    two(at.getSeconds());
  return `${`${firstName}${lastName}`.replace(/\s+/g, '')}${stamp}.zip`;
}
