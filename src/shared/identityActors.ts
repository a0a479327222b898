import { fromPromise } from 'xstate';
import type { AuthCodeResponse } from '../../contract/identity';
import { captchaTokenMachine } from '../machines/captchaTokenMachine';
import { emailVerificationMachine } from '../machines/emailVerificationMachine';
import { handleCheckMachine } from '../machines/handleCheckMachine';
import { thirdPartySignInMachine } from '../machines/thirdPartySignInMachine';
import { createIdentityApi } from '../services/api/identity';
import { createUsersApi } from '../services/api/users';
import type { FlowServices } from './flow';
import { sessionFromResponse } from './session';
import { readableSignInFailure } from './signInFailure';

/**
 * The real actors of the shared identity machines (architecture.md §2: src/machines holds the machines
 * several flows invoke; their real implementations are built here once, for every flow that
 * runs them: login, signup, personal details and, later, invitation).
 */

/** The email verification widget (POST auth/verifyAccount, auth/verifyAccountCode). */
export function createEmailVerification(services: FlowServices) {
  const identity = createIdentityApi(services.http);
  return emailVerificationMachine.provide({
    actors: {
      verifyAccount: fromPromise(({ input }) => identity.verifyAccount(input)),
      verifyAccountCode: fromPromise(async ({ input }) => {
        await identity.verifyAccountCode(input);
        return true;
      }),
    },
  });
}

/** The handle availability check (GET users/handleExists); a newer check aborts the older. */
export function createHandleCheck(services: FlowServices) {
  const users = createUsersApi(services.http);
  return handleCheckMachine.provide({
    actors: {
      handleExists: fromPromise(({ input, signal }) => users.handleExists(input.value, { signal })),
    },
  });
}

/** One captcha token for `action`, from the configured adapter (once it is ready). */
export async function executeCaptcha(services: FlowServices, action: string): Promise<string> {
  const { captcha } = await services.thirdParties();
  await captcha.ready();
  return captcha.execute(action);
}

/** Captcha tokens per action (spec §4 Captcha token), from the configured adapter. */
export function createCaptchaToken(services: FlowServices) {
  return captchaTokenMachine.provide({
    actors: {
      executeCaptcha: fromPromise(({ input }) => executeCaptcha(services, input.action)),
    },
  });
}

/** The third-party sign-in and sign-up ('Login with Google', 'Sign up with Google'). */
export function createThirdPartySignIn(services: FlowServices) {
  const identity = createIdentityApi(services.http);
  return thirdPartySignInMachine.provide({
    actors: {
      // Called straight from the click (the machine invokes it on the event), so the provider's
      // popup is allowed to open.
      requestAuthCode: fromPromise<AuthCodeResponse>(({ signal }) =>
        services
          .thirdParties()
          .then(({ signIn }) => signIn.requestCode({ signal }))
          .catch((error: unknown) => {
            throw readableSignInFailure(error);
          }),
      ),
      captchaToken: createCaptchaToken(services),
      signupWithGoogle: fromPromise(async ({ input }) => {
        const result = await identity.signupWithGoogle(input);
        return { session: sessionFromResponse(result.data), messages: result.messages };
      }),
      loginWithGoogle: fromPromise(async ({ input }) =>
        sessionFromResponse(await identity.loginWithGoogle(input)),
      ),
    },
  });
}
