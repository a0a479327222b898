/**
 * The account settings calls of spec §7.2 (users/... and auth/updatePassword): the personal-details
 * user, personal details, preferences and consents, the password, the personal-data download and
 * deleting one's own account. All are the caller's own: an id that is not theirs is refused.
 */
import { unknown } from 'superstruct';
import {
  DeleteMyAccountResponse,
  GetUserRequest,
  SetConsentRequest,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
  UpdatePersonalDetailsRequest,
  UpdatePreferencesRequest,
  UserEditDetails,
  accountTexts as t,
} from '../account';
import { EmptyRequest } from './common';
import { endpoint } from './define';

export const accountEndpoints = {
  /** GET users/get?id=: the personal-details user (one's own id only). */
  get: endpoint({
    method: 'GET',
    path: 'users/get',
    request: GetUserRequest,
    response: UserEditDetails,
    auth: 'user',
  }),
  /** GET users/getUserEditDetails: the caller's personal-details user. */
  getUserEditDetails: endpoint({
    method: 'GET',
    path: 'users/getUserEditDetails',
    request: EmptyRequest,
    response: UserEditDetails,
    auth: 'user',
  }),
  /**
   * POST users/updatePersonalDetails: the caller's names, phone, date of birth, handle, email. An
   * impersonated session may save the rest but never a new email address (403).
   */
  updatePersonalDetails: endpoint({
    method: 'POST',
    path: 'users/updatePersonalDetails',
    request: UpdatePersonalDetailsRequest,
    response: UserEditDetails,
    auth: 'user',
    messages: {
      firstName: { required: t.firstNameRequired, tooLong: t.nameTooLong },
      lastName: { required: t.lastNameRequired, tooLong: t.nameTooLong },
      phone: { invalid: t.phoneInvalid, tooLong: t.phoneInvalid },
      dateOfBirth: { required: t.dateOfBirthRequired, invalid: t.dateOfBirthInvalid },
      handle: { required: t.handleRequired, invalid: t.handleRule },
      email: { required: t.emailRequired, invalid: t.emailInvalid, tooLong: t.emailInvalid },
    },
  }),
  /** POST users/updatePreferences (consentToHelpEmails, consentToMarketingEmails, annotationColor). */
  updatePreferences: endpoint({
    method: 'POST',
    path: 'users/updatePreferences',
    request: UpdatePreferencesRequest,
    response: UserEditDetails,
    auth: 'user',
  }),
  /** POST users/setConsentToHelpEmails (value): the caller's consent alone. */
  setConsentToHelpEmails: endpoint({
    method: 'POST',
    path: 'users/setConsentToHelpEmails',
    request: SetConsentRequest,
    response: UserEditDetails,
    auth: 'user',
  }),
  /** POST users/setConsentToMarketingEmails (value): the caller's consent alone. */
  setConsentToMarketingEmails: endpoint({
    method: 'POST',
    path: 'users/setConsentToMarketingEmails',
    request: SetConsentRequest,
    response: UserEditDetails,
    auth: 'user',
  }),
  /**
   * POST auth/updatePassword (currentPassword, newPassword): Email logins only. Every other
   * session (refresh-token family) of the user ends; this one stays signed in.
   */
  updatePassword: endpoint({
    method: 'POST',
    path: 'auth/updatePassword',
    request: UpdatePasswordRequest,
    response: UpdatePasswordResponse,
    auth: 'user',
    refusedWhileImpersonating: true,
    messages: ({ minimumPasswordLength }) => ({
      currentPassword: { required: t.currentPasswordRequired },
      newPassword: {
        required: `Please enter a password (at least ${minimumPasswordLength} characters)`,
      },
    }),
  }),
  /**
   * GET users/downloadPersonalData: not an envelope but the zip itself (application/zip, its
   * name in Content-Disposition), streamed. Rate-limited.
   */
  downloadPersonalData: endpoint({
    method: 'GET',
    path: 'users/downloadPersonalData',
    request: EmptyRequest,
    response: unknown(),
    auth: 'user',
  }),
  /** DELETE users/deleteMyAccount (spec §6): signs the caller out. Rate-limited. */
  deleteMyAccount: endpoint({
    method: 'DELETE',
    path: 'users/deleteMyAccount',
    request: EmptyRequest,
    response: DeleteMyAccountResponse,
    auth: 'user',
    refusedWhileImpersonating: true,
  }),
} as const;
