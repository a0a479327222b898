/**
 * The countries reference list: every region libphonenumber-js knows (ISO 3166-1 alpha-2 codes
 * plus a few regions with their own calling code, such as Kosovo), with its international calling
 * code and its English name from Intl.DisplayNames. Ordered by name.
 */
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

export interface CountrySeed {
  name: string;
  code: string;
  callingCode: string;
  enabled: boolean;
  order: number;
}

/** English collation, so 'Åland Islands' sorts beside 'Albania' and not after 'Zimbabwe'. */
export const countryNameCollator = new Intl.Collator('en', { sensitivity: 'base' });

export function buildCountryList(): CountrySeed[] {
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'code' });
  return getCountries()
    .map((code) => ({
      name: names.of(code) ?? code,
      code,
      callingCode: getCountryCallingCode(code),
    }))
    .sort((a, b) => countryNameCollator.compare(a.name, b.name) || a.code.localeCompare(b.code))
    .map((country, index) => ({ ...country, enabled: true, order: index + 1 }));
}
