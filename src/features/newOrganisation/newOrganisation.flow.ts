import { defineFlow } from '../../shared/flow';
import type { newOrganisationMachine } from './newOrganisationMachine';

export type NewOrganisationActors = { newOrganisation: typeof newOrganisationMachine };

/** New Organisation (spec §2.3), /account/organisation/new, in the account area. */
export const newOrganisationFlow = defineFlow<NewOrganisationActors>({
  id: 'newOrganisation',
  routes: [{ path: '/account/organisation/new', layout: 'app', title: 'New Organisation' }],
  access: 'user',
  load: () => import('./index'),
  machines: () => import('./newOrganisationMachine').then((m) => [m.newOrganisationMachine]),
});
