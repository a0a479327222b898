import { identityEndpoints } from '../../../contract/endpoints/identity';
import { REFERENCE_LIST_REQUEST } from '../../../contract/lists';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export const FAILED_TO_FETCH_COUNTRIES = 'Failed to fetch countries';

export function createCountriesApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /**
     * Every country, sorted by Name (page 1, pageSize 999, by Name ascending, no total count).
     * Any failure throws an ApiError; the caller shows {@link FAILED_TO_FETCH_COUNTRIES}.
     */
    list: async (options?: CallOptions) =>
      (await data(identityEndpoints.countriesList, REFERENCE_LIST_REQUEST, options)).list,
  };
}

export type CountriesApi = ReturnType<typeof createCountriesApi>;
