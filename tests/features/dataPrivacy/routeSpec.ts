import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the dataPrivacy flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // The account area (issue 16). /data-privacy is a full-page route (spec §2.1): the data privacy
  // information for whoever opens it, the account actions for a signed-in person (issue 34).
  '/account/data-privacy': { layout: 'app', access: 'user' },
  '/data-privacy': { layout: 'fullPage', access: 'anyone' },
};
