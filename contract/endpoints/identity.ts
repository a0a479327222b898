/**
 * The identity calls of spec §7.2: email verification, signup (email and Google), Google login,
 * password recovery, activation and email confirmation (auth/...), the handle check (users/...)
 * and the countries list (countries/...). All are public (no bearer token).
 */
import { boolean, unknown } from 'superstruct';
import { SessionData } from '../auth';
import {
  ActivateRequest,
  ActivateResponse,
  ConfirmEmailAddressRequest,
  ConfirmEmailAddressResponse,
  HandleExistsRequest,
  LoginWithGoogleRequest,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SignupRequest,
  SignupResponse,
  SignupWithGoogleRequest,
  ValidatePasswordResetKeyRequest,
  ValidatePasswordResetKeyResponse,
  VerifyAccountCodeRequest,
  VerifyAccountCodeResponse,
  VerifyAccountRequest,
  VerifyAccountResponse,
  identityTexts as t,
} from '../identity';
import { CountryList } from '../lists';
import { ReferenceListRequest } from '../referenceLists';
import { endpoint, type FieldMessages, type MessageSettings } from './define';

const emailMessages = { required: t.emailRequired, invalid: t.emailInvalid };
const verifyMessages: FieldMessages = {
  email: emailMessages,
  code: { required: t.codeRequired },
};
const consentMessages: FieldMessages = {
  termsAccepted: { required: t.termsRequired, invalid: t.termsRequired },
  privacyPolicyAccepted: { required: t.privacyRequired, invalid: t.privacyRequired },
  reCaptchaToken: { required: t.captchaRequired },
};

/** The signup payload's messages (the password's depends on the configured minimum length). */
export function signupFieldMessages({ minimumPasswordLength }: MessageSettings): FieldMessages {
  return {
    ...consentMessages,
    companyName: { required: t.companyNameRequired },
    firstName: { required: t.firstNameRequired },
    lastName: { required: t.lastNameRequired },
    email: emailMessages,
    password: { required: t.passwordTooShort(minimumPasswordLength) },
    dateOfBirth: { required: t.dateOfBirthRequired, invalid: t.dateOfBirthInvalid },
    handle: { required: t.handleRequired, invalid: t.handleRule },
  };
}

const prefixed = (messages: FieldMessages, prefix: string): FieldMessages =>
  Object.fromEntries(
    Object.entries(messages).map(([field, texts]) => [`${prefix}.${field}`, texts]),
  );

export const identityEndpoints = {
  /** POST auth/verifyAccount (email, forSignup): mails a verification code. */
  verifyAccount: endpoint({
    method: 'POST',
    path: 'auth/verifyAccount',
    request: VerifyAccountRequest,
    response: VerifyAccountResponse,
    auth: 'public',
    messages: verifyMessages,
  }),
  /** POST auth/verifyAccountCode (email, code) */
  verifyAccountCode: endpoint({
    method: 'POST',
    path: 'auth/verifyAccountCode',
    request: VerifyAccountCodeRequest,
    response: VerifyAccountCodeResponse,
    auth: 'public',
    messages: verifyMessages,
  }),
  /** POST auth/signup: the session (active at once), null (activation by link) or a warning. */
  signup: endpoint({
    method: 'POST',
    path: 'auth/signup',
    request: SignupRequest,
    response: SignupResponse,
    auth: 'public',
    messages: signupFieldMessages,
  }),
  /** POST auth/signupWithGoogle: the session, with a message when the account existed. */
  signupWithGoogle: endpoint({
    method: 'POST',
    path: 'auth/signupWithGoogle',
    request: SignupWithGoogleRequest,
    response: SessionData,
    auth: 'public',
    messages: prefixed(
      { ...consentMessages, companyName: { required: t.companyNameRequired } },
      'signupRequest',
    ),
  }),
  /** POST auth/loginWithGoogle (authCodeResponse): the session. */
  loginWithGoogle: endpoint({
    method: 'POST',
    path: 'auth/loginWithGoogle',
    request: LoginWithGoogleRequest,
    response: SessionData,
    auth: 'public',
  }),
  /**
   * POST auth/requestPasswordReset (email, redirectTo): the same answer whether or not the
   * address exists, so its data is not read.
   */
  requestPasswordReset: endpoint({
    method: 'POST',
    path: 'auth/requestPasswordReset',
    request: RequestPasswordResetRequest,
    response: unknown(),
    auth: 'public',
    messages: { email: { required: t.yourEmailRequired, invalid: t.emailInvalid } },
  }),
  /** POST auth/validatePasswordResetKey (key) */
  validatePasswordResetKey: endpoint({
    method: 'POST',
    path: 'auth/validatePasswordResetKey',
    request: ValidatePasswordResetKeyRequest,
    response: ValidatePasswordResetKeyResponse,
    auth: 'public',
  }),
  /** POST auth/resetPassword (key, newPassword) */
  resetPassword: endpoint({
    method: 'POST',
    path: 'auth/resetPassword',
    request: ResetPasswordRequest,
    response: ResetPasswordResponse,
    auth: 'public',
    messages: ({ minimumPasswordLength }) => ({
      newPassword: { required: t.passwordTooShort(minimumPasswordLength) },
    }),
  }),
  /** POST auth/activate (activationKey) */
  activate: endpoint({
    method: 'POST',
    path: 'auth/activate',
    request: ActivateRequest,
    response: ActivateResponse,
    auth: 'public',
  }),
  /** POST auth/confirmEmailAddress (key) */
  confirmEmailAddress: endpoint({
    method: 'POST',
    path: 'auth/confirmEmailAddress',
    request: ConfirmEmailAddressRequest,
    response: ConfirmEmailAddressResponse,
    auth: 'public',
  }),
  /** GET users/handleExists?value=: true when the handle is taken (case-insensitive). */
  handleExists: endpoint({
    method: 'GET',
    path: 'users/handleExists',
    request: HandleExistsRequest,
    response: boolean(),
    auth: 'public',
    messages: { value: { required: t.handleRequired } },
  }),
  /**
   * POST countries/list (spec §3 List request): the enabled countries, by Name; every country
   * with includeDisabled, which only a host may ask for (the admin area's list).
   */
  countriesList: endpoint({
    method: 'POST',
    path: 'countries/list',
    request: ReferenceListRequest,
    response: CountryList,
    auth: 'public',
  }),
} as const;
