import { defineFlow } from '../../shared/flow';
import type { referenceListMachine } from '../../machines/referenceListMachine';

export type CurrenciesActors = { referenceList: typeof referenceListMachine };

/**
 * Currencies (/admin/currencies, issue 19): the currencies reference list, maintained by hosts' Administrators in
 * the admin area (the shared reference list machine with the currencies calls).
 */
export const currenciesFlow = defineFlow<CurrenciesActors>({
  id: 'currencies',
  routes: [
    {
      path: '/admin/currencies',
      layout: 'admin',
      title: 'Currencies',
      adminMenu: { label: 'Currencies', order: 50 },
    },
  ],
  access: 'host',
  load: () => import('./index'),
  machines: () =>
    import('../../machines/referenceListMachine').then((m) => [m.referenceListMachine]),
});
