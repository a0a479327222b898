import { createCountriesApi } from '../services/api/countries';
import { createCountriesLoader, type CountriesLoader } from './countries';
import type { FlowServices } from './flow';

/** A flow's countries loader for its phone pickers, from POST /countries/list (spec §7.2). */
export function flowCountriesLoader(services: FlowServices): CountriesLoader {
  const countries = createCountriesApi(services.http);
  return createCountriesLoader(() => countries.list(), services.logError);
}
