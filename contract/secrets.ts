/**
 * Which fields of the contract's structs are secrets (issue 33, deliverable 5): whoever holds
 * their value can sign in, take over an account, accept an invitation or confirm a payment.
 * The development inspector (src/app/secretRedactor.ts) learns every such value as it passes —
 * an object that IS one of these structs (it validates against it) gives up its secret fields'
 * values — and then hides that value wherever it appears, under any name and inside any text.
 *
 * Declared here, apart from the structs, so that neither the server nor the production bundle
 * carries it: only the development inspector and the tests import this file.
 * tests/app/secrets.test.ts checks that every field of every endpoint whose name speaks of a
 * password, token, key, code, captcha or session is either declared here or in
 * {@link notSecretFields} with the reason.
 */
import type { Struct } from 'superstruct';
import { AuthSession, LoginRequest, SessionData } from './auth';
import { UpdatePasswordRequest } from './account';
import { devEndpoints } from './endpoints/dev';
import {
  ActivateRequest,
  AuthCodeResponse,
  ConfirmEmailAddressRequest,
  ResetPasswordRequest,
  SignupRequest,
  ThirdPartySignupDetails,
  ValidatePasswordResetKeyRequest,
  VerifyAccountCodeRequest,
} from './identity';
import { ConfirmGiftRequest, GiftCheckout } from './gifts';
import { Country } from './lists';
import {
  CheckoutSession,
  CreateCheckoutSessionRequest,
  PromotionalCode,
  ValidatePromotionalCodeRequest,
  ValidateSessionRequest,
} from './payments';
import {
  CountryCreateRequest,
  CountryUpdateRequest,
  CountryUpsertRequest,
  Currency,
  CurrencyCreateRequest,
  CurrencyUpdateRequest,
  CurrencyUpsertRequest,
} from './referenceLists';
import {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  AcceptInvitationWithGoogleRequest,
  DeclineInvitationRequest,
  InvitationByKey,
  InvitationKeyRequest,
  UserInvitation,
} from './team';

/**
 * The kinds of secret: a password typed by a person; an access token (the refresh token travels
 * only in an httpOnly cookie, which scripts never see); an emailed single-use key (password
 * reset, activation, email confirmation, invitation); a code (the emailed verification code, a
 * sign-in provider's authorization code and its state); a captcha token; a checkout session's id.
 */
export type SecretKind = 'password' | 'token' | 'key' | 'code' | 'captchaToken' | 'checkoutSession';

/** The secret fields of one struct: a field's path ('a.b' inside an inline object) → its kind. */
export interface SecretStruct {
  /** A name for reports and tests (the struct's export name). */
  name: string;
  struct: Struct<unknown, unknown>;
  fields: Readonly<Record<string, SecretKind>>;
}

const declare = <T>(
  name: string,
  struct: Struct<T, unknown>,
  fields: Readonly<Record<string, SecretKind>>,
): SecretStruct => ({ name, struct: struct as Struct<unknown, unknown>, fields });

