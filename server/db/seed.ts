/**
 * Seeds the countries reference list when it is empty and, unless told not to (production without
 * SEED_DEMO), the demo tenants and users when the database has no users yet (both idempotent).
 */
import { count } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { addDays } from '../domain/context';
import { hashPassword } from '../domain/passwords';
import { avatarColours, PRIVACY_POLICY_VERSION, TERMS_VERSION } from '../domain/users';
import { buildCountryList } from './countries';
import { buildCurrencyList } from './currencies';
import type { Database, Transaction } from './database';
import { seedBilling } from './seedBilling';
import { seedContent } from './seedContent';
import { countries, currencies, tenants, tenantUsers, topics, users } from './schema';
import { buildTopicList } from './topics';
import {
  DEMO_MEMBERSHIPS,
  DEMO_PASSWORD,
  DEMO_TENANTS,
  DEMO_USERS,
  type DemoTenant,
  type DemoTenantKey,
  type DemoUser,
} from './seedData';

export interface SeedOptions {
  /** The moment the seed happens; subscription dates are relative to it. */
  now?: Date;
  /**
   * Whether the demo tenants, users (with the published {@link DEMO_PASSWORD}), posts and drops
   * are seeded (default true; the server passes its `seedDemo` setting, off in production).
   */
  demo?: boolean;
}

function tenantValues(tenant: DemoTenant, now: Date) {
  const { subscription } = tenant;
  const trialing = subscription.kind === 'trialing';
  return {
    name: tenant.name,
    accountType: tenant.accountType,
    isOnboarding: tenant.isOnboarding,
    isTrialing: trialing,
    trialEndDate: trialing ? addDays(now, subscription.trialDays) : null,
    subscriptionStatus: subscription.kind,
    cancelAtPeriodEnd: false,
    currentPeriodEndDate: trialing ? null : addDays(now, subscription.periodDays),
    ...tenant.details,
  };
}

async function userValues(user: DemoUser, now: Date) {
  return {
    email: user.email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: user.firstName,
    lastName: user.lastName,
    handle: user.handle,
    isHost: user.isHost,
    accountStatus: 'Active',
    emailConfirmed: true,
    termsAcceptedDate: now,
    termsVersion: TERMS_VERSION,
    privacyPolicyAgreedDate: now,
    privacyPolicyVersion: PRIVACY_POLICY_VERSION,
    ...avatarColours(user.firstName, user.lastName),
  };
}

type UserValues = Awaited<ReturnType<typeof userValues>>;

async function insertTenants(tx: Transaction, now: Date) {
  const ids = new Map<DemoTenantKey, number>();
  for (const tenant of Object.values(DEMO_TENANTS)) {
    const [row] = await tx
      .insert(tenants)
      .values(tenantValues(tenant, now))
      .returning({ id: tenants.id });
    if (row !== undefined) ids.set(tenant.key, row.id);
  }
  return ids;
}

async function insertUsers(tx: Transaction, values: Map<DemoUser['key'], UserValues>) {
  const ids = new Map<DemoUser['key'], number>();
  for (const [key, value] of values) {
    const [row] = await tx.insert(users).values(value).returning({ id: users.id });
    if (row !== undefined) ids.set(key, row.id);
  }
  return ids;
}

function requireId<K>(ids: Map<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed row ${String(key)} was not created.`);
  return id;
}

/** True when at least one user exists. */
export async function hasUsers(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) > 0;
}

/** Inserts `build()`'s rows into the table when it is empty, in one transaction; true when it did. */
function seedWhenEmpty<T extends PgTable>(
  db: Database,
  table: T,
  build: () => PgInsertValue<T>[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ total: count() }).from(table as PgTable);
    if ((row?.total ?? 0) > 0) return false;
    await tx.insert(table).values(build());
    return true;
  });
}

/** Inserts the countries reference list when the table is empty; true when it did. */
export const seedCountries = (db: Database) => seedWhenEmpty(db, countries, buildCountryList);

/** Inserts the currencies reference list when the table is empty; true when it did. */
export const seedCurrencies = (db: Database) => seedWhenEmpty(db, currencies, buildCurrencyList);

/** Inserts the interest topics when the table is empty; true when it did. */
export const seedTopics = (db: Database) => seedWhenEmpty(db, topics, buildTopicList);

/**
 * Inserts the countries, currencies and topics when there are none and, with `options.demo` (the default), the demo
 * users and tenants unless users exist (returns true when it did) and the demo posts and drops
 * when there are none (seedContent.ts).
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<boolean> {
  await seedCountries(db);
  await seedCurrencies(db);
  await seedTopics(db);
  if (options.demo === false) return false;
  const now = options.now ?? new Date();
  const seeded = await seedDemoUsers(db, now);
  await seedContent(db, { now });
  return seeded;
}

async function seedDemoUsers(db: Database, now: Date): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const values = new Map<DemoUser['key'], UserValues>();
  for (const user of Object.values(DEMO_USERS)) values.set(user.key, await userValues(user, now));
  return db.transaction(async (tx) => {
    if (await hasUsers(tx)) return false;
    const tenantIds = await insertTenants(tx, now);
    const userIds = await insertUsers(tx, values);
    for (const membership of DEMO_MEMBERSHIPS) {
      await tx.insert(tenantUsers).values({
        tenantId: requireId(tenantIds, membership.tenant),
        userId: requireId(userIds, membership.user),
        userRole: membership.userRole,
        owner: membership.owner,
      });
    }
    await seedBilling(tx, tenantIds, now);
    return true;
  });
}
