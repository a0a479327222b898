/**
 * The reference lists' queries (architecture.md §2: routes -> domain -> queries): countries,
 * currencies and topics share their shape (id, name, order, enabled; a code for the first two),
 * so one set of queries serves each table.
 */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  countries,
  currencies,
  topics,
  type CountryRow,
  type CurrencyRow,
  type TopicRow,
} from '../../db/schema';

export type { CountryRow, CurrencyRow, TopicRow };

type ListTable = typeof countries | typeof currencies | typeof topics;

/** What every row of a reference list has. */
export interface ListRow {
  id: number;
  name: string;
  order: number;
  enabled: boolean;
}

export interface ListQueries<Row extends ListRow, Values> {
  /**
   * Every row by Order (then id). `lock`: inside a write's transaction the rows are locked
   * (FOR UPDATE), so two writes of one list take turns and never interleave their reorders.
   */
  selectAll(db: Queryable, options?: { lock?: boolean }): Promise<Row[]>;
  selectById(db: Queryable, id: number): Promise<Row | undefined>;
  insert(db: Queryable, values: Values & { order: number; enabled: boolean }): Promise<Row>;
  update(db: Queryable, id: number, values: Partial<Values & { enabled: boolean }>): Promise<Row>;
  setOrder(db: Queryable, id: number, order: number): Promise<void>;
  remove(db: Queryable, id: number): Promise<void>;
}

function queriesOf<Row extends ListRow, Values>(table: ListTable): ListQueries<Row, Values> {
  // The three tables have the same columns for these queries; Drizzle's types do not see that
  // through the union, so the rows are read as the table's own row type.
  const t = table as typeof topics;
  return {
    async selectAll(db, options = {}) {
      const query = db.select().from(t).orderBy(asc(t.order), asc(t.id));
      return (await (options.lock === true ? query.for('update') : query)) as unknown as Row[];
    },
    async selectById(db, id) {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row as unknown as Row | undefined;
    },
    async insert(db, values) {
      const [row] = await db
        .insert(t)
        .values(values as never)
        .returning();
      return row as unknown as Row;
    },
    async update(db, id, values) {
      const [row] = await db
        .update(t)
        .set(values as never)
        .where(eq(t.id, id))
        .returning();
      return row as unknown as Row;
    },
    async setOrder(db, id, order) {
      await db.update(t).set({ order }).where(eq(t.id, id));
    },
    async remove(db, id) {
      await db.delete(t).where(eq(t.id, id));
    },
  };
}

export const countryQueries = queriesOf<
  CountryRow,
  { name: string; code: string; callingCode: string }
>(countries);
export const currencyQueries = queriesOf<
  CurrencyRow,
  { name: string; code: string; symbol: string }
>(currencies);
export const topicQueries = queriesOf<TopicRow, { name: string }>(topics);