/** Every struct of the contract that carries a secret, and which of its fields do. */
export const secretStructs: readonly SecretStruct[] = [
  // Sessions (auth/login, refreshToken, switchTenant, impersonate, signup, ...): the access token.
  declare('SessionData', SessionData, { jwtToken: 'token' }),
  declare('AuthSession', AuthSession, { jwtToken: 'token' }),
  declare('AcceptInvitationResponse', AcceptInvitationResponse, { 'session.jwtToken': 'token' }),
  // Passwords and captcha tokens a person sends.
  declare('LoginRequest', LoginRequest, { password: 'password', reCaptchaToken: 'captchaToken' }),
  declare('SignupRequest', SignupRequest, { password: 'password', reCaptchaToken: 'captchaToken' }),
  declare('ThirdPartySignupDetails', ThirdPartySignupDetails, { reCaptchaToken: 'captchaToken' }),
  declare('UpdatePasswordRequest', UpdatePasswordRequest, {
    currentPassword: 'password',
    newPassword: 'password',
  }),
  declare('ResetPasswordRequest', ResetPasswordRequest, { key: 'key', newPassword: 'password' }),
  // The emailed keys.
  declare('ValidatePasswordResetKeyRequest', ValidatePasswordResetKeyRequest, { key: 'key' }),
  declare('ActivateRequest', ActivateRequest, { activationKey: 'key' }),
  declare('ConfirmEmailAddressRequest', ConfirmEmailAddressRequest, { key: 'key' }),
  declare('InvitationKeyRequest', InvitationKeyRequest, { key: 'key' }),
  declare('InvitationByKey', InvitationByKey, { userInvitationKey: 'key' }),
  declare('UserInvitation', UserInvitation, { userInvitationKey: 'key' }),
  declare('AcceptInvitationRequest', AcceptInvitationRequest, {
    password: 'password',
    reCaptchaToken: 'captchaToken',
    userInvitationKey: 'key',
  }),
  declare('AcceptInvitationWithGoogleRequest', AcceptInvitationWithGoogleRequest, {
    'acceptUserInvitationRequest.userInvitationKey': 'key',
    'acceptUserInvitationRequest.reCaptchaToken': 'captchaToken',
  }),
  declare('DeclineInvitationRequest', DeclineInvitationRequest, { userInvitationKey: 'key' }),
  // Codes: the emailed verification code, a sign-in provider's authorization code and state.
  declare('VerifyAccountCodeRequest', VerifyAccountCodeRequest, { code: 'code' }),
  declare('AuthCodeResponse', AuthCodeResponse, { code: 'code', state: 'code' }),
  // A checkout session's id: whoever holds it may confirm it.
  declare('CheckoutSession', CheckoutSession, { sessionId: 'checkoutSession' }),
  declare('ValidateSessionRequest', ValidateSessionRequest, { sessionId: 'checkoutSession' }),
  // A gift's checkout session (issue 35): it comes back in the return URL, only to its giver.
  declare('GiftCheckout', GiftCheckout, { sessionId: 'checkoutSession' }),
  declare('ConfirmGiftRequest', ConfirmGiftRequest, { sessionId: 'checkoutSession' }),
  // The development stand-ins of the third parties (the e2e runs): what they answer is the
  // captcha token and the authorization code the app then sends.
  declare('dev captcha token', devEndpoints.captchaToken.response, { token: 'captchaToken' }),
  declare('dev consent', devEndpoints.consent.response, { code: 'code' }),
];

/**
 * Fields whose names speak of a password, token, key, code or session but whose values are no
 * secret, with the reason (tests/app/secrets.test.ts): the inspector shows them.
 */
export const notSecretFields: readonly {
  struct: Struct<unknown, unknown>;
  fields: readonly string[];
  why: string;
}[] = [
  {
    struct: SessionData as Struct<unknown, unknown>,
    fields: ['jwtTokenExpiresIn', 'refreshTokenExpiresAt'],
    why: 'when the tokens expire, not the tokens',
  },
  {
    struct: AcceptInvitationResponse as Struct<unknown, unknown>,
    fields: ['session.jwtTokenExpiresIn', 'session.refreshTokenExpiresAt'],
    why: 'when the tokens expire, not the tokens',
  },
  ...[Country, CountryCreateRequest, CountryUpdateRequest, CountryUpsertRequest].map((struct) => ({
    struct: struct as Struct<unknown, unknown>,
    fields: ['code', 'callingCode'],
    why: "a country's ISO code and calling code are public reference data",
  })),
  ...[Currency, CurrencyCreateRequest, CurrencyUpdateRequest, CurrencyUpsertRequest].map(
    (struct) => ({
      struct: struct as Struct<unknown, unknown>,
      fields: ['code'],
      why: "a currency's ISO code is public reference data",
    }),
  ),
  {
    struct: AuthCodeResponse as Struct<unknown, unknown>,
    fields: ['scope'],
    why: 'the scopes the person granted, not a credential',
  },
  ...[ValidatePromotionalCodeRequest, PromotionalCode, CreateCheckoutSessionRequest].map(
    (struct) => ({
      struct: struct as Struct<unknown, unknown>,
      fields: ['promotionalCode'],
      why: 'a promotional code is a marketing code anyone may be given, not a credential',
    }),
  ),
];
