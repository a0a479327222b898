/**
 * The reference lists a host maintains (spec §7.2 "Countries and currencies" and "Topics";
 * issue 19): create, update, upsert, enable or disable, reorder, delete. Order runs 1..n over
 * every row (enabled or not) and is made whole again by every reorder and deleteAndReorder.
 *
 * Refused with a message and nothing changed (each write is one transaction over the list's
 * locked rows): a name another row has (any letter case) or a code another row has; an unknown
 * id; a place out of range; and disabling or deleting what a form needs — onboarding asks for
 * at least 3 enabled topics, the phone pickers for the default country (GB) and for at least one
 * enabled country, the currency lists for at least one enabled currency.
 */
import type { ListResponse } from '../../../contract/lists';
import { DEFAULT_PHONE_COUNTRY } from '../../../contract/lists';
import type {
  ChangeOrderRequest,
  CountryFields,
  CurrencyFields,
  MoveOrderToIndexRequest,
  ReferenceListKind,
  SetEnabledRequest,
  TopicFields,
} from '../../../contract/referenceLists';
import { referenceListTexts as t } from '../../../contract/referenceLists';
import { MINIMUM_TOPICS } from '../../../contract/topics';
import type { Queryable } from '../../db/database';
import { isStorableId } from '../../db/recordIds';
import type { DomainContext } from '../../domain/context';
import { DomainError, invalid, notFound } from '../../domain/errors';
import { uniqueViolation } from '../identity/accounts';
import {
  countryQueries,
  currencyQueries,
  topicQueries,
  type CountryRow,
  type CurrencyRow,
  type ListQueries,
  type ListRow,
  type TopicRow,
} from './queries';

const conflict = (message: string) => new DomainError('conflict', message);

/** One list's rules: its queries, its texts, and what must stay enabled. */
interface ListRules<Row extends ListRow, Fields extends { name: string }> {
  queries: ListQueries<Row, Fields>;
  notFound: string;
  nameTaken: (name: string) => string;
  /** The code's field and its refusal, for the lists with codes. */
  codeTaken?: (code: string) => string;
  /** Why `row` may not stop being enabled (disabled or deleted) among `rows`; null when it may. */
  mustStayEnabled(row: Row, rows: readonly Row[]): string | null;
  /** Why `row` may not get these fields; null when it may. */
  mayChange?(row: Row, fields: Fields): string | null;
  /** The fields as stored (trimmed). */
  normalise(fields: Fields): Fields;
}

const enabledCount = (rows: readonly ListRow[]) => rows.filter((row) => row.enabled).length;
const trimmedName = <F extends { name: string }>(fields: F): F => ({
  ...fields,
  name: fields.name.trim(),
});

const countryRules: ListRules<CountryRow, CountryFields> = {
  queries: countryQueries,
  notFound: t.countries.notFound,
  nameTaken: t.countries.nameTaken,
  codeTaken: t.countries.codeTaken,
  mustStayEnabled: (row, rows) => {
    if (row.code === DEFAULT_PHONE_COUNTRY)
      return t.countries.defaultCountry(DEFAULT_PHONE_COUNTRY);
    if (row.enabled && enabledCount(rows) <= 1) return t.countries.lastEnabled;
    return null;
  },
  mayChange: (row, fields) =>
    row.code === DEFAULT_PHONE_COUNTRY && fields.code !== DEFAULT_PHONE_COUNTRY
      ? t.countries.defaultCountry(DEFAULT_PHONE_COUNTRY)
      : null,
  normalise: trimmedName,
};

const currencyRules: ListRules<CurrencyRow, CurrencyFields> = {
  queries: currencyQueries,
  notFound: t.currencies.notFound,
  nameTaken: t.currencies.nameTaken,
  codeTaken: t.currencies.codeTaken,
  mustStayEnabled: (row, rows) =>
    row.enabled && enabledCount(rows) <= 1 ? t.currencies.lastEnabled : null,
  normalise: (fields) => ({ ...trimmedName(fields), symbol: fields.symbol.trim() }),
};

const topicRules: ListRules<TopicRow, TopicFields> = {
  queries: topicQueries,
  notFound: t.topics.notFound,
  nameTaken: t.topics.nameTaken,
  mustStayEnabled: (row, rows) =>
    row.enabled && enabledCount(rows) <= MINIMUM_TOPICS ? t.topics.minimumEnabled : null,
  normalise: trimmedName,
};

export const listRules = {
  countries: countryRules,
  currencies: currencyRules,
  topics: topicRules,
} as const;

