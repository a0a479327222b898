import { defineArea } from '../../area';
import { accountDeps } from '../account/plugin';
import { accountSettings } from '../account/settings';
import { recordRoutes } from './routes';

/** The user records calls, on the account area's dependencies and settings. */
export const recordsArea = defineArea({
  name: 'records',
  settings: accountSettings,
  register: (core, settings) => recordRoutes({ records: accountDeps(core, settings) }),
});
