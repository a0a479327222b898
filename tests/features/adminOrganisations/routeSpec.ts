import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the adminOrganisations flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // Issue 19: the host's lists of every organisation and every user.
  '/admin/organisations': { layout: 'admin', access: 'host' },
};
