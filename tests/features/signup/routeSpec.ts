import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the signup flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // Spec §2.1 Public layout: the external sign-in callback.
  '/signup': { layout: 'fullPage', access: 'public' },
  '/signup-charity': { layout: 'fullPage', access: 'public' },
};
