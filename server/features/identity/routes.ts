import type { FastifyPluginAsync } from 'fastify';
import { identityEndpoints as endpoints } from '../../../contract/endpoints/identity';
import { activate, confirmEmailAddress } from './activation';
import { listCountries } from './countries';
import { handleExists } from './handles';
import type { IdentityDeps } from './identityContext';
import {
  RESET_KEY_INVALID,
  requestPasswordReset,
  resetPassword,
  validatePasswordResetKey,
} from './passwordReset';
import { signup } from './signup';
import { loginWithGoogle, signupWithGoogle } from './thirdPartySignIn';
import { sendVerificationCode, verifyCode } from './verification';
import { ok } from '../../http/envelope';
import type { RefreshCookieOptions } from '../../http/refreshCookie';
import { answer, route, scopeFor } from '../../http/route';
import { answerSession } from '../../http/sessionAnswer';

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
    route(app, endpoints.verifyAccount, async ({ payload, client }) => {
      await sendVerificationCode(identity, {
        email: payload.email,
        forSignup: payload.forSignup ?? false,
        client,
      });
      return ok({ sent: true });
    });

    route(app, endpoints.verifyAccountCode, async ({ payload, client }) => {
      await verifyCode(identity, { ...payload, client });
      return ok({ verified: true });
    });

    route(app, endpoints.signup, async ({ payload, client, reply }) => {
      const outcome = await signup(identity, { ...payload, clientAddress: client.address });
      return outcome.kind === 'signedIn' ? answerSession(reply, cookie, outcome.session) : ok(null);
    });

    route(app, endpoints.signupWithGoogle, async ({ payload, client, reply }) => {
      const outcome = await signupWithGoogle(identity, payload, client.address);
      return answerSession(reply, cookie, outcome.session, outcome.messages);
    });

    route(app, endpoints.loginWithGoogle, async ({ payload, reply }) =>
      answerSession(reply, cookie, await loginWithGoogle(identity, payload.authCodeResponse)),
    );

    route(app, endpoints.requestPasswordReset, async ({ payload, client }) => {
      await requestPasswordReset(identity, {
        email: payload.email,
        redirectTo: payload.redirectTo,
        client,
      });
      return ok(null);
    });

    route(app, endpoints.validatePasswordResetKey, async ({ payload, client }) => {
      const valid = await validatePasswordResetKey(identity, payload.key, client);
      return ok({ valid }, valid ? [] : [RESET_KEY_INVALID]);
    });

    route(app, endpoints.resetPassword, async ({ payload, client }) => {
      await resetPassword(identity, { ...payload, client });
      return ok({ updated: true });
    });

    route(app, endpoints.activate, async ({ payload, client }) =>
      ok(await activate(identity, payload.activationKey, client)),
    );

    route(app, endpoints.confirmEmailAddress, async ({ payload, client }) =>
      ok(await confirmEmailAddress(identity, payload.key, client)),
    );

    answer(app, endpoints.handleExists, (payload) => handleExists(identity.db, payload.value));

    route(app, endpoints.countriesList, async ({ payload, request }) => {
      // Disabled countries are the admin area's: a host's request only.
      if (payload.includeDisabled === true) await scopeFor(request, 'host');
      return ok(await listCountries(identity.db, payload));
    });
  };
}
