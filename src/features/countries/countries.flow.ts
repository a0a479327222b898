import { defineFlow } from '../../shared/flow';
import type { referenceListMachine } from '../../machines/referenceListMachine';

export type CountriesActors = { referenceList: typeof referenceListMachine };

/**
 * Countries (/admin/countries, issue 19): the countries reference list, maintained by hosts' Administrators in
 * the admin area (the shared reference list machine with the countries calls).
 */
export const countriesFlow = defineFlow<CountriesActors>({
  id: 'countries',
  routes: [
    {
      path: '/admin/countries',
      layout: 'admin',
      title: 'Countries',
      adminMenu: { label: 'Countries', order: 40 },
    },
  ],
  access: 'host',
  load: () => import('./index'),
  machines: () =>
    import('../../machines/referenceListMachine').then((m) => [m.referenceListMachine]),
});
