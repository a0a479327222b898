/** The countries reference list (spec §7.2 Countries): POST countries/list, public. */
import { CountryList, REFERENCE_LIST_REQUEST, type Country } from '../../../contract/lists';
import { apiPaths } from '../../../contract/paths';
import { dataOrThrow } from '../apiResponse';
import type { HttpClient } from '../http';
import type { CallOptions } from './auth';

/** Spec §8 Data loads: what the screen shows when the list cannot be loaded. */
export const FAILED_TO_FETCH_COUNTRIES = 'Failed to fetch countries';

export interface CountriesApi {
  /**
   * Every country, sorted by Name (page 1, pageSize 999, by Name ascending, no total count).
   * Any failure throws an ApiError; the caller shows {@link FAILED_TO_FETCH_COUNTRIES}.
   */
  list(options?: CallOptions): Promise<Country[]>;
}

export function createCountriesApi(http: HttpClient): CountriesApi {
  return {
    async list(options) {
      const response = await http.post(
        apiPaths.countriesList,
        CountryList,
        REFERENCE_LIST_REQUEST,
        options,
      );
      return dataOrThrow(response).list;
    },
  };
}
