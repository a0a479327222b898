/**
 * Drizzle schema of the reference server. Migrations are generated from this file with
 * `npx drizzle-kit generate` into server/db/migrations and applied at start.
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Secrets the server generates for itself (e.g. the JWT signing key when JWT_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  guid: uuid('guid').notNull().unique().defaultRandom(),
  name: text('name').notNull(),
  /** One of contract accountTypes. */
  accountType: text('account_type').notNull(),
  isTrialing: boolean('is_trialing').notNull().default(false),
  trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
  subscriptionStatus: text('subscription_status'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEndDate: timestamp('current_period_end_date', { withTimezone: true }),
  isOnboarding: boolean('is_onboarding').notNull().default(true),
  paymentProviderCustomerId: text('payment_provider_customer_id'),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  guid: uuid('guid').notNull().unique().defaultRandom(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  /** Self-describing scrypt hash (see server/domain/passwords.ts). */
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  handle: text('handle').notNull().unique(),
  avatarUrl: text('avatar_url').notNull().default(''),
  /** One of contract avatarTypes. */
  avatarType: text('avatar_type').notNull().default('Initials'),
  avatarColor: text('avatar_color').notNull(),
  avatarBgColor: text('avatar_bg_color').notNull(),
  accountStatus: text('account_status').notNull().default('Active'),
  isHost: boolean('is_host').notNull().default(false),
  /** The tenant the user last switched to; the default current tenant at login. */
  lastTenantId: integer('last_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const tenantUsers = pgTable(
  'tenant_users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Contract UserRole: 0 User, 1 Administrator. */
    userRole: integer('user_role').notNull().default(0),
    owner: boolean('owner').notNull().default(false),
    loginEnabled: boolean('login_enabled').notNull().default(true),
    lastLoginDate: timestamp('last_login_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tenant_users_tenant_user_idx').on(table.tenantId, table.userId),
    index('tenant_users_user_idx').on(table.userId),
  ],
);

/**
 * Refresh tokens, stored as sha256 hashes. A login starts a family; each rotation marks the
 * presented token used and adds a new one to the same family, which keeps its absolute expiry.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export type TenantRow = typeof tenants.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type TenantUserRow = typeof tenantUsers.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
