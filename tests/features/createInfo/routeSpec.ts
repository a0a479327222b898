import type { FlowAccess } from '../../../src/machines/flows';

/**
 * Spec §2.1 layouts and §6 roles of the createInfo flow's routes; tests/app/flowRegistry.test.ts
 * finds this file by convention and checks the registry against it.
 */
export const routeSpec: Record<string, { layout: string; access: FlowAccess }> = {
  // The public layout for a visitor, the app layout for someone signed in (issue 15); spec
  // §2.1: the app layout sends a person whose tenant is onboarding to /onboarding (issue 34).
  '/create-info': { layout: 'landing', access: 'landing' },
  // The app layout's entry to creating (spec §2.1 App layout): Create info, signed in.
  '/create': { layout: 'app', access: 'user' },
};