type RulesOf<K extends ReferenceListKind> = (typeof listRules)[K];
type RowOf<K extends ReferenceListKind> = RulesOf<K> extends ListRules<infer R, never> ? R : never;
type FieldsOf<K extends ReferenceListKind> = {
  countries: CountryFields;
  currencies: CurrencyFields;
  topics: TopicFields;
}[K];

/** A list's rules, seen through the shape every list shares. */
function rulesOf<K extends ReferenceListKind>(kind: K): ListRules<RowOf<K>, FieldsOf<K>> {
  return listRules[kind] as unknown as ListRules<RowOf<K>, FieldsOf<K>>;
}

const codeOf = (row: object): string | undefined =>
  'code' in row && typeof row.code === 'string' ? row.code : undefined;

/** Refuses a name or code that another row has (names in any letter case). */
function checkUnique<Row extends ListRow, F extends { name: string }>(
  rules: ListRules<Row, F>,
  rows: readonly Row[],
  fields: F,
  exceptId: number | null,
): void {
  const name = fields.name.toLocaleLowerCase('en');
  const others = rows.filter((row) => row.id !== exceptId);
  if (others.some((row) => row.name.toLocaleLowerCase('en') === name)) {
    throw conflict(rules.nameTaken(fields.name));
  }
  const code = codeOf(fields);
  if (code !== undefined && rules.codeTaken && others.some((row) => codeOf(row) === code)) {
    throw conflict(rules.codeTaken(code));
  }
}

function find<Row extends ListRow>(rules: ListRules<Row, never>, rows: readonly Row[], id: number) {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw notFound(rules.notFound);
  return row;
}

/** Gives rows 1..n in the order given, writing only the rows whose Order changes. */
async function renumber<Row extends ListRow>(
  db: Queryable,
  queries: ListQueries<Row, never>,
  ordered: readonly Row[],
): Promise<Row[]> {
  const renumbered: Row[] = [];
  for (const [index, row] of ordered.entries()) {
    const order = index + 1;
    if (row.order !== order) await queries.setOrder(db, row.id, order);
    renumbered.push({ ...row, order });
  }
  return renumbered;
}

const asList = <T>(list: T[]): ListResponse<T> => ({ list, totalCount: null });

/** A name or code that another write took meanwhile (the database's unique index), as a 409. */
export const TAKEN_MEANWHILE = 'That name or code was just taken; reload the list and try again.';

/**
 * Runs `work` in one transaction over the list's rows, locked, in Order. A unique index broken
 * by a concurrent insert (a row the lock could not see yet) is a 409, never a 500.
 */
async function withRows<K extends ReferenceListKind, T>(
  ctx: DomainContext,
  kind: K,
  work: (tx: Queryable, rules: ListRules<RowOf<K>, FieldsOf<K>>, rows: RowOf<K>[]) => Promise<T>,
): Promise<T> {
  const rules = rulesOf(kind);
  try {
    return await ctx.db.transaction(async (tx) =>
      work(tx, rules, await rules.queries.selectAll(tx, { lock: true })),
    );
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw conflict(TAKEN_MEANWHILE);
    throw error;
  }
}

/** GET …/get */
export async function getRow<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  id: number,
): Promise<RowOf<K>> {
  const rules = rulesOf(kind);
  // The only call that sends the id itself to the database (the others find it among the rows).
  const row = isStorableId(id) ? await rules.queries.selectById(ctx.db, id) : undefined;
  if (!row) throw notFound(rules.notFound);
  return row;
}

/** POST …/create: last in Order. */
export function createRow<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  input: FieldsOf<K> & { enabled?: boolean | undefined },
): Promise<RowOf<K>> {
  return withRows(ctx, kind, async (tx, rules, rows) => {
    const { enabled, ...raw } = input;
    const fields = rules.normalise(raw as unknown as FieldsOf<K>);
    if (fields.name === '') throw invalid(t.nameRequired);
    checkUnique(rules, rows, fields, null);
    const order = rows.reduce((last, row) => Math.max(last, row.order), 0) + 1;
    return rules.queries.insert(tx, { ...fields, order, enabled: enabled ?? true });
  });
}

/** POST …/update: the row's fields; its Order and enabled flag stay. */
export function updateRow<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  input: FieldsOf<K> & { id: number },
): Promise<RowOf<K>> {
  return withRows(ctx, kind, async (tx, rules, rows) => {
    const { id, ...raw } = input;
    const row = find(rules as ListRules<RowOf<K>, never>, rows, id);
    const fields = rules.normalise(raw as unknown as FieldsOf<K>);
    if (fields.name === '') throw invalid(t.nameRequired);
    const refusal = rules.mayChange?.(row, fields) ?? null;
    if (refusal !== null) throw conflict(refusal);
    checkUnique(rules, rows, fields, id);
    return rules.queries.update(tx, id, fields as never);
  });
}

