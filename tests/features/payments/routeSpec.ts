import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the payments flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // Organisation (issue 18): every member sees the subscription, its invoices and the
  // integration (spec §6: all app screens); only Administrators change them (the machines).
  '/account/organisation/payments': { layout: 'app', access: 'user' },
};
