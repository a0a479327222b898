/**
 * The demo organisations' billing (development and demo data only, as the rest of the seed):
 * Harbour Hope (owner@example.com's) pays for an active subscription at the development billing
 * stand-in, with one invoice (a real PDF) per month for three months; the trialing organisations
 * (member@example.com's own among them) have no billing customer yet.
 */
import { eq } from 'drizzle-orm';
import { insertPaidSubscription } from '../billing/standIn';
import type { Transaction } from './database';
import { tenants } from './schema';
import { DEMO_TENANTS, DEMO_USERS, type DemoTenantKey } from './seedData';

/** Invoices of the paying demo organisation (one per month). */
export const DEMO_INVOICE_COUNT = 3;

export async function seedBilling(
  tx: Transaction,
  tenantIds: Map<DemoTenantKey, number>,
  now: Date,
): Promise<void> {
  const tenantId = tenantIds.get('harbourHope');
  if (tenantId === undefined) return;
  const { customer, subscription } = await insertPaidSubscription(tx, {
    reference: String(tenantId),
    name: DEMO_TENANTS.harbourHope.name,
    email: DEMO_USERS.owner.email,
    now,
    periods: DEMO_INVOICE_COUNT,
  });
  await tx
    .update(tenants)
    .set({
      paymentProviderCustomerId: customer.id,
      paymentProviderSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      isTrialing: false,
      cancelAtPeriodEnd: false,
      currentPeriodEndDate: subscription.currentPeriodEnd,
    })
    .where(eq(tenants.id, tenantId));
}
