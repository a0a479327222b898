import { defineFlow } from '../../shared/flow';
import type { organisationDetailsMachine } from './organisationDetailsMachine';

export type OrganisationDetailsActors = {
  organisationDetails: typeof organisationDetailsMachine;
};

/** Organisation Details (spec §2.1, §2.2), /account/organisation, in the account area. */
export const organisationDetailsFlow = defineFlow<OrganisationDetailsActors>({
  id: 'organisationDetails',
  routes: [{ path: '/account/organisation', layout: 'app', title: 'Organisation Details' }],
  access: 'user',
  load: () => import('./index'),
  machines: () =>
    import('./organisationDetailsMachine').then((m) => [m.organisationDetailsMachine]),
});
