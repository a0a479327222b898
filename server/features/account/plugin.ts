import { defineArea } from '../../area';
import type { Core } from '../../core';
import type { AccountDeps } from './accountContext';
import { createAccountLimits } from './limits';
import { accountRoutes } from './routes';
import { accountSettings, type AccountSettings } from './settings';

/** The account calls' dependencies (the records area, an administrator's, shares them). */
export function accountDeps(core: Core, settings: AccountSettings): AccountDeps {
  const { now } = core.domain;
  return {
    ...core.identity,
    media: core.media,
    feedPages: core.feedPages,
    accountLimits: createAccountLimits(settings.accountRateLimit, now, core.windows),
    // An owner's account deletion deletes the customer at the payments provider too.
    billing: core.billing.provider,
  };
}

export const accountArea = defineArea({
  name: 'account',
  settings: accountSettings,
  register: (core, settings) =>
    accountRoutes({ account: accountDeps(core, settings), cookie: core.cookie }),
});
