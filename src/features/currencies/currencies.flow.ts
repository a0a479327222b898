import { adminPage } from '../../shared/flow';
import { referenceListFlow } from '../../shared/referenceListFlow';

/**
 * Currencies (/admin/currencies, issue 19): the currencies reference list, maintained by hosts' Administrators in
 * the admin area (the shared reference list machine with the currencies calls).
 */
export const currenciesFlow = referenceListFlow(
  'currencies',
  adminPage('/admin/currencies', 'Currencies', 50),
  () => import('./index'),
);