/** POST …/upsert: the row of `id` updated, or a new one when `id` is absent or 0. */
export async function upsertRow<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  input: FieldsOf<K> & { id?: number | undefined; enabled?: boolean | undefined },
): Promise<RowOf<K>> {
  const { id, enabled, ...fields } = input;
  if (id === undefined || id === 0) {
    return createRow(ctx, kind, { ...(fields as unknown as FieldsOf<K>), enabled });
  }
  const updated = await updateRow(ctx, kind, { ...(fields as unknown as FieldsOf<K>), id });
  return enabled === undefined || enabled === updated.enabled
    ? updated
    : setEnabled(ctx, kind, { id, value: enabled });
}

/** POST …/setEnabled (id, value) */
export function setEnabled<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  input: SetEnabledRequest,
): Promise<RowOf<K>> {
  return withRows(ctx, kind, async (tx, rules, rows) => {
    const row = find(rules as ListRules<RowOf<K>, never>, rows, input.id);
    if (row.enabled === input.value) return row;
    if (!input.value) {
      const refusal = rules.mustStayEnabled(row, rows);
      if (refusal !== null) throw conflict(refusal);
    }
    return rules.queries.update(tx, row.id, { enabled: input.value } as never);
  });
}

/** POST …/changeorder: one place up or down, swapping with the neighbour. */
export function changeOrder<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  input: ChangeOrderRequest,
): Promise<ListResponse<RowOf<K>>> {
  return withRows(ctx, kind, async (tx, rules, rows) => {
    const row = find(rules as ListRules<RowOf<K>, never>, rows, input.id);
    const from = rows.indexOf(row);
    const to = input.moveUp ? from - 1 : from + 1;
    if (to < 0) throw invalid(t.alreadyFirst);
    if (to >= rows.length) throw invalid(t.alreadyLast);
    return asList(await renumber(tx, rules.queries, moved(rows, from, to)));
  });
}

/** POST …/moveOrderToIndex: to the 0-based place `index` of the list in Order. */
export function moveOrderToIndex<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  input: MoveOrderToIndexRequest,
): Promise<ListResponse<RowOf<K>>> {
  return withRows(ctx, kind, async (tx, rules, rows) => {
    const row = find(rules as ListRules<RowOf<K>, never>, rows, input.id);
    if (input.index >= rows.length) throw invalid(t.indexOutOfRange(rows.length));
    return asList(await renumber(tx, rules.queries, moved(rows, rows.indexOf(row), input.index)));
  });
}

function moved<Row>(rows: readonly Row[], from: number, to: number): Row[] {
  const copy = [...rows];
  const [row] = copy.splice(from, 1);
  copy.splice(to, 0, row as Row);
  return copy;
}

/** DELETE …/delete: the row goes; the others keep their Order. */
export function deleteRow<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  id: number,
): Promise<{ deleted: true }> {
  return withRows(ctx, kind, async (tx, rules, rows) => {
    const row = find(rules as ListRules<RowOf<K>, never>, rows, id);
    const refusal = rules.mustStayEnabled(row, rows);
    if (refusal !== null) throw conflict(refusal);
    await rules.queries.remove(tx, id);
    return { deleted: true as const };
  });
}

/** POST …/deleteAndReorder: the row goes and the others are numbered 1..n again. */
export function deleteAndReorder<K extends ReferenceListKind>(
  ctx: DomainContext,
  kind: K,
  id: number,
): Promise<ListResponse<RowOf<K>>> {
  return withRows(ctx, kind, async (tx, rules, rows) => {
    const row = find(rules as ListRules<RowOf<K>, never>, rows, id);
    const refusal = rules.mustStayEnabled(row, rows);
    if (refusal !== null) throw conflict(refusal);
    await rules.queries.remove(tx, id);
    return asList(
      await renumber(
        tx,
        rules.queries,
        rows.filter((other) => other.id !== id),
      ),
    );
  });
}

/** Every row of a list (disabled ones too), by Order: the admin's lists. */
export function allRows<K extends ReferenceListKind>(db: Queryable, kind: K): Promise<RowOf<K>[]> {
  return rulesOf(kind).queries.selectAll(db);
}
