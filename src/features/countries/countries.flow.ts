import { adminPage } from '../../shared/flow';
import { referenceListFlow } from '../../shared/referenceListFlow';

/**
 * Countries (/admin/countries, issue 19): the countries reference list, maintained by hosts' Administrators in
 * the admin area (the shared reference list machine with the countries calls).
 */
export const countriesFlow = referenceListFlow(
  'countries',
  adminPage('/admin/countries', 'Countries', 40),
  () => import('./index'),
);
