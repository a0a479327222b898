import type { FastifyPluginAsync } from 'fastify';
import { accountEndpoints as endpoints } from '../../../contract/endpoints/account';
import { ok } from '../../http/envelope';
import { clearRefreshCookie, type RefreshCookieOptions } from '../../http/refreshCookie';
import { fileRoute, route } from '../../http/route';
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
    route(app, endpoints.get, async ({ payload, scope }) =>
      ok(await getUser(account, scope, payload.id)),
    );
    route(app, endpoints.getUserEditDetails, async ({ scope }) =>
      ok(await getUserEditDetails(account, scope)),
    );
    route(app, endpoints.updatePersonalDetails, async ({ payload, scope }) =>
      ok(await updatePersonalDetails(account, scope, payload)),
    );
    route(app, endpoints.updatePreferences, async ({ payload, scope }) =>
      ok(await updatePreferences(account, scope, payload)),
    );
    route(app, endpoints.setConsentToHelpEmails, async ({ payload, scope }) =>
      ok(await setConsentToHelpEmails(account, scope, payload.value)),
    );
    route(app, endpoints.setConsentToMarketingEmails, async ({ payload, scope }) =>
      ok(await setConsentToMarketingEmails(account, scope, payload.value)),
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
