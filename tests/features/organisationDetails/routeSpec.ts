import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the organisationDetails flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // The account area (issue 16); /data-privacy is the full-page one for people still onboarding.
  '/account/organisation': { layout: 'app', access: 'user' },
};
