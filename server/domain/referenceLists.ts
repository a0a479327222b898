/**
 * A page of a reference list (countries, topics…): the rows are few and read whole, then filtered
 * by searchString, sorted by one of the list's keys (sortBy, any letter case; ties by id), paged
 * (pageSize at most 999 by default) and counted only when asked for.
 */
import type { ListRequest, ListResponse } from '../../contract/lists';
import { LIST_PAGE_SIZE_MAX } from '../../contract/lists';
import { invalid } from './errors';

export interface ReferenceListShape<Row extends { id: number }, Item> {
  /** Comparators by lower-case sortBy. */
  sortKeys: Record<string, (a: Row, b: Row) => number>;
  /** The key used when sortBy is absent or empty. */
  defaultSort: string;
  /** The refusal of an unknown sortBy. */
  sortByInvalid: string;
  /** Whether a row matches the trimmed, lower-case searchString (not called when it is empty). */
  matches: (row: Row, search: string) => boolean;
  toItem: (row: Row) => Item;
}

export function referenceListPage<Row extends { id: number }, Item>(
  rows: Row[],
  request: ListRequest,
  shape: ReferenceListShape<Row, Item>,
): ListResponse<Item> {
  const key =
    request.sortBy === undefined || request.sortBy === '' ? shape.defaultSort : request.sortBy;
  const compare = shape.sortKeys[key.toLowerCase()];
  if (compare === undefined) throw invalid(shape.sortByInvalid);
  const direction = request.sortByDescending === true ? -1 : 1;
  const search = request.searchString?.trim().toLowerCase() ?? '';
  const sorted = rows
    .filter((row) => search === '' || shape.matches(row, search))
    .sort((a, b) => direction * compare(a, b) || a.id - b.id);
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? LIST_PAGE_SIZE_MAX;
  const start = (page - 1) * pageSize;
  return {
    list: sorted.slice(start, start + pageSize).map(shape.toItem),
    totalCount: request.getTotalCount === true ? sorted.length : null,
  };
}
