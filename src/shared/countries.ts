import { DEFAULT_PHONE_COUNTRY, type Country } from '../../contract/lists';
import { FAILED_TO_FETCH_COUNTRIES } from '../services/api/countries';

/** A country of the phone pickers: the three fields the views use. */
export type CountryOption = Pick<Country, 'code' | 'name' | 'callingCode'>;

/** Spec §9: the default phone country, and the only one when the list cannot be loaded. */
export const FALLBACK_COUNTRIES: readonly CountryOption[] = [
  { code: DEFAULT_PHONE_COUNTRY, name: 'United Kingdom', callingCode: '44' },
];

/** Resolves with the enabled countries (sorted by name), or the fallback; never rejects. */
export type CountriesLoader = () => Promise<readonly CountryOption[]>;

/**
 * The countries of the phone pickers (POST /countries/list, spec §7.2), loaded once per page and
 * shared by every screen. A failure is logged as 'Failed to fetch countries' (spec §8 Data
 * loads) and answers GB only; the next screen that asks tries again.
 */
export function createCountriesLoader(
  list: () => Promise<Country[]>,
  logError: (message: string, error: unknown) => void,
): CountriesLoader {
  let loaded: Promise<readonly CountryOption[]> | null = null;
  return () => {
    loaded ??= list().then(
      (countries) => {
        const enabled = countries
          .filter((country) => country.enabled)
          .map(({ code, name, callingCode }) => ({ code, name, callingCode }));
        return enabled.length > 0 ? enabled : FALLBACK_COUNTRIES;
      },
      (error: unknown) => {
        logError(FAILED_TO_FETCH_COUNTRIES, error);
        loaded = null;
        return FALLBACK_COUNTRIES;
      },
    );
    return loaded;
  };
}
