import { defineFlow } from '../../shared/flow';
import type { onboardingMachine } from './onboardingMachine';

export type OnboardingActors = { onboarding: typeof onboardingMachine };

/**
 * Onboarding, /onboarding (spec §2.3): step 2 choose topics, step 3 profile photo, step 4 welcome,
 * in the full-page layout whose back arrow goes to the previous step (never below step 2). Only
 * while the person's organisation is onboarding: once its status says it is finished, they are
 * sent to / (and the landing page sends an onboarding organisation's people here).
 */
export const onboardingFlow = defineFlow<OnboardingActors>({
  id: 'onboarding',
  routes: [{ path: '/onboarding', layout: 'fullPage', title: 'Welcome' }],
  access: 'onboarding',
  handlesBack: true,
  load: () => import('./index'),
  machines: () => import('./onboardingMachine').then((m) => [m.onboardingMachine]),
});
