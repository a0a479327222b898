/** The payments' queries (design §2: routes -> domain -> queries). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  billingCheckoutSessions,
  billingEvents,
  tenants,
  tenantUsers,
  type TenantRow,
} from '../../db/schema';

/** The tenant of the user's membership, when their login to it is enabled. */
export async function selectMemberTenant(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<TenantRow | undefined> {
  const [row] = await db
    .select({ tenant: tenants })
    .from(tenantUsers)
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(
      and(
        eq(tenantUsers.userId, userId),
        eq(tenantUsers.tenantId, tenantId),
        eq(tenantUsers.loginEnabled, true),
      ),
    );
  return row?.tenant;
}

export async function selectTenant(db: Queryable, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

export async function selectTenantByCustomer(
  db: Queryable,
  customerId: string,
): Promise<TenantRow | undefined> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(eq(tenants.paymentProviderCustomerId, customerId));
  return row;
}

/** Sets the tenant's customer unless it has one; answers the tenant's customer id either way. */
export async function setCustomerOnce(
  db: Queryable,
  tenantId: number,
  customerId: string,
): Promise<string | null> {
  const [updated] = await db
    .update(tenants)
    .set({ paymentProviderCustomerId: customerId })
    .where(and(eq(tenants.id, tenantId), isNull(tenants.paymentProviderCustomerId)))
    .returning({ customerId: tenants.paymentProviderCustomerId });
  if (updated !== undefined) return updated.customerId;
  return (await selectTenant(db, tenantId))?.paymentProviderCustomerId ?? null;
}

export type SubscriptionChanges = Partial<
  Pick<
    TenantRow,
    | 'paymentProviderCustomerId'
    | 'paymentProviderSubscriptionId'
    | 'subscriptionStatus'
    | 'isTrialing'
    | 'trialEndDate'
    | 'cancelAtPeriodEnd'
    | 'currentPeriodEndDate'
  >
>;

export async function updateTenantSubscription(
  db: Queryable,
  tenantId: number,
  changes: SubscriptionChanges,
): Promise<TenantRow | undefined> {
  const [row] = await db.update(tenants).set(changes).where(eq(tenants.id, tenantId)).returning();
  return row;
}

export async function insertCheckoutSession(db: Queryable, sessionId: string, tenantId: number) {
  await db.insert(billingCheckoutSessions).values({ sessionId, tenantId });
}

export async function selectCheckoutSession(db: Queryable, sessionId: string, tenantId: number) {
  const [row] = await db
    .select()
    .from(billingCheckoutSessions)
    .where(
      and(
        eq(billingCheckoutSessions.sessionId, sessionId),
        eq(billingCheckoutSessions.tenantId, tenantId),
      ),
    );
  return row;
}

/** Marks the session confirmed; false when it already was (a replay). */
export async function claimCheckoutSession(
  db: Queryable,
  sessionId: string,
  tenantId: number,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .update(billingCheckoutSessions)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(billingCheckoutSessions.sessionId, sessionId),
        eq(billingCheckoutSessions.tenantId, tenantId),
        isNull(billingCheckoutSessions.confirmedAt),
      ),
    )
    .returning({ sessionId: billingCheckoutSessions.sessionId });
  return claimed.length === 1;
}

/** Records an event as applied; false when it already was. */
export async function recordEvent(
  db: Queryable,
  eventId: string,
  type: string,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values({ eventId, type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: billingEvents.eventId });
  return inserted.length === 1;
}
