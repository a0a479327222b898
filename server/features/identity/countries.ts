/**
 * The countries reference list (spec §7.2 Countries): public, enabled countries only, filtered by
 * searchString (name or code), sorted (Name by default, with English collation), paged
 * (pageSize at most 999), with totalCount only when asked for.
 */
import type { Country, ListRequest, ListResponse } from '../../../contract/lists';
import { LIST_PAGE_SIZE_MAX } from '../../../contract/lists';
import { countryNameCollator } from '../../db/countries';
import type { Queryable } from '../../db/database';
import { invalid } from '../../domain/errors';
import { listEnabledCountries, type CountryRow } from './queries';

const SORT_KEYS = {
  name: (a: CountryRow, b: CountryRow) => countryNameCollator.compare(a.name, b.name),
  code: (a: CountryRow, b: CountryRow) => a.code.localeCompare(b.code),
  callingcode: (a: CountryRow, b: CountryRow) =>
    Number(a.callingCode) - Number(b.callingCode) || a.code.localeCompare(b.code),
  order: (a: CountryRow, b: CountryRow) => a.order - b.order,
  id: (a: CountryRow, b: CountryRow) => a.id - b.id,
} as const;

export const SORT_BY_INVALID = 'sortBy must be one of Name, Code, CallingCode, Order, Id.';

function comparator(sortBy: string | undefined) {
  const key = (sortBy === undefined || sortBy === '' ? 'name' : sortBy.toLowerCase()) as string;
  const compare = (SORT_KEYS as Record<string, (a: CountryRow, b: CountryRow) => number>)[key];
  if (compare === undefined) throw invalid(SORT_BY_INVALID);
  return compare;
}

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
  request: ListRequest,
): Promise<ListResponse<Country>> {
  const compare = comparator(request.sortBy);
  const direction = request.sortByDescending === true ? -1 : 1;
  const search = request.searchString?.trim().toLowerCase() ?? '';
  const rows = (await listEnabledCountries(db))
    .filter(
      (row) =>
        search === '' ||
        row.name.toLowerCase().includes(search) ||
        row.code.toLowerCase() === search,
    )
    .sort((a, b) => direction * compare(a, b) || a.id - b.id);
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? LIST_PAGE_SIZE_MAX;
  const start = (page - 1) * pageSize;
  return {
    list: rows.slice(start, start + pageSize).map(toCountry),
    totalCount: request.getTotalCount === true ? rows.length : null,
  };
}
