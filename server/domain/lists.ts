/** What every list call (spec §3 List request) shares: its page's rows, and a search pattern. */
import { LIST_PAGE_SIZE_MAX, type ListRequest } from '../../contract/lists';

/**
 * No list is deeper: a page beyond answers an empty list (a larger offset, e.g. of page 1e300,
 * which the request's integer allows, would fail the query: a 500).
 */
const MAX_LIST_OFFSET = 2_147_483_647;

/** The rows of a list request's page; undefined for a page past any list. */
export function pageOf(payload: ListRequest): { limit: number; offset: number } | undefined {
  const pageSize = payload.pageSize ?? LIST_PAGE_SIZE_MAX;
  const page = payload.page ?? 1;
  const offset = (page - 1) * pageSize;
  return offset > MAX_LIST_OFFSET ? undefined : { limit: pageSize, offset };
}

/** A LIKE pattern finding `search` anywhere, in lower case, its wildcards escaped. */
export const containsPattern = (search: string) =>
  `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
