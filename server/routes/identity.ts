import type { FastifyPluginAsync } from 'fastify';
import {
  ActivateRequest,
  ConfirmEmailAddressRequest,
  HandleExistsRequest,
  LoginWithGoogleRequest,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SignupRequest,
  SignupWithGoogleRequest,
  ValidatePasswordResetKeyRequest,
  VerifyAccountCodeRequest,
  VerifyAccountRequest,
} from '../../contract/identity';
import { ListRequest } from '../../contract/lists';
import { apiPaths } from '../../contract/paths';
import { activate, confirmEmailAddress } from '../domain/activation';
import { listCountries } from '../domain/countries';
import { HANDLE_RULE, handleExists } from '../domain/handles';
import type { IdentityDeps } from '../domain/identityContext';
import {
  RESET_KEY_INVALID,
  requestPasswordReset,
  resetPassword,
  validatePasswordResetKey,
} from '../domain/passwordReset';
import { signup, signupMessages } from '../domain/signup';
import { loginWithGoogle, signupWithGoogle } from '../domain/thirdPartySignIn';
import { sendVerificationCode, verifyCode } from '../domain/verification';
import { clientOf } from '../http/addressLimits';
import { ok } from '../http/envelope';
import type { RefreshCookieOptions } from '../http/refreshCookie';
import { answerSession } from '../http/sessionAnswer';
import { parsePayload, type FieldMessages } from '../http/validation';

export interface IdentityRouteDeps {
  identity: IdentityDeps;
  cookie: RefreshCookieOptions;
}

/** Spec §5 texts for the fields people type (verification widget, password reset, signup). */
const emailMessages = {
  required: 'Please enter an email address',
  invalid: 'Please enter a valid email address',
};
const verifyMessages: FieldMessages = {
  email: emailMessages,
  code: { required: 'Please enter the verification code' },
};
const resetRequestMessages: FieldMessages = {
  email: { required: 'Please enter your email address', invalid: emailMessages.invalid },
};
const consentMessages: FieldMessages = {
  termsAccepted: {
    required: 'The terms of service must be accepted',
    invalid: 'The terms of service must be accepted',
  },
  privacyPolicyAccepted: {
    required: 'The privacy policy must be accepted',
    invalid: 'The privacy policy must be accepted',
  },
  reCaptchaToken: { required: signupMessages.captcha },
};

function signupFieldMessages(minimumPasswordLength: number): FieldMessages {
  return {
    ...consentMessages,
    companyName: { required: signupMessages.companyName },
    firstName: { required: signupMessages.firstName },
    lastName: { required: signupMessages.lastName },
    email: emailMessages,
    password: { required: signupMessages.passwordTooShort(minimumPasswordLength) },
    dateOfBirth: {
      required: 'Please enter your date of birth',
      invalid: signupMessages.dateOfBirth,
    },
    handle: { required: 'Please enter a profile name/handle', invalid: HANDLE_RULE },
  };
}

const prefixed = (messages: FieldMessages, prefix: string): FieldMessages =>
  Object.fromEntries(
    Object.entries(messages).map(([field, texts]) => [`${prefix}.${field}`, texts]),
  );

/**
 * The identity calls of spec §7.2: email verification, signup (email and Google), Google login,
 * password recovery, activation, email confirmation, the handle check and the countries list.
 * All are public (no bearer token).
 */
export function identityRoutes(deps: IdentityRouteDeps): FastifyPluginAsync {
  const { identity, cookie } = deps;
  const signupMessagesForFields = signupFieldMessages(identity.settings.minimumPasswordLength);
  const googleSignupMessages = prefixed(
    { ...consentMessages, companyName: { required: signupMessages.companyName } },
    'signupRequest',
  );
  return async (app) => {
    app.post(`/${apiPaths.verifyAccount}`, async (request) => {
      const input = parsePayload(VerifyAccountRequest, request.body, verifyMessages);
      await sendVerificationCode(identity, {
        email: input.email,
        forSignup: input.forSignup ?? false,
        client: clientOf(request),
      });
      return ok({ sent: true });
    });

    app.post(`/${apiPaths.verifyAccountCode}`, async (request) => {
      const input = parsePayload(VerifyAccountCodeRequest, request.body, verifyMessages);
      await verifyCode(identity, { ...input, client: clientOf(request) });
      return ok({ verified: true });
    });

    app.post(`/${apiPaths.signup}`, async (request, reply) => {
      const input = parsePayload(SignupRequest, request.body, signupMessagesForFields);
      const outcome = await signup(identity, { ...input, clientAddress: request.ip });
      return outcome.kind === 'signedIn' ? answerSession(reply, cookie, outcome.session) : ok(null);
    });

    app.post(`/${apiPaths.signupWithGoogle}`, async (request, reply) => {
      const input = parsePayload(SignupWithGoogleRequest, request.body, googleSignupMessages);
      const outcome = await signupWithGoogle(identity, input, request.ip);
      return answerSession(reply, cookie, outcome.session, outcome.messages);
    });

    app.post(`/${apiPaths.loginWithGoogle}`, async (request, reply) => {
      const input = parsePayload(LoginWithGoogleRequest, request.body);
      return answerSession(reply, cookie, await loginWithGoogle(identity, input.authCodeResponse));
    });

    app.post(`/${apiPaths.requestPasswordReset}`, async (request) => {
      const input = parsePayload(RequestPasswordResetRequest, request.body, resetRequestMessages);
      await requestPasswordReset(identity, {
        email: input.email,
        redirectTo: input.redirectTo,
        client: clientOf(request),
      });
      return ok(null);
    });

    app.post(`/${apiPaths.validatePasswordResetKey}`, async (request) => {
      const { key } = parsePayload(ValidatePasswordResetKeyRequest, request.body);
      const valid = await validatePasswordResetKey(identity, key, clientOf(request));
      return ok({ valid }, valid ? [] : [RESET_KEY_INVALID]);
    });

    app.post(`/${apiPaths.resetPassword}`, async (request) => {
      const input = parsePayload(ResetPasswordRequest, request.body, {
        newPassword: {
          required: signupMessages.passwordTooShort(identity.settings.minimumPasswordLength),
        },
      });
      await resetPassword(identity, { ...input, client: clientOf(request) });
      return ok({ updated: true });
    });

    app.post(`/${apiPaths.activate}`, async (request) => {
      const { activationKey } = parsePayload(ActivateRequest, request.body);
      return ok(await activate(identity, activationKey, clientOf(request)));
    });

    app.post(`/${apiPaths.confirmEmailAddress}`, async (request) => {
      const { key } = parsePayload(ConfirmEmailAddressRequest, request.body);
      return ok(await confirmEmailAddress(identity, key, clientOf(request)));
    });

    app.get(`/${apiPaths.handleExists}`, async (request) => {
      const { value } = parsePayload(HandleExistsRequest, request.query, {
        value: { required: 'Please enter a profile name/handle' },
      });
      return ok(await handleExists(identity.db, value));
    });

    app.post(`/${apiPaths.countriesList}`, async (request) => {
      const input = parsePayload(ListRequest, request.body);
      return ok(await listCountries(identity.db, input));
    });
  };
}
