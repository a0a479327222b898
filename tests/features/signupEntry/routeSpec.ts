import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the signupEntry flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // Spec §2.1 'Also seen': sign out, then start signup.
  '/brand-signup': { layout: 'none', access: 'public' },
  '/buyer-signup': { layout: 'none', access: 'public' },
};
