import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the error flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // Anyone; an onboarding tenant's person sees the onboarding flow (spec §2.3 Landing).
  '/error': { layout: 'none', access: 'public' },
};
