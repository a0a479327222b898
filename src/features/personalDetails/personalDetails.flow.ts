import { defineFlow } from '../../shared/flow';
import type { personalDetailsMachine } from './personalDetailsMachine';

export type PersonalDetailsActors = { personalDetails: typeof personalDetailsMachine };

/**
 * Personal Details (spec §2.3), /account/personal-details and /account (the same screen), in
 * the account area of the app layout.
 */
export const personalDetailsFlow = defineFlow<PersonalDetailsActors>({
  id: 'personalDetails',
  routes: [
    { path: '/account/personal-details', layout: 'app', title: 'Personal Details' },
    { path: '/account', layout: 'app', title: 'Personal Details' },
  ],
  access: 'user',
  load: () => import('./index'),
  machines: () => import('./personalDetailsMachine').then((m) => [m.personalDetailsMachine]),
});
