import { identityEndpoints } from '../../../contract/endpoints/identity';
import { REFERENCE_LIST_REQUEST, type Country } from '../../../contract/lists';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export const FAILED_TO_FETCH_COUNTRIES = 'Failed to fetch countries';

export interface CountriesApi {
  /**
   * Every country, sorted by Name (page 1, pageSize 999, by Name ascending, no total count).
   * Any failure throws an ApiError; the caller shows {@link FAILED_TO_FETCH_COUNTRIES}.
   */
  list(options?: CallOptions): Promise<Country[]>;
}

export function createCountriesApi(http: HttpClient): CountriesApi {
  const call = createCall(http);
  return {
    list: async (options) =>
      dataOrThrow(await call(identityEndpoints.countriesList, REFERENCE_LIST_REQUEST, options))
        .list,
  };
}
