import type { FastifyPluginAsync } from 'fastify';
import { identityEndpoints as endpoints } from '../../contract/endpoints/identity';
import { activate, confirmEmailAddress } from '../domain/activation';
import { listCountries } from '../domain/countries';
import { handleExists } from '../domain/handles';
import type { IdentityDeps } from '../domain/identityContext';
import {
  RESET_KEY_INVALID,
  requestPasswordReset,
  resetPassword,
  validatePasswordResetKey,
} from '../domain/passwordReset';
import { signup } from '../domain/signup';
import { loginWithGoogle, signupWithGoogle } from '../domain/thirdPartySignIn';
import { sendVerificationCode, verifyCode } from '../domain/verification';
import { ok } from '../http/envelope';
import type { RefreshCookieOptions } from '../http/refreshCookie';
import { route } from '../http/route';
import { answerSession } from '../http/sessionAnswer';

export interface IdentityRouteDeps {
  identity: IdentityDeps;
  cookie: RefreshCookieOptions;
}

/**
 * The identity calls of spec §7.2: email verification, signup (email and Google), Google login,
 * password recovery, activation, email confirmation, the handle check and the countries list.
 * All are public (no bearer token); their field messages are the endpoints' (contract).
 */
export function identityRoutes(deps: IdentityRouteDeps): FastifyPluginAsync {
  const { identity, cookie } = deps;
  return async (app) => {
    route(app, endpoints.verifyAccount, async ({ payload, clientAddress }) => {
      await sendVerificationCode(identity, {
        email: payload.email,
        forSignup: payload.forSignup ?? false,
        clientAddress,
      });
      return ok({ sent: true });
    });

    route(app, endpoints.verifyAccountCode, async ({ payload, clientAddress }) => {
      await verifyCode(identity, { ...payload, clientAddress });
      return ok({ verified: true });
    });

    route(app, endpoints.signup, async ({ payload, clientAddress, reply }) => {
      const outcome = await signup(identity, { ...payload, clientAddress });
      return outcome.kind === 'signedIn' ? answerSession(reply, cookie, outcome.session) : ok(null);
    });

    route(app, endpoints.signupWithGoogle, async ({ payload, clientAddress, reply }) => {
      const outcome = await signupWithGoogle(identity, payload, clientAddress);
      return answerSession(reply, cookie, outcome.session, outcome.messages);
    });

    route(app, endpoints.loginWithGoogle, async ({ payload, reply }) =>
      answerSession(reply, cookie, await loginWithGoogle(identity, payload.authCodeResponse)),
    );

    route(app, endpoints.requestPasswordReset, async ({ payload, clientAddress }) => {
      await requestPasswordReset(identity, {
        email: payload.email,
        redirectTo: payload.redirectTo,
        clientAddress,
      });
      return ok(null);
    });

    route(app, endpoints.validatePasswordResetKey, async ({ payload, clientAddress }) => {
      const valid = await validatePasswordResetKey(identity, payload.key, clientAddress);
      return ok({ valid }, valid ? [] : [RESET_KEY_INVALID]);
    });

    route(app, endpoints.resetPassword, async ({ payload, clientAddress }) => {
      await resetPassword(identity, { ...payload, clientAddress });
      return ok({ updated: true });
    });

    route(app, endpoints.activate, async ({ payload, clientAddress }) =>
      ok(await activate(identity, payload.activationKey, clientAddress)),
    );

    route(app, endpoints.confirmEmailAddress, async ({ payload, clientAddress }) =>
      ok(await confirmEmailAddress(identity, payload.key, clientAddress)),
    );

    route(app, endpoints.handleExists, async ({ payload }) =>
      ok(await handleExists(identity.db, payload.value)),
    );

    route(app, endpoints.countriesList, async ({ payload }) =>
      ok(await listCountries(identity.db, payload)),
    );
  };
}
