import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the admin flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // The admin area (issue 19, spec §2.3 Admin): Administrators who are hosts.
  '/admin': { layout: 'admin', access: 'host' },
};
