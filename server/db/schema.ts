/**
 * Drizzle schema of the reference server. Migrations are generated from this file with
 * `npx drizzle-kit generate` into server/db/migrations and applied at start.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_ANNOTATION_COLOR } from '../../contract/account';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Column builders the tables share (a builder is made per column: Drizzle binds each to its table).
const serialId = () => serial('id').primaryKey();
const guidColumn = () => uuid('guid').notNull().unique().defaultRandom();
const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** Secrets the server generates for itself (e.g. the JWT signing key when JWT_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const tenants = pgTable('tenants', {
  id: serialId(),
  guid: guidColumn(),
  name: text('name').notNull(),
  /** One of contract accountTypes. */
  accountType: text('account_type').notNull(),
  isTrialing: boolean('is_trialing').notNull().default(false),
  trialEndDate: timestampTz('trial_end_date'),
  subscriptionStatus: text('subscription_status'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEndDate: timestampTz('current_period_end_date'),
  isOnboarding: boolean('is_onboarding').notNull().default(true),
  paymentProviderCustomerId: text('payment_provider_customer_id'),
  /** The payment provider's subscription of this organisation, once it has one. */
  paymentProviderSubscriptionId: text('payment_provider_subscription_id'),
  // Organisation details (spec §3 Organisation); the name is `name` above.
  companyNumber: text('company_number').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  email: text('email').notNull().default(''),
  contactName: text('contact_name').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  website: text('website').notNull().default(''),
  /** The logo's file in the media service (as users.avatar_file_id); null when none. */
  logoFileId: text('logo_file_id'),
  /** The logo's public URL; '' when none. */
  logoUrl: text('logo_url').notNull().default(''),
  /**
   * Set off by a host (tenants/setEnabled): nobody signs into a disabled organisation, and its
   * sessions end.
   */
  enabled: boolean('enabled').notNull().default(true),
  /** Set off by a host (tenants/setSendingEmailsEnabled): mail on the organisation's behalf stops. */
  sendingEmailsEnabled: boolean('sending_emails_enabled').notNull().default(true),
  /** ISO 4217, lower case: the currency a Charity receives gifts in (contract/money.ts). */
  currency: text('currency').notNull().default('gbp'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serialId(),
    guid: guidColumn(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull().unique(),
    /**
     * A new address (lower-cased) waiting for its emailed confirmation link
     * (users/updatePersonalDetails); `email` signs in until the link is used. Null when none.
     */
    pendingEmail: text('pending_email'),
    /**
     * Self-describing scrypt hash (see server/domain/passwords.ts); null for an account that only
     * signs in with a third party (the Email login provider is the presence of a password).
     */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Unique regardless of case (see the lower(handle) index). */
    handle: text('handle').notNull().unique(),
    avatarUrl: text('avatar_url').notNull().default(''),
    /** One of contract avatarTypes. */
    avatarType: text('avatar_type').notNull().default('Initials'),
    /**
     * The media service's file of a Stored avatar (avatarUrl is its URL); null otherwise. Kept so
     * that the file is deleted when the avatar is replaced or removed.
     */
    avatarFileId: text('avatar_file_id'),
    avatarColor: text('avatar_color').notNull(),
    avatarBgColor: text('avatar_bg_color').notNull(),
    /** 'Active' or 'PendingActivation' (a signup waiting for its emailed activation link). */
    accountStatus: text('account_status').notNull().default('Active'),
    isHost: boolean('is_host').notNull().default(false),
    /** The tenant the user last switched to; the default current tenant at login. */
    lastTenantId: integer('last_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    /** E.164 ('+447911123456') or ''. */
    phone: text('phone').notNull().default(''),
    /** 'yyyy-MM-dd'; null when unknown (third-party signups). */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    consentToHelpEmails: boolean('consent_to_help_emails').notNull().default(false),
    consentToMarketingEmails: boolean('consent_to_marketing_emails').notNull().default(false),
    termsAcceptedDate: timestampTz('terms_accepted_date'),
    termsVersion: integer('terms_version'),
    privacyPolicyAgreedDate: timestampTz('privacy_policy_agreed_date'),
    privacyPolicyVersion: integer('privacy_policy_version'),
    /** '#rrggbb': the colour for drawing shapes in a viewer (spec §2.3 Preferences, hidden). */
    annotationColor: text('annotation_color').notNull().default(DEFAULT_ANNOTATION_COLOR),
    /** The Google account's subject id ('sub') when the Google login provider is linked. */
    googleSubject: text('google_subject').unique(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_handle_lower_idx').on(sql`lower(${table.handle})`)],
);

/** The organisation a row belongs to; the row goes with it. */
const tenantIdColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
/** The user a row belongs to; the row goes with them. */
const userIdColumn = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const tenantUsers = pgTable(
  'tenant_users',
  {
    id: serialId(),
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    /** Contract UserRole: 0 User, 1 Administrator. */
    userRole: integer('user_role').notNull().default(0),
    owner: boolean('owner').notNull().default(false),
    loginEnabled: boolean('login_enabled').notNull().default(true),
    lastLoginDate: timestampTz('last_login_date'),
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
 * No clear token is stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serialId(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: userIdColumn(),
    tenantId: tenantIdColumn(),
    familyExpiresAt: timestampTz('family_expires_at').notNull(),
    /** How the family's session signed in (contract loginProviders): the currentLoginProvider. */
    loginProvider: text('login_provider').notNull().default('Email'),
    createdAt: createdAt(),
    usedAt: timestampTz('used_at'),
    revokedAt: timestampTz('revoked_at'),
    /**
     * Set when the token is rotated: the new token, AES-256-GCM encrypted under a key derived from
     * this (now spent) token, which only its holder has. A refresh with this token again within the
     * grace period (concurrent refreshes) gets the same new token back; at most one row of a
     * family keeps one (cleared at the next rotation).
     */
    successorSealed: text('successor_sealed'),
    /**
     * An impersonation's family (auth/impersonate): the host who impersonates. Its access tokens
     * carry the host's id too, and such a session can never impersonate, change a password or
     * delete an account.
     */
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** An impersonation's family: the host's own session (family), which stopping returns to. */
    impersonatorFamilyId: uuid('impersonator_family_id'),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    /**
     * The live families: every authenticated call checks that its token's session (family) has
     * a row here, so ending a session ends its access tokens at once.
     */
    index('refresh_tokens_live_family_idx')
      .on(table.familyId)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/**
 * Email verification codes (spec §4 Email verification widget): one row per address, replaced by
 * each new code. Only an HMAC of the code is kept. A correct code sets verifiedAt, which signup
 * requires to be recent; too many wrong codes invalidate the row.
 */
export const emailVerificationCodes = pgTable('email_verification_codes', {
  id: serialId(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  verifiedAt: timestampTz('verified_at'),
  createdAt: createdAt(),
});

/**
 * Single-use keys sent by email: 'activation', 'emailConfirmation' and 'passwordReset'. Only a
 * sha256 of the key is kept; usedAt marks it spent.
 */
export const accountKeys = pgTable(
  'account_keys',
  {
    id: serialId(),
    /** One of server/features/identity/accountKeys.ts accountKeyKinds. */
    kind: text('kind').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    userId: userIdColumn(),
    /** The address the key was mailed to (a confirmation key confirms exactly this address). */
    email: text('email').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('account_keys_user_kind_idx').on(table.userId, table.kind)],
);

/** The countries reference list (spec §7.2): ISO 3166-1 alpha-2 codes with calling codes. */
export const countries = pgTable('countries', {
  id: serialId(),
  name: text('name').notNull().unique(),
  /** ISO 3166-1 alpha-2, upper case. */
  code: text('code').notNull().unique(),
  /** Digits only, without '+'. */
  callingCode: text('calling_code').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  order: integer('order').notNull(),
});

/** The currencies reference list (spec §7.2): ISO 4217 codes. */
export const currencies = pgTable('currencies', {
  id: serialId(),
  name: text('name').notNull().unique(),
  /** ISO 4217, upper case. */
  code: text('code').notNull().unique(),
  /** The sign shown before an amount ('£'); '' when none. */
  symbol: text('symbol').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  order: integer('order').notNull(),
});

/**
 * Every impersonation (auth/impersonate), written in the same transaction as the session it
 * starts. The people are kept by id and by address, with no foreign key: the record outlives
 * either account.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: serialId(),
    impersonatorUserId: integer('impersonator_user_id').notNull(),
    impersonatorEmail: text('impersonator_email').notNull(),
    impersonatedUserId: integer('impersonated_user_id').notNull(),
    impersonatedEmail: text('impersonated_email').notNull(),
    /** The organisation the impersonated session starts in. */
    tenantId: integer('tenant_id').notNull(),
    /** The impersonated session (refresh token family). */
    familyId: uuid('family_id').notNull(),
    /** The address the call came from. */
    remoteAddress: text('remote_address').notNull().default(''),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    /** When the host stopped (or the session ended); null while it runs. */
    endedAt: timestampTz('ended_at'),
  },
  (table) => [index('impersonations_impersonator_idx').on(table.impersonatorUserId)],
);

/** The development outbox: every mail sent while SMTP_URL is unset (read at GET /api/dev/mail). */
export const devOutboxMails = pgTable('dev_outbox_mails', {
  id: serialId(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  sentAt: timestampTz('sent_at').notNull(),
});

/** Timestamps of the feeds keep milliseconds, so a keyset cursor round-trips through a JS Date. */
const feedTimestamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Posts (spec §3 Post). A post is in the public feed when it is published, not a draft and its
 * publishedDate has come; the two partial indexes serve the feed's keyset pagination by either
 * sort order. The media columns describe the confirmed upload (server/media) of createWithFile;
 * its URL is built from the media service's base URL when the post is read.
 */
export const posts = pgTable(
  'posts',
  {
    id: serialId(),
    guid: guidColumn(),
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    message: text('message').notNull(),
    /** '' or an http(s) URL. */
    link: text('link').notNull().default(''),
    publishedDate: feedTimestamp('published_date').notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    /** The media service's file id (the pending upload's id, confirmed). */
    mediaFileId: text('media_file_id'),
    mediaOriginalName: text('media_original_name'),
    mediaWidth: integer('media_width'),
    mediaHeight: integer('media_height'),
    createdAt: feedTimestamp('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('posts_feed_published_idx')
      .on(table.publishedDate.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isPublished} and not ${table.isDraft}`),
    index('posts_feed_created_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isPublished} and not ${table.isDraft}`),
    index('posts_author_idx').on(table.userId, table.tenantId, table.createdAt.desc()),
  ],
);

/** A media file of a drop (a confirmed file of the media service); its URL is built when read. */
export interface DropMediaFile {
  fileId: string;
  type: 'image' | 'video';
  width: number;
  height: number;
}

/**
 * Drops (spec §3 Drop): time-limited posts with images and videos, shown in the carousel, that
 * take gifts for a chosen charity (issue 35). `date` is the Drop's start. Its shown status (Draft,
 * Scheduled, Live, Ended, Cancelled) follows from `isDraft`, `cancelledAt`, `date` and `endsAt`
 * by contract/dropStatusMachine.ts.
 */
export const drops = pgTable(
  'drops',
  {
    id: serialId(),
    guid: guidColumn(),
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    /** The teaser message everyone sees. */
    content: text('content').notNull(),
    date: feedTimestamp('date').notNull(),
    endsAt: timestampTz('ends_at').notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    cancelledAt: timestampTz('cancelled_at'),
    /**
     * The Charity organisation the Drop gives to; null when that organisation is gone (the Drop
     * then takes no gifts).
     */
    charityTenantId: integer('charity_tenant_id').references(() => tenants.id, {
      onDelete: 'set null',
    }),
    /** The goal in `currency`'s minor unit (contract/money.ts); null for none. */
    goal: integer('goal'),
    /** ISO 4217, lower case: the charity's currency when the Drop was made. */
    currency: text('currency').notNull().default('gbp'),
    reactions: integer('reactions').notNull().default(0),
    media: jsonb('media').$type<DropMediaFile[]>().notNull().default([]),
    /** What only people who have given to the Drop see ('' for none). */
    exclusiveText: text('exclusive_text').notNull().default(''),
    exclusiveMedia: jsonb('exclusive_media').$type<DropMediaFile[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('drops_feed_idx').on(table.date.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('drops_author_idx').on(table.userId, table.createdAt.desc()),
    index('drops_charity_idx').on(table.charityTenantId),
    check('drops_goal_positive', sql`${table.goal} IS NULL OR ${table.goal} > 0`),
    check('drops_ends_after_start', sql`${table.endsAt} > ${table.date}`),
  ],
);

/**
 * Gifts to Drops (issue 35): made at a checkout of the payment provider, counted only once the
 * provider confirms them (`confirmed`), taken back out by a refund or a dispute (`refunded`,
 * `disputed`). Amounts in the currency's minor unit. The checkout session is unique, so a
 * webhook delivered twice cannot count a gift twice. A gift outlives its Drop (the charity's
 * list keeps it, with the Drop's teaser as it was).
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serialId(),
    guid: guidColumn(),
    dropId: integer('drop_id').references(() => drops.id, { onDelete: 'set null' }),
    /** The Drop's teaser when the gift was made. */
    dropContent: text('drop_content').notNull(),
    charityTenantId: integer('charity_tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    giverUserId: integer('giver_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The giver's name when the gift was made (shown only when not anonymous). */
    giverName: text('giver_name').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    message: text('message').notNull().default(''),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** 'pending' | 'confirmed' | 'cancelled' | 'refunded' | 'disputed' (contract GiftStatus). */
    status: text('status').notNull().default('pending'),
    /** 'stripe' | 'standIn' (contract billingProviders). */
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull().unique(),
    /** The provider's payment, once confirmed (its refunds and disputes name it). */
    providerPaymentId: text('provider_payment_id'),
    createdAt: createdAt(),
    confirmedAt: timestampTz('confirmed_at'),
    reversedAt: timestampTz('reversed_at'),
  },
  (table) => [
    index('gifts_drop_idx').on(table.dropId, table.status),
    index('gifts_charity_idx').on(table.charityTenantId, table.createdAt.desc()),
    index('gifts_giver_idx').on(table.giverUserId, table.createdAt.desc()),
    index('gifts_payment_idx').on(table.providerPaymentId),
    check('gifts_amount_positive', sql`${table.amount} > 0`),
    check(
      'gifts_status_known',
      sql`${table.status} IN ('pending', 'confirmed', 'cancelled', 'refunded', 'disputed')`,
    ),
  ],
);

/**
 * Attempt counters in fixed windows that start at a key's first count, shared by every server
 * process on the database (server/db/sharedWindows.ts): the per-address limits of
 * @fastify/rate-limit and the domain's per-account and per-email counters. Times are the app's
 * clock (tests move it), passed in, never the database's now(); expired rows are swept.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('rate_limit_windows_ends_at_idx').on(table.endsAt)],
);

/**
 * Invitations to join an organisation (spec §3 Invited user / user invitation, §4 Invitation).
 * `status` is the stored one of contract invitationStatuses; a Pending one past its expiry is
 * shown (and treated) as Expired by contract/invitationStatusMachine.ts. Cancelling a Pending one
 * or deleting any other removes its row (and its keys).
 *
 * `currentKey` is the clear key of the invitation's newest link, kept so that the Administrators of
 * the organisation can copy the link again (spec §2.3 'Invitation Link' row): it is exactly what
 * they are shown anyway, and sealing it under a secret kept in the same database would protect
 * nothing more. It is cleared once the invitation is no longer Pending (accepted, declined), so a
 * database reader cannot use a spent link. Lookups by key go through user_invitation_keys (sha256
 * only), where every earlier link of a resent invitation stays, superseded, to read as Expired.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: serialId(),
    guid: guidColumn(),
    tenantId: tenantIdColumn(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The address the invitee accepted with, when different from `email` (lower-cased). */
    acceptedEmailAddress: text('accepted_email_address'),
    message: text('message').notNull().default(''),
    /** Contract UserRole: 0 User, 1 Administrator. */
    userRole: integer('user_role').notNull().default(0),
    canChangeEmailAddress: boolean('can_change_email_address').notNull().default(false),
    /** 'Pending' | 'Accepted' | 'Declined' | 'Expired' (contract invitationStatuses). */
    status: text('status').notNull().default('Pending'),
    expiryDate: timestampTz('expiry_date').notNull(),
    /** The newest link's clear key while Pending (see above); null otherwise. */
    currentKey: text('current_key'),
    /** The invitee's reason when declining. */
    responseMessage: text('response_message'),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [index('user_invitations_tenant_idx').on(table.tenantId, table.createdAt)],
);

/**
 * The links of invitations: the sha256 of each key. A resend supersedes every earlier key of the
 * invitation (supersededAt), whose link then reads as Expired.
 */
export const userInvitationKeys = pgTable(
  'user_invitation_keys',
  {
    id: serialId(),
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => userInvitations.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    supersededAt: timestampTz('superseded_at'),
    createdAt: createdAt(),
  },
  (table) => [index('user_invitation_keys_invitation_idx').on(table.invitationId)],
);

export type TenantRow = typeof tenants.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type TenantUserRow = typeof tenantUsers.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type EmailVerificationCodeRow = typeof emailVerificationCodes.$inferSelect;
export type AccountKeyRow = typeof accountKeys.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;
export type ImpersonationRow = typeof impersonations.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type DropRow = typeof drops.$inferSelect;
export type GiftRow = typeof gifts.$inferSelect;
export type UserInvitationRow = typeof userInvitations.$inferSelect;
export type UserInvitationKeyRow = typeof userInvitationKeys.$inferSelect;

/** The interest topics a person chooses from in onboarding (spec §3 Topic, §7.2 Topics). */
export const topics = pgTable('topics', {
  id: serialId(),
  name: text('name').notNull().unique(),
  order: integer('order').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

/** The topics each user chose (spec §3 User interested topics). */
export const userInterestedTopics = pgTable(
  'user_interested_topics',
  {
    userId: userIdColumn(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('user_interested_topics_pair_idx').on(table.userId, table.topicId)],
);

export type TopicRow = typeof topics.$inferSelect;

/** Binary data (bytea): a Buffer either way (node-postgres answers Buffers, PGlite Uint8Arrays). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * Checkout sessions an organisation started (either billing adapter, server/billing): the
 * session belongs to this tenant, and stripe/validateSession confirms it once (confirmedAt).
 */
export const billingCheckoutSessions = pgTable(
  'billing_checkout_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    tenantId: tenantIdColumn(),
    createdAt: createdAt(),
    confirmedAt: timestampTz('confirmed_at'),
  },
  (table) => [index('billing_checkout_sessions_tenant_idx').on(table.tenantId)],
);

/** The payment provider's events already applied (webhook deliveries are retried: idempotency). */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestampTz('received_at').notNull(),
});

// The development stand-in of the card payment provider (server/billing/standIn.ts): its own
// customers, promotion codes, checkout sessions, subscriptions and invoices, as the provider
// would keep them. Never written under NODE_ENV=production. Amounts in minor units (pence).

export const standInCustomers = pgTable('stand_in_billing_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** Invoices are numbered `${invoicePrefix}-0001`, … */
  invoicePrefix: text('invoice_prefix').notNull().unique(),
  /** The tenant id the customer was made for (the provider's metadata). */
  reference: text('reference').notNull(),
  createdAt: timestampTz('created_at').notNull(),
});

/** The stand-in customer a row belongs to; the row goes with it. */
const standInCustomerIdColumn = () =>
  text('customer_id')
    .notNull()
    .references(() => standInCustomers.id, { onDelete: 'cascade' });

export const standInPromotionCodes = pgTable('stand_in_billing_promotion_codes', {
  id: text('id').primaryKey(),
  /** Upper case; matched regardless of case. */
  code: text('code').notNull().unique(),
  percentOff: integer('percent_off'),
  amountOff: integer('amount_off'),
  currency: text('currency'),
  active: boolean('active').notNull().default(true),
});

export const standInCheckoutSessions = pgTable('stand_in_billing_checkout_sessions', {
  id: text('id').primaryKey(),
  customerId: standInCustomerIdColumn(),
  clientReferenceId: text('client_reference_id').notNull(),
  promotionCodeId: text('promotion_code_id'),
  /** 'open' | 'complete' | 'expired' (as the provider's). */
  status: text('status').notNull(),
  subscriptionId: text('subscription_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** Per period, after the promotion code. */
  amountTotal: integer('amount_total').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestampTz('created_at').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
});

/**
 * The stand-in's one-off payments (a gift's checkout, issue 35): one row per checkout session in
 * payment mode; `paymentId` once paid, then `refunded` / `disputed` as the stand-in's own pages
 * set them (each emits the provider's event).
 */
export const standInPayments = pgTable('stand_in_billing_payments', {
  /** The checkout session's id ('cs_dev_…'). */
  id: text('id').primaryKey(),
  clientReferenceId: text('client_reference_id').notNull(),
  description: text('description').notNull(),
  customerEmail: text('customer_email'),
  /** Minor units. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** 'open' | 'complete' | 'expired' (as the provider's). */
  status: text('status').notNull(),
  /** The payment ('pi_dev_…') once paid. */
  paymentId: text('payment_id').unique(),
  refunded: boolean('refunded').notNull().default(false),
  disputed: boolean('disputed').notNull().default(false),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: timestampTz('created_at').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
});

export const standInSubscriptions = pgTable('stand_in_billing_subscriptions', {
  id: text('id').primaryKey(),
  customerId: standInCustomerIdColumn(),
  status: text('status').notNull(),
  currentPeriodStart: timestampTz('current_period_start').notNull(),
  currentPeriodEnd: timestampTz('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  canceledAt: timestampTz('canceled_at'),
  trialEnd: timestampTz('trial_end'),
  /** Charged each period (the plan after its promotion code). */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestampTz('created_at').notNull(),
});

export const standInInvoices = pgTable(
  'stand_in_billing_invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    customerId: standInCustomerIdColumn(),
    subscriptionId: text('subscription_id').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull(),
    periodStart: timestampTz('period_start').notNull(),
    periodEnd: timestampTz('period_end').notNull(),
    /** The invoice as a PDF (pdfkit), served at {API}/dev/billing/invoices/{id}/pdf. */
    pdf: bytea('pdf').notNull(),
    created: timestampTz('created').notNull(),
  },
  (table) => [index('stand_in_billing_invoices_customer_idx').on(table.customerId, table.created)],
);

export const standInPortalSessions = pgTable('stand_in_billing_portal_sessions', {
  id: text('id').primaryKey(),
  customerId: standInCustomerIdColumn(),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
});

export type StandInCustomerRow = typeof standInCustomers.$inferSelect;
export type StandInSubscriptionRow = typeof standInSubscriptions.$inferSelect;
export type StandInInvoiceRow = typeof standInInvoices.$inferSelect;
export type StandInCheckoutSessionRow = typeof standInCheckoutSessions.$inferSelect;
export type StandInPaymentRow = typeof standInPayments.$inferSelect;
export type StandInPromotionCodeRow = typeof standInPromotionCodes.$inferSelect;
