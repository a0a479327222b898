/**
 * POST currencies/list (spec §7.2 Currencies): the enabled currencies (every currency with
 * includeDisabled, which the route allows hosts only), filtered by searchString (name or code),
 * sorted (Name by default), paged, with totalCount only when asked for.
 */
import type { ListResponse } from '../../../contract/lists';
import type { Currency, ReferenceListRequest } from '../../../contract/referenceLists';
import type { Queryable } from '../../db/database';
import { referenceListPage } from '../../domain/referenceLists';
import { currencyQueries, type CurrencyRow } from './queries';

const collator = new Intl.Collator('en', { sensitivity: 'base' });

const SORT_KEYS = {
  name: (a: CurrencyRow, b: CurrencyRow) => collator.compare(a.name, b.name),
  code: (a: CurrencyRow, b: CurrencyRow) => a.code.localeCompare(b.code),
  order: (a: CurrencyRow, b: CurrencyRow) => a.order - b.order,
  id: (a: CurrencyRow, b: CurrencyRow) => a.id - b.id,
} as const;

export const CURRENCY_SORT_BY_INVALID = 'sortBy must be one of Name, Code, Order, Id.';

const toCurrency = (row: CurrencyRow): Currency => ({
  id: row.id,
  name: row.name,
  code: row.code,
  symbol: row.symbol,
  enabled: row.enabled,
  order: row.order,
});

export async function listCurrencies(
  db: Queryable,
  request: ReferenceListRequest,
): Promise<ListResponse<Currency>> {
  const rows = await currencyQueries.selectAll(db);
  return referenceListPage(
    request.includeDisabled === true ? rows : rows.filter((row) => row.enabled),
    request,
    {
      sortKeys: SORT_KEYS,
      defaultSort: 'name',
      sortByInvalid: CURRENCY_SORT_BY_INVALID,
      matches: (row, search) =>
        row.name.toLowerCase().includes(search) || row.code.toLowerCase() === search,
      toItem: toCurrency,
    },
  );
}
