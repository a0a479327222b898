import { useEffect, useState } from 'react';
import { FALLBACK_COUNTRIES, type CountriesLoader, type CountryOption } from './countries';

/**
 * The countries of a phone picker: GB (the default) at once, then the loaded list (or still GB
 * only when it could not be loaded).
 */
export function useCountries(loadCountries: CountriesLoader): readonly CountryOption[] {
  const [countries, setCountries] = useState<readonly CountryOption[]>(FALLBACK_COUNTRIES);
  useEffect(() => {
    let active = true;
    void loadCountries().then((loaded) => {
      if (active) setCountries(loaded);
    });
    return () => {
      active = false;
    };
  }, [loadCountries]);
  return countries;
}
