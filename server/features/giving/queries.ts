/** The gifts' queries (architecture.md §2: routes -> domain -> queries). */
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { billingEvents, drops, gifts, tenants, users, type GiftRow } from '../../db/schema';

export type { GiftRow };
export type NewGift = typeof gifts.$inferInsert;

export async function insertGift(db: Queryable, row: NewGift): Promise<GiftRow | undefined> {
  const [inserted] = await db.insert(gifts).values(row).returning();
  return inserted;
}

export async function selectGiftBySession(
  db: Queryable,
  sessionId: string,
): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.providerSessionId, sessionId));
  return row;
}

export function selectGiftsByPayment(db: Queryable, paymentId: string): Promise<GiftRow[]> {
  return db.select().from(gifts).where(eq(gifts.providerPaymentId, paymentId));
}

/**
 * Moves a gift from one status to the next, only if it is still in `from`: two confirmations at
 * once (the return and the webhook) change it once; the loser gets undefined.
 */
export async function moveGift(
  db: Queryable,
  id: number,
  from: string,
  changes: Partial<NewGift> & { status: string },
): Promise<GiftRow | undefined> {
  const [row] = await db
    .update(gifts)
    .set(changes)
    .where(and(eq(gifts.id, id), eq(gifts.status, from)))
    .returning();
  return row;
}

/** Whether a provider event was recorded (applied) before. */
export async function paymentEventSeen(db: Queryable, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: billingEvents.eventId })
    .from(billingEvents)
    .where(eq(billingEvents.eventId, eventId));
  return row !== undefined;
}

export async function selectUserName(db: Queryable, userId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row === undefined ? '' : `${row.firstName} ${row.lastName}`.trim();
}

const giftColumns = {
  gift: gifts,
  dropGuid: drops.guid,
  charityName: tenants.name,
};

/** One gift with its Drop's guid and its charity's name. */
export async function selectGiftView(db: Queryable, id: number) {
  const [row] = await db
    .select(giftColumns)
    .from(gifts)
    .leftJoin(drops, eq(drops.id, gifts.dropId))
    .innerJoin(tenants, eq(tenants.id, gifts.charityTenantId))
    .where(eq(gifts.id, id));
  return row;
}

export interface GiftPage {
  limit: number;
  offset: number;
}

/** A giver's gifts, newest first (every status: a pending or refunded one is theirs too). */
export function selectGiverGifts(db: Queryable, userId: number, page: GiftPage) {
  return db
    .select(giftColumns)
    .from(gifts)
    .leftJoin(drops, eq(drops.id, gifts.dropId))
    .innerJoin(tenants, eq(tenants.id, gifts.charityTenantId))
    .where(eq(gifts.giverUserId, userId))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countGiverGifts(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(gifts)
    .where(eq(gifts.giverUserId, userId));
  return row?.total ?? 0;
}

/**
 * Gifts a charity sees: those that were paid (confirmed, then perhaps refunded or disputed); a
 * pending or cancelled checkout never reached it.
 */
const receivedStatus = isNotNull(gifts.confirmedAt);

/** The gifts a charity received, newest first: confirmed ones and those taken back. */
export function selectCharityGifts(db: Queryable, charityTenantId: number, page: GiftPage) {
  return db
    .select(giftColumns)
    .from(gifts)
    .leftJoin(drops, eq(drops.id, gifts.dropId))
    .innerJoin(tenants, eq(tenants.id, gifts.charityTenantId))
    .where(and(eq(gifts.charityTenantId, charityTenantId), receivedStatus))
    .orderBy(desc(gifts.confirmedAt), desc(gifts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCharityGifts(db: Queryable, charityTenantId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(gifts)
    .where(and(eq(gifts.charityTenantId, charityTenantId), receivedStatus));
  return row?.total ?? 0;
}
