/**
 * Identity calls of spec §7.2 (POST /auth/...): email verification, signup, third-party sign-in,
 * password recovery, activation and email confirmation. Every answer is validated with the
 * contract; a failure throws {@link ApiError} carrying the server's messages when it sent some.
 */
import type { SessionData } from '../../../contract/auth';
import { identityEndpoints as endpoints } from '../../../contract/endpoints/identity';
import { ResponseStatus } from '../../../contract/enums';
import {
  type ActivateRequest,
  type ActivateResponse,
  type ConfirmEmailAddressResponse,
  type ConfirmEmailAddressRequest,
  type RequestPasswordResetRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type SignupWithGoogleRequest,
  type ValidatePasswordResetKeyRequest,
  type VerifyAccountCodeRequest,
  type VerifyAccountRequest,
} from '../../../contract/identity';
import { ApiError, dataOrThrow, isApiError, type ApiResponse } from '../apiResponse';
import { createDataCalls, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The three outcomes of POST auth/signup (an Error status or a 4xx throws instead). */
export type SignupResult =
  /** Ok with the session: the account is active and signed in (store it, go to /feed). */
  | { kind: 'signedIn'; data: SessionData }
  /** Ok with data null: the account must first be activated by the emailed link. */
  | { kind: 'created' }
  /** Warning: nothing was created; the messages are shown in a warning alert. */
  | { kind: 'warning'; messages: string[] };

/** signupWithGoogle's answer: the session, and a message when the account already existed. */
export interface SignupWithGoogleResult {
  data: SessionData;
  messages: string[];
}

/** The outcomes of POST auth/requestPasswordReset (an Error status or a 4xx throws instead). */
export type PasswordResetRequestResult = { kind: 'ok' } | { kind: 'warning'; messages: string[] };

export type IdentityApi = ReturnType<typeof createIdentityApi>;

/** A failed call whose Ok answer says it did not happen (e.g. `{verified: false}`). */
function notDone(messages: string[]): ApiError {
  return new ApiError({ kind: 'status', httpStatus: null, status: ResponseStatus.Ok, messages });
}

/**
 * The call's answer, where a Warning that came (defensively) with a non-2xx HTTP status and a
 * Warning envelope is returned like a 2xx Warning instead of thrown. Anything else throws.
 */
async function okOrWarning<T>(
  call: () => Promise<ApiResponse<T>>,
): Promise<ApiResponse<T> | { status: typeof ResponseStatus.Warning; messages: string[] }> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.status === ResponseStatus.Warning && error.fromServer) {
      return { status: ResponseStatus.Warning, messages: error.messages };
    }
    throw error;
  }
}

/** The data of an answer that carries an outcome flag (activate, confirmEmailAddress). */
function outcome<T extends { message: string }, K extends keyof T>(
  response: ApiResponse<T>,
  flag: K,
): T {
  if (response.status === ResponseStatus.Ok) return response.data;
  if (response.data !== null) return { ...response.data, [flag]: false };
  return dataOrThrow(response);
}

export function createIdentityApi(http: HttpClient) {
  const { call, data } = createDataCalls(http);

  return {
    /** POST auth/verifyAccount (email, forSignup): mails a code; ApiError when not Ok. */
    async verifyAccount(request: VerifyAccountRequest, options?: CallOptions): Promise<void> {
      const response = await call(endpoints.verifyAccount, request, options);
      const data = dataOrThrow(response);
      if (data !== null && !data.sent) throw notDone(response.messages);
    },

    /** POST auth/verifyAccountCode (email, code); ApiError (server messages) when not verified. */
    async verifyAccountCode(
      request: VerifyAccountCodeRequest,
      options?: CallOptions,
    ): Promise<void> {
      const response = await call(endpoints.verifyAccountCode, request, options);
      const data = dataOrThrow(response);
      if (data !== null && !data.verified) throw notDone(response.messages);
    },

    /** POST auth/signup: signed in, created (activation by link) or a warning. */
    async signup(request: SignupRequest, options?: CallOptions): Promise<SignupResult> {
      const response = await okOrWarning(() => call(endpoints.signup, request, options));
      if (response.status === ResponseStatus.Warning) {
        return { kind: 'warning', messages: response.messages };
      }
      const data = dataOrThrow(response);
      return data === null ? { kind: 'created' } : { kind: 'signedIn', data };
    },

    /** POST auth/signupWithGoogle: the session, with a message when the account already existed. */
    async signupWithGoogle(
      request: SignupWithGoogleRequest,
      options?: CallOptions,
    ): Promise<SignupWithGoogleResult> {
      const response = await call(endpoints.signupWithGoogle, request, options);
      return { data: dataOrThrow(response), messages: response.messages };
    },

    /** POST auth/loginWithGoogle (authCodeResponse): the session. */
    loginWithGoogle: data(endpoints.loginWithGoogle),

    /** POST auth/requestPasswordReset (email, redirectTo): ok or a warning. */
    async requestPasswordReset(
      request: RequestPasswordResetRequest,
      options?: CallOptions,
    ): Promise<PasswordResetRequestResult> {
      // The contract does not pin this call's data: the same answer whether or not the address
      // exists, so nothing in it is read.
      const response = await okOrWarning(() =>
        call(endpoints.requestPasswordReset, request, options),
      );
      if (response.status === ResponseStatus.Warning) {
        return { kind: 'warning', messages: response.messages };
      }
      dataOrThrow(response);
      return { kind: 'ok' };
    },

    /** POST auth/validatePasswordResetKey (key): whether the emailed key can still be used. */
    async validatePasswordResetKey(
      request: ValidatePasswordResetKeyRequest,
      options?: CallOptions,
    ): Promise<boolean> {
      return (await data(endpoints.validatePasswordResetKey)(request, options)).valid;
    },

    /** POST auth/resetPassword (key, newPassword); ApiError (server messages) when not updated. */
    async resetPassword(request: ResetPasswordRequest, options?: CallOptions): Promise<void> {
      const response = await call(endpoints.resetPassword, request, options);
      if (!dataOrThrow(response).updated) throw notDone(response.messages);
    },

    /**
     * POST auth/activate (activationKey): data.activated and data.message. A non-Ok answer that
     * still carries that data is returned with activated false; otherwise it throws.
     */
    async activate(request: ActivateRequest, options?: CallOptions): Promise<ActivateResponse> {
      return outcome(await call(endpoints.activate, request, options), 'activated');
    },

    /** POST auth/confirmEmailAddress (key): data.confirmed and data.message, like activate. */
    async confirmEmailAddress(
      request: ConfirmEmailAddressRequest,
      options?: CallOptions,
    ): Promise<ConfirmEmailAddressResponse> {
      return outcome(await call(endpoints.confirmEmailAddress, request, options), 'confirmed');
    },
  };
}
