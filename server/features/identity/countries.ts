/**
 * The countries reference list (spec §7.2 Countries): public, enabled countries only (every
 * country with includeDisabled, which the route allows hosts only), filtered by
 * searchString (name or code), sorted (Name by default, with English collation), paged
 * (pageSize at most 999), with totalCount only when asked for.
 */
import type { Country, ListResponse } from '../../../contract/lists';
import type { ReferenceListRequest } from '../../../contract/referenceLists';
import { countryNameCollator } from '../../db/countries';
import type { Queryable } from '../../db/database';
import { referenceListPage } from '../../domain/referenceLists';
import { listAllCountries, listEnabledCountries, type CountryRow } from './queries';

const SORT_KEYS = {
  name: (a: CountryRow, b: CountryRow) => countryNameCollator.compare(a.name, b.name),
  code: (a: CountryRow, b: CountryRow) => a.code.localeCompare(b.code),
  callingcode: (a: CountryRow, b: CountryRow) =>
    Number(a.callingCode) - Number(b.callingCode) || a.code.localeCompare(b.code),
  order: (a: CountryRow, b: CountryRow) => a.order - b.order,
  id: (a: CountryRow, b: CountryRow) => a.id - b.id,
} as const;

export const SORT_BY_INVALID = 'sortBy must be one of Name, Code, CallingCode, Order, Id.';

const toCountry = (row: CountryRow): Country => ({
  id: row.id,
  name: row.name,
  code: row.code,
  callingCode: row.callingCode,
  enabled: row.enabled,
  order: row.order,
});

export async function listCountries(
  db: Queryable,
  request: ReferenceListRequest,
): Promise<ListResponse<Country>> {
  const rows =
    request.includeDisabled === true ? await listAllCountries(db) : await listEnabledCountries(db);
  return referenceListPage(rows, request, {
    sortKeys: SORT_KEYS,
    defaultSort: 'name',
    sortByInvalid: SORT_BY_INVALID,
    matches: (row, search) =>
      row.name.toLowerCase().includes(search) || row.code.toLowerCase() === search,
    toItem: toCountry,
  });
}
