import { adminPage, defineFlow } from '../../shared/flow';
import type { adminOrganisationsMachine } from './adminOrganisationsMachine';

export type AdminOrganisationsActors = {
  adminOrganisations: typeof adminOrganisationsMachine;
};

/** Every organisation, /admin/organisations (issue 19): hosts' Administrators only. */
export const adminOrganisationsFlow = defineFlow<AdminOrganisationsActors>({
  id: 'adminOrganisations',
  routes: [adminPage('/admin/organisations', 'Organisations', 60)],
  access: 'host',
  load: () => import('./index'),
  machines: () => import('./adminOrganisationsMachine').then((m) => [m.adminOrganisationsMachine]),
});
