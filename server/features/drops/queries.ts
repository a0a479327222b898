/** The drops' queries (architecture.md §2: routes -> domain -> queries). */
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { drops, gifts, tenants, users, type DropMediaFile, type DropRow } from '../../db/schema';

export type { DropMediaFile, DropRow };

/**
 * The Drops a reader sees in the carousel at `now`: everyone's live ones (published, started, not
 * ended, not cancelled), and the reader's own scheduled and draft ones (not ended, not cancelled).
 */
function visibleTo(readerId: number, now: Date) {
  const notOver = and(isNull(drops.cancelledAt), gt(drops.endsAt, now));
  return and(
    notOver,
    or(and(eq(drops.isDraft, false), lte(drops.date, now)), eq(drops.userId, readerId)),
  );
}

/** How many drops the reader sees at `now`. */
export async function countVisibleDrops(
  db: Queryable,
  readerId: number,
  now: Date,
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(drops).where(visibleTo(readerId, now));
  return row?.total ?? 0;
}

export interface DropPageQuery {
  readerId: number;
  now: Date;
  descending: boolean;
  limit: number;
  offset: number;
}

/**
 * What a Drop raised: its confirmed gifts (a refunded or disputed one is no longer confirmed),
 * summed once per gift row, and its givers (a person once however often they gave; each
 * signed-out gift on its own). One subquery per Drop, so nothing is counted twice.
 */
const raisedOf = sql<string>`coalesce((select sum(${gifts.amount}) from ${gifts} where ${gifts.dropId} = ${drops.id} and ${gifts.status} = 'confirmed'), 0)`;
const giversOf = sql<number>`(select count(distinct coalesce(${gifts.giverUserId}::text, ${gifts.guid}::text)) from ${gifts} where ${gifts.dropId} = ${drops.id} and ${gifts.status} = 'confirmed')::int`;

const dropColumns = {
  id: drops.id,
  guid: drops.guid,
  userId: drops.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  handle: users.handle,
  userAvatarUrl: users.avatarUrl,
  content: drops.content,
  date: drops.date,
  endsAt: drops.endsAt,
  isDraft: drops.isDraft,
  cancelledAt: drops.cancelledAt,
  goal: drops.goal,
  currency: drops.currency,
  reactions: drops.reactions,
  media: drops.media,
  exclusiveText: drops.exclusiveText,
  exclusiveMedia: drops.exclusiveMedia,
  charityGuid: tenants.guid,
  charityName: tenants.name,
  charityLogoUrl: tenants.logoUrl,
  charityCurrency: tenants.currency,
  raised: raisedOf,
  givers: giversOf,
};

/** A page of the drops the reader sees at `now`, by date (then id), with authors and totals. */
export function selectVisibleDrops(db: Queryable, query: DropPageQuery) {
  const direction = query.descending ? desc : asc;
  return db
    .select(dropColumns)
    .from(drops)
    .innerJoin(users, eq(users.id, drops.userId))
    .leftJoin(tenants, eq(tenants.id, drops.charityTenantId))
    .where(visibleTo(query.readerId, query.now))
    .orderBy(direction(drops.date), direction(drops.id))
    .limit(query.limit)
    .offset(query.offset);
}

export type DropView = Awaited<ReturnType<typeof selectVisibleDrops>>[number];

/** One Drop by guid with its author, charity and totals. */
export async function selectDropView(db: Queryable, guid: string): Promise<DropView | undefined> {
  const [row] = await db
    .select(dropColumns)
    .from(drops)
    .innerJoin(users, eq(users.id, drops.userId))
    .leftJoin(tenants, eq(tenants.id, drops.charityTenantId))
    .where(eq(drops.guid, guid));
  return row;
}

export async function selectDropByGuid(db: Queryable, guid: string): Promise<DropRow | undefined> {
  const [row] = await db.select().from(drops).where(eq(drops.guid, guid));
  return row;
}

/** Whether the user has a confirmed gift to the Drop (the exclusive content opens). */
export async function hasGiven(db: Queryable, dropId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(gifts)
    .where(
      and(eq(gifts.dropId, dropId), eq(gifts.giverUserId, userId), eq(gifts.status, 'confirmed')),
    );
  return (row?.total ?? 0) > 0;
}

export type NewDrop = typeof drops.$inferInsert;

export async function insertDrop(db: Queryable, row: NewDrop): Promise<DropRow | undefined> {
  const [inserted] = await db.insert(drops).values(row).returning();
  return inserted;
}

export async function updateDrop(
  db: Queryable,
  id: number,
  changes: Partial<NewDrop>,
): Promise<DropRow | undefined> {
  const [updated] = await db.update(drops).set(changes).where(eq(drops.id, id)).returning();
  return updated;
}

export async function deleteDropRow(db: Queryable, id: number): Promise<void> {
  await db.delete(drops).where(eq(drops.id, id));
}

export interface CharityRow {
  id: number;
  guid: string;
  name: string;
  logoUrl: string;
  currency: string;
}

const charityColumns = {
  id: tenants.id,
  guid: tenants.guid,
  name: tenants.name,
  logoUrl: tenants.logoUrl,
  currency: tenants.currency,
};

const isCharity = and(eq(tenants.accountType, 'Charity'), eq(tenants.enabled, true));

/** An enabled Charity organisation by guid. */
export async function selectCharity(db: Queryable, guid: string): Promise<CharityRow | undefined> {
  const [row] = await db
    .select(charityColumns)
    .from(tenants)
    .where(and(eq(tenants.guid, guid), isCharity));
  return row;
}

export async function selectCharityById(
  db: Queryable,
  id: number,
): Promise<CharityRow | undefined> {
  const [row] = await db.select(charityColumns).from(tenants).where(eq(tenants.id, id));
  return row;
}

/** Enabled Charity organisations whose name holds `search` (any case), by name. */
export function searchCharities(db: Queryable, search: string, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(charityColumns)
    .from(tenants)
    .where(and(isCharity, ilike(tenants.name, pattern)))
    .orderBy(asc(tenants.name), asc(tenants.id))
    .limit(limit);
}
