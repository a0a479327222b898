import type { FastifyPluginAsync } from 'fastify';
import { accountEndpoints as endpoints } from '../../../contract/endpoints/account';
import { ok } from '../../http/envelope';
import { clearRefreshCookie, type RefreshCookieOptions } from '../../http/refreshCookie';
import { answer, passTo, fileRoute, route } from '../../http/route';
import type { AccountDeps } from './accountContext';
import { deleteMyAccount } from './deletion';
import {
  getUser,
  getUserEditDetails,
  setConsentToHelpEmails,
  setConsentToMarketingEmails,
  updatePersonalDetails,
  updatePreferences,
} from './domain';
import { updatePassword } from './password';
import { downloadPersonalData } from './personalData';

export interface AccountRouteDeps {
  account: AccountDeps;
  cookie: RefreshCookieOptions;
}

/**
 * The account settings calls of spec §7.2: the personal-details user, personal details,
 * preferences and consents, the password, the personal-data download (a zip, not an envelope)
 * and deleting one's own account (which signs the caller out: the refresh cookie is cleared).
 */
export function accountRoutes(deps: AccountRouteDeps): FastifyPluginAsync {
  const { account, cookie } = deps;
  return async (app) => {
    answer(app, endpoints.get, (payload, scope) => getUser(account, scope, payload.id));
    answer(app, endpoints.getUserEditDetails, passTo(account, getUserEditDetails));
    answer(app, endpoints.updatePersonalDetails, passTo(account, updatePersonalDetails));
    answer(app, endpoints.updatePreferences, passTo(account, updatePreferences));
    answer(app, endpoints.setConsentToHelpEmails, (payload, scope) =>
      setConsentToHelpEmails(account, scope, payload.value),
    );
    answer(app, endpoints.setConsentToMarketingEmails, (payload, scope) =>
      setConsentToMarketingEmails(account, scope, payload.value),
    );
    route(app, endpoints.updatePassword, async ({ payload, scope, client }) =>
      ok(await updatePassword(account, scope, payload, client)),
    );
    fileRoute(app, endpoints.downloadPersonalData, async ({ scope }) =>
      downloadPersonalData(account, scope),
    );
    route(app, endpoints.deleteMyAccount, async ({ scope, reply }) => {
      const outcome = await deleteMyAccount(account, scope);
      clearRefreshCookie(reply, cookie);
      return ok(outcome);
    });
  };
}
