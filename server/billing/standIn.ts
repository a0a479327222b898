/**
 * The development stand-in of the card payment provider (never under NODE_ENV=production): it
 * keeps its own customers, promotion codes, checkout sessions, subscriptions and invoices (with
 * real PDFs) in the stand_in_billing_* tables, serves a checkout page with a test card form and a
 * billing portal (server/billing/standInRoutes.ts), and advances subscriptions to their next
 * period on request. One-off payments (gifts, issue 35) have their own checkout page, and a
 * payments page where a developer (or the e2e) refunds or disputes them. Each change it makes is told to the domain as a {@link BillingEvent}, as the
 * provider's webhook would, so both adapters update tenants through the same path.
 *
 * Test cards: {@link TEST_CARDS}. Promotion codes: {@link STAND_IN_PROMOTION_CODES}.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { devStandInPaths } from '../../contract/paths';
import type { Database, Queryable } from '../db/database';
import {
  standInCheckoutSessions,
  standInCustomers,
  standInInvoices,
  standInPayments,
  standInPortalSessions,
  standInPromotionCodes,
  standInSubscriptions,
  type StandInCheckoutSessionRow,
  type StandInCustomerRow,
  type StandInInvoiceRow,
  type StandInPaymentRow,
  type StandInPromotionCodeRow,
  type StandInSubscriptionRow,
} from '../db/schema';
import { renderInvoicePdf } from './invoicePdf';
import {
  BillingProviderError,
  type BillingEvent,
  type BillingProvider,
  type CompletedCheckoutInfo,
  type InvoiceInfo,
  type NewCheckoutSession,
  type NewPaymentCheckout,
  type PaymentCheckoutInfo,
  type PlanInfo,
  type PromotionCodeInfo,
  type SubscriptionInfo,
} from './provider';

/** The one plan the stand-in sells. */
export const STAND_IN_PLAN = {
  description: 'Givedrop subscription, monthly',
  /** Minor units per month. */
  amount: 1200,
  currency: 'gbp',
} as const;

/** The promotion codes the stand-in knows (inserted at start when missing). */
export const STAND_IN_PROMOTION_CODES = [
  { id: 'promo_dev_welcome20', code: 'WELCOME20', percentOff: 20, amountOff: null, currency: null },
  { id: 'promo_dev_give5', code: 'GIVE5', percentOff: null, amountOff: 500, currency: 'gbp' },
  {
    id: 'promo_dev_expired',
    code: 'EXPIRED10',
    percentOff: 10,
    amountOff: null,
    currency: null,
    active: false,
  },
] as const;

/** Card numbers of the checkout page: one succeeds, the others are declined with a message. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const cardTexts = {
  numberRequired: 'Please enter a card number.',
  numberInvalid: 'Your card number is invalid.',
  notATestCard: 'Use a test card: 4242 4242 4242 4242 succeeds.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiryInvalid: 'Please enter the expiry date as MM / YY.',
  expired: "Your card's expiry date is in the past.",
  cvcInvalid: 'Please enter the 3 or 4 digit security code.',
  nameRequired: 'Please enter the name on the card.',
  sessionGone: 'This checkout has expired or was already completed.',
  sessionUnknown: 'There is no such checkout.',
} as const;

/** The payments page's answers to Refund and Dispute. */
export const paymentPageTexts = {
  refunded: 'The payment was refunded.',
  disputed: 'A dispute was opened on the payment.',
  alreadyRefunded: 'This payment was already refunded.',
  alreadyDisputed: 'This payment is already disputed.',
  unknown: 'There is no such paid payment.',
} as const;

/** Most payments the payments page lists (the newest). */
export const PAYMENT_LIST_MAX = 200;

/** How long a checkout session stays open (as Stripe's default, 24 hours). */
const CHECKOUT_HOURS = 24;
const PORTAL_MINUTES = 60;

const newId = (prefix: string) => `${prefix}_dev_${randomBytes(12).toString('hex')}`;

const plusMonth = (date: Date) =>
  DateTime.fromJSDate(date, { zone: 'utc' }).plus({ months: 1 }).toJSDate();

export function discountOf(amount: number, code: PromotionCodeInfo | null): number {
  if (code === null) return 0;
  if (code.percentOff !== null) return Math.round((amount * code.percentOff) / 100);
  return Math.min(amount, code.amountOff ?? 0);
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The form's field errors (empty when the card may be charged), and the decline if any. */
export function checkCard(card: CardInput, now: Date): { errors: CardErrors; declined?: string } {
  const errors: CardErrors = {};
  const number = card.number.replace(/[\s-]/g, '');
  if (number === '') errors.number = cardTexts.numberRequired;
  else if (!/^\d{12,19}$/.test(number) || !luhn(number)) errors.number = cardTexts.numberInvalid;
  else if (!(Object.values(TEST_CARDS) as string[]).includes(number)) {
    errors.number = cardTexts.notATestCard;
  }
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  const month = expiry === null ? 0 : Number(expiry[1]);
  if (expiry === null || month < 1 || month > 12) errors.expiry = cardTexts.expiryInvalid;
  else {
    const endOfMonth = DateTime.utc(2000 + Number(expiry[2]), month, 1).endOf('month');
    if (endOfMonth.toJSDate() < now) errors.expiry = cardTexts.expired;
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = cardTexts.cvcInvalid;
  if (card.name.trim() === '') errors.name = cardTexts.nameRequired;
  if (Object.keys(errors).length > 0) return { errors };
  if (number === TEST_CARDS.declined) return { errors, declined: cardTexts.declined };
  if (number === TEST_CARDS.insufficientFunds) {
    return { errors, declined: cardTexts.insufficientFunds };
  }
  return { errors };
}

export interface StandInBillingOptions {
  db: Database;
  now: () => Date;
  /** The API base URL as announced (e.g. '/api'): the stand-in's pages are under it. */
  apiBaseUrl: string;
}

export type BillingEventListener = (event: BillingEvent) => Promise<void>;

export interface CheckoutView {
  session: StandInCheckoutSessionRow;
  customer: StandInCustomerRow;
  promotion: StandInPromotionCodeRow | null;
  subtotal: number;
  discount: number;
}

export interface PortalView {
  portalId: string;
  returnUrl: string;
  customer: StandInCustomerRow;
  subscriptions: StandInSubscriptionRow[];
  invoices: InvoiceInfo[];
}

export type CompletePaymentResult =
  | { kind: 'paid'; redirectTo: string }
  | { kind: 'refused'; errors: CardErrors; declined?: string; payment: StandInPaymentRow }
  | { kind: 'gone' };

/** A refund or a dispute from the payments page: done once, then 'already'. */
export type PaymentFlagResult = 'done' | 'already' | 'unknown';

export type CompleteCheckoutResult =
  | { kind: 'paid'; redirectTo: string }
  | { kind: 'refused'; errors: CardErrors; declined?: string; view: CheckoutView }
  | { kind: 'gone' };

function promotionInfoOf(row: StandInPromotionCodeRow): PromotionCodeInfo {
  const { id, code, percentOff, amountOff, currency } = row;
  return { id, code, percentOff, amountOff, currency };
}

function subscriptionInfoOf(row: StandInSubscriptionRow): SubscriptionInfo {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialEnd: row.trialEnd,
  };
}

/** Writes the customer's next invoice (paid) for a subscription's period, with its PDF. */
export async function issueInvoice(
  tx: Queryable,
  input: {
    customer: StandInCustomerRow;
    subscription: StandInSubscriptionRow;
    created: Date;
    discount: number;
  },
): Promise<StandInInvoiceRow> {
  const [counted] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(standInInvoices)
    .where(eq(standInInvoices.customerId, input.customer.id));
  const number = `${input.customer.invoicePrefix}-${String((counted?.total ?? 0) + 1).padStart(4, '0')}`;
  const { subscription } = input;
  const pdf = await renderInvoicePdf({
    number,
    created: input.created,
    status: 'paid',
    customerName: input.customer.name,
    customerEmail: input.customer.email,
    description: STAND_IN_PLAN.description,
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
    subtotal: subscription.amount + input.discount,
    discount: input.discount,
    total: subscription.amount,
    currency: subscription.currency,
  });
  const [row] = await tx
    .insert(standInInvoices)
    .values({
      id: newId('in'),
      number,
      customerId: input.customer.id,
      subscriptionId: subscription.id,
      status: 'paid',
      currency: subscription.currency,
      total: subscription.amount,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      pdf,
      created: input.created,
    })
    .returning();
  if (row === undefined) throw new Error('The stand-in invoice was not written.');
  return row;
}

export async function insertStandInCustomer(
  db: Queryable,
  input: { reference: string; name: string; email: string; created: Date },
): Promise<StandInCustomerRow> {
  const [row] = await db
    .insert(standInCustomers)
    .values({
      id: newId('cus'),
      name: input.name,
      email: input.email,
      reference: input.reference,
      invoicePrefix: randomBytes(4).toString('hex').toUpperCase(),
      createdAt: input.created,
    })
    .returning();
  if (row === undefined) throw new Error('The stand-in customer was not written.');
  return row;
}

/**
 * A paid subscription started `periods` months before now, with one paid invoice per period
 * (the demo seed's): answers the customer and the subscription.
 */
export async function insertPaidSubscription(
  db: Queryable,
  input: { reference: string; name: string; email: string; now: Date; periods: number },
): Promise<{ customer: StandInCustomerRow; subscription: StandInSubscriptionRow }> {
  const start = DateTime.fromJSDate(input.now, { zone: 'utc' })
    .minus({ months: input.periods - 1, days: 1 })
    .toJSDate();
  const customer = await insertStandInCustomer(db, { ...input, created: start });
  const [inserted] = await db
    .insert(standInSubscriptions)
    .values({
      id: newId('sub'),
      customerId: customer.id,
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: plusMonth(start),
      amount: STAND_IN_PLAN.amount,
      currency: STAND_IN_PLAN.currency,
      createdAt: start,
    })
    .returning();
  let subscription = inserted!;
  for (let period = 0; period < input.periods; period += 1) {
    if (period > 0) {
      const [moved] = await db
        .update(standInSubscriptions)
        .set({
          currentPeriodStart: subscription.currentPeriodEnd,
          currentPeriodEnd: plusMonth(subscription.currentPeriodEnd),
        })
        .where(eq(standInSubscriptions.id, subscription.id))
        .returning();
      subscription = moved!;
    }
    await issueInvoice(db, {
      customer,
      subscription,
      created: subscription.currentPeriodStart,
      discount: 0,
    });
  }
  return { customer, subscription };
}

export class StandInBilling implements BillingProvider {
  readonly mode = 'standIn' as const;
  /** The domain's applier of provider events; set once the domain is built (server/app.ts). */
  listener: BillingEventListener = async () => {};

  constructor(private readonly options: StandInBillingOptions) {}

  private get db() {
    return this.options.db;
  }

  private pageUrl(path: string, id: string, suffix = ''): string {
    return `${this.options.apiBaseUrl}/${path}/${encodeURIComponent(id)}${suffix}`;
  }

  pdfUrl(invoiceId: string): string {
    return this.pageUrl(devStandInPaths.billingInvoices, invoiceId, '/pdf');
  }

  /** Tells the domain of a change, as the provider's webhook would. */
  private async emitEvent(type: string, fields: Partial<Omit<BillingEvent, 'id' | 'type'>>) {
    await this.listener({
      id: newId('evt'),
      type,
      customerId: null,
      subscriptionId: null,
      tenantReference: null,
      checkoutSessionId: null,
      checkoutMode: null,
      paymentId: null,
      ...fields,
    });
  }

  private async emit(
    type: string,
    subscription: StandInSubscriptionRow,
    extra: Partial<BillingEvent> = {},
  ) {
    await this.emitEvent(type, {
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      ...extra,
    });
  }

  /** Inserts the promotion codes that are missing (run at start). */
  async ensurePromotionCodes(): Promise<void> {
    await this.db
      .insert(standInPromotionCodes)
      .values(
        STAND_IN_PROMOTION_CODES.map((code) => ({
          id: code.id,
          code: code.code,
          percentOff: code.percentOff,
          amountOff: code.amountOff,
          currency: code.currency,
          active: 'active' in code ? code.active : true,
        })),
      )
      .onConflictDoNothing();
  }

  async createCustomer(input: { tenantId: number; name: string; email: string }) {
    const row = await insertStandInCustomer(this.db, {
      reference: String(input.tenantId),
      name: input.name,
      email: input.email,
      created: this.options.now(),
    });
    return { id: row.id };
  }

  plan(): Promise<PlanInfo> {
    return Promise.resolve({ ...STAND_IN_PLAN, interval: 'month' });
  }

  async findPromotionCode(code: string): Promise<PromotionCodeInfo | null> {
    const [row] = await this.db
      .select()
      .from(standInPromotionCodes)
      .where(
        and(
          eq(standInPromotionCodes.code, code.trim().toUpperCase()),
          eq(standInPromotionCodes.active, true),
        ),
      );
    return row === undefined ? null : promotionInfoOf(row);
  }

  async createCheckoutSession(input: NewCheckoutSession) {
    const promotion =
      input.promotionCodeId === null ? null : await this.promotionById(input.promotionCodeId);
    const now = this.options.now();
    const id = newId('cs');
    await this.db.insert(standInCheckoutSessions).values({
      id,
      customerId: input.customerId,
      clientReferenceId: String(input.tenantId),
      promotionCodeId: promotion?.id ?? null,
      status: 'open',
      successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: input.cancelUrl,
      amountTotal: STAND_IN_PLAN.amount - discountOf(STAND_IN_PLAN.amount, promotion),
      currency: STAND_IN_PLAN.currency,
      createdAt: now,
      expiresAt: DateTime.fromJSDate(now).plus({ hours: CHECKOUT_HOURS }).toJSDate(),
    });
    return { id, url: this.pageUrl(devStandInPaths.billingCheckout, id) };
  }

  private async promotionById(id: string): Promise<PromotionCodeInfo | null> {
    const [row] = await this.db
      .select()
      .from(standInPromotionCodes)
      .where(eq(standInPromotionCodes.id, id));
    return row === undefined ? null : promotionInfoOf(row);
  }

  async retrieveCheckoutSession(id: string): Promise<CompletedCheckoutInfo | null> {
    const [row] = await this.db
      .select()
      .from(standInCheckoutSessions)
      .where(eq(standInCheckoutSessions.id, id));
    if (row === undefined) return null;
    const expired = row.status === 'open' && row.expiresAt < this.options.now();
    return {
      id: row.id,
      status: expired ? 'expired' : row.status,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      clientReferenceId: row.clientReferenceId,
    };
  }

  /**
   * A one-off payment's checkout: a row of stand_in_billing_payments, open for 24 hours, paid on
   * the stand-in's pay page. The amount must be a positive whole number of minor units and the
   * currency an ISO code, as the provider would insist.
   */
  async createPaymentCheckout(input: NewPaymentCheckout) {
    if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
      throw new BillingProviderError(`The amount ${input.amount} is not a positive minor amount.`);
    }
    if (!/^[a-z]{3}$/.test(input.currency)) {
      throw new BillingProviderError(`The currency '${input.currency}' is not an ISO code.`);
    }
    const now = this.options.now();
    const id = newId('cs');
    await this.db.insert(standInPayments).values({
      id,
      clientReferenceId: input.reference,
      description: input.description,
      customerEmail: input.customerEmail,
      amount: input.amount,
      currency: input.currency,
      status: 'open',
      successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: input.cancelUrl,
      createdAt: now,
      expiresAt: DateTime.fromJSDate(now).plus({ hours: CHECKOUT_HOURS }).toJSDate(),
    });
    return { id, url: this.pageUrl(devStandInPaths.billingPay, id) };
  }

  async retrievePaymentCheckout(id: string): Promise<PaymentCheckoutInfo | null> {
    const row = await this.paymentRow(id);
    if (row === undefined) return null;
    return {
      id: row.id,
      status: this.statusOf(row),
      paymentStatus: row.status === 'complete' ? 'paid' : 'unpaid',
      paymentId: row.paymentId,
      amount: row.amount,
      currency: row.currency,
      reference: row.clientReferenceId,
    };
  }

  private async paymentRow(id: string): Promise<StandInPaymentRow | undefined> {
    const [row] = await this.db.select().from(standInPayments).where(eq(standInPayments.id, id));
    return row;
  }

  /** A payment's status now: an open one past its expiry is expired. */
  statusOf(row: StandInPaymentRow): string {
    return row.status === 'open' && row.expiresAt < this.options.now() ? 'expired' : row.status;
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    const [row] = await this.db
      .select()
      .from(standInSubscriptions)
      .where(eq(standInSubscriptions.id, id));
    return row === undefined ? null : subscriptionInfoOf(row);
  }

  async listInvoices(customerId: string, limit: number): Promise<InvoiceInfo[]> {
    const rows = await this.db
      .select({
        id: standInInvoices.id,
        number: standInInvoices.number,
        created: standInInvoices.created,
        status: standInInvoices.status,
        currency: standInInvoices.currency,
        total: standInInvoices.total,
      })
      .from(standInInvoices)
      .where(eq(standInInvoices.customerId, customerId))
      .orderBy(desc(standInInvoices.created), desc(standInInvoices.number))
      .limit(limit);
    return rows.map((row) => ({
      number: row.number,
      created: row.created,
      status: row.status,
      currency: row.currency,
      total: row.total,
      pdfUrl: this.pdfUrl(row.id),
    }));
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const id = newId('bps');
    await this.db.insert(standInPortalSessions).values({
      id,
      customerId,
      returnUrl,
      expiresAt: DateTime.fromJSDate(this.options.now())
        .plus({ minutes: PORTAL_MINUTES })
        .toJSDate(),
    });
    return this.pageUrl(devStandInPaths.billingPortal, id);
  }

  /**
   * Deletes the customer with everything the stand-in keeps of them, in one transaction: their
   * invoices (the PDFs are in the rows), subscriptions, checkout and portal sessions. No event
   * is told: the tenant the customer was made for is deleted first (account deletion).
   */
  async deleteCustomer(customerId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(standInInvoices).where(eq(standInInvoices.customerId, customerId));
      await tx.delete(standInSubscriptions).where(eq(standInSubscriptions.customerId, customerId));
      await tx
        .delete(standInCheckoutSessions)
        .where(eq(standInCheckoutSessions.customerId, customerId));
      await tx
        .delete(standInPortalSessions)
        .where(eq(standInPortalSessions.customerId, customerId));
      await tx.delete(standInCustomers).where(eq(standInCustomers.id, customerId));
    });
  }

  // ---------------------------------------------------------------------------------------------
  // The stand-in's own pages (server/billing/standInRoutes.ts)
  // ---------------------------------------------------------------------------------------------

  /** The open checkout session's page data; null when unknown, completed or expired. */
  async checkoutView(id: string): Promise<CheckoutView | null> {
    const [row] = await this.db
      .select({ session: standInCheckoutSessions, customer: standInCustomers })
      .from(standInCheckoutSessions)
      .innerJoin(standInCustomers, eq(standInCustomers.id, standInCheckoutSessions.customerId))
      .where(eq(standInCheckoutSessions.id, id));
    if (row === undefined) return null;
    if (row.session.status !== 'open' || row.session.expiresAt < this.options.now()) return null;
    const [promotion] =
      row.session.promotionCodeId === null
        ? []
        : await this.db
            .select()
            .from(standInPromotionCodes)
            .where(eq(standInPromotionCodes.id, row.session.promotionCodeId));
    const discount = STAND_IN_PLAN.amount - row.session.amountTotal;
    return { ...row, promotion: promotion ?? null, subtotal: STAND_IN_PLAN.amount, discount };
  }

  /**
   * Pays an open checkout with a test card: a new active subscription with its first invoice,
   * the session complete; then the provider's events (subscription created, checkout completed).
   */
  async completeCheckout(id: string, card: CardInput): Promise<CompleteCheckoutResult> {
    const view = await this.checkoutView(id);
    if (view === null) return { kind: 'gone' };
    const now = this.options.now();
    const checked = checkCard(card, now);
    if (Object.keys(checked.errors).length > 0 || checked.declined !== undefined) {
      return { kind: 'refused', ...checked, view };
    }
    const done = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(standInCheckoutSessions)
        .set({ status: 'complete' })
        .where(and(eq(standInCheckoutSessions.id, id), eq(standInCheckoutSessions.status, 'open')))
        .returning();
      if (claimed === undefined) return null;
      const [subscription] = await tx
        .insert(standInSubscriptions)
        .values({
          id: newId('sub'),
          customerId: claimed.customerId,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: plusMonth(now),
          amount: claimed.amountTotal,
          currency: claimed.currency,
          createdAt: now,
        })
        .returning();
      await tx
        .update(standInCheckoutSessions)
        .set({ subscriptionId: subscription!.id })
        .where(eq(standInCheckoutSessions.id, id));
      await issueInvoice(tx, {
        customer: view.customer,
        subscription: subscription!,
        created: now,
        discount: view.discount,
      });
      return { session: claimed, subscription: subscription! };
    });
    if (done === null) return { kind: 'gone' };
    await this.emit('customer.subscription.created', done.subscription);
    await this.emit('checkout.session.completed', done.subscription, {
      tenantReference: done.session.clientReferenceId,
      checkoutSessionId: done.session.id,
      checkoutMode: 'subscription',
    });
    return { kind: 'paid', redirectTo: done.session.successUrl };
  }

  /** The cancel URL of an open session (the page's "Back" link); null when unknown. */
  async cancelUrlOf(id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ cancelUrl: standInCheckoutSessions.cancelUrl })
      .from(standInCheckoutSessions)
      .where(eq(standInCheckoutSessions.id, id));
    return row?.cancelUrl ?? null;
  }

  /** The portal's page data; null when the portal session is unknown or expired. */
  async portalView(portalId: string): Promise<PortalView | null> {
    const [row] = await this.db
      .select({ portal: standInPortalSessions, customer: standInCustomers })
      .from(standInPortalSessions)
      .innerJoin(standInCustomers, eq(standInCustomers.id, standInPortalSessions.customerId))
      .where(eq(standInPortalSessions.id, portalId));
    if (row === undefined || row.portal.expiresAt < this.options.now()) return null;
    const subscriptions = await this.db
      .select()
      .from(standInSubscriptions)
      .where(eq(standInSubscriptions.customerId, row.customer.id))
      .orderBy(desc(standInSubscriptions.createdAt));
    return {
      portalId,
      returnUrl: row.portal.returnUrl,
      customer: row.customer,
      subscriptions,
      invoices: await this.listInvoices(row.customer.id, 24),
    };
  }

  /** The portal's toggle: cancel the subscription at its period's end, or keep it. */
  async setCancelAtPeriodEnd(
    customerId: string,
    subscriptionId: string,
    value: boolean,
  ): Promise<StandInSubscriptionRow | null> {
    const [row] = await this.db
      .update(standInSubscriptions)
      .set({ cancelAtPeriodEnd: value })
      .where(
        and(
          eq(standInSubscriptions.id, subscriptionId),
          eq(standInSubscriptions.customerId, customerId),
          sql`${standInSubscriptions.status} <> 'canceled'`,
        ),
      )
      .returning();
    if (row !== undefined) await this.emit('customer.subscription.updated', row);
    return row ?? null;
  }

  /**
   * Moves a subscription to its next period: one set to cancel at the period's end is canceled
   * (event customer.subscription.deleted); otherwise the next period starts where the last ended
   * with a new paid invoice (customer.subscription.updated). Null when unknown or canceled.
   */
  async advanceSubscription(
    subscriptionId: string,
  ): Promise<{ subscription: StandInSubscriptionRow; invoiceCount: number } | null> {
    const done = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(standInSubscriptions)
        .where(eq(standInSubscriptions.id, subscriptionId))
        .for('update');
      if (current === undefined || current.status === 'canceled') return null;
      if (current.cancelAtPeriodEnd) {
        const [canceled] = await tx
          .update(standInSubscriptions)
          .set({ status: 'canceled', canceledAt: current.currentPeriodEnd })
          .where(eq(standInSubscriptions.id, subscriptionId))
          .returning();
        return { subscription: canceled!, type: 'customer.subscription.deleted' };
      }
      const [moved] = await tx
        .update(standInSubscriptions)
        .set({
          status: 'active',
          currentPeriodStart: current.currentPeriodEnd,
          currentPeriodEnd: plusMonth(current.currentPeriodEnd),
        })
        .where(eq(standInSubscriptions.id, subscriptionId))
        .returning();
      const [customer] = await tx
        .select()
        .from(standInCustomers)
        .where(eq(standInCustomers.id, current.customerId));
      await issueInvoice(tx, {
        customer: customer!,
        subscription: moved!,
        created: current.currentPeriodEnd,
        discount: STAND_IN_PLAN.amount - moved!.amount,
      });
      return { subscription: moved!, type: 'customer.subscription.updated' };
    });
    if (done === null) return null;
    await this.emit(done.type, done.subscription);
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(standInInvoices)
      .where(eq(standInInvoices.customerId, done.subscription.customerId));
    return { subscription: done.subscription, invoiceCount: counted?.total ?? 0 };
  }

  /** The one-off payment's pay page: the row when it may be paid, else whether it exists. */
  async paymentView(
    id: string,
  ): Promise<
    | { kind: 'open'; payment: StandInPaymentRow }
    | { kind: 'gone' | 'unknown'; cancelUrl: string | null }
  > {
    const row = await this.paymentRow(id);
    if (row === undefined) return { kind: 'unknown', cancelUrl: null };
    if (this.statusOf(row) !== 'open') return { kind: 'gone', cancelUrl: row.cancelUrl };
    return { kind: 'open', payment: row };
  }

  /**
   * Pays an open one-off checkout with a test card: the row complete with a new payment id,
   * then the provider's event (checkout.session.completed in payment mode, with the payment).
   */
  async completePayment(id: string, card: CardInput): Promise<CompletePaymentResult> {
    const view = await this.paymentView(id);
    if (view.kind !== 'open') return { kind: 'gone' };
    const now = this.options.now();
    const checked = checkCard(card, now);
    if (Object.keys(checked.errors).length > 0 || checked.declined !== undefined) {
      return { kind: 'refused', ...checked, payment: view.payment };
    }
    const [paid] = await this.db
      .update(standInPayments)
      .set({ status: 'complete', paymentId: newId('pi') })
      .where(
        and(
          eq(standInPayments.id, id),
          eq(standInPayments.status, 'open'),
          gte(standInPayments.expiresAt, now),
        ),
      )
      .returning();
    if (paid === undefined) return { kind: 'gone' };
    await this.emitEvent('checkout.session.completed', {
      checkoutSessionId: paid.id,
      checkoutMode: 'payment',
      paymentId: paid.paymentId,
    });
    return { kind: 'paid', redirectTo: paid.successUrl };
  }

  /** The one-off payments, newest first (the payments page). */
  async listPayments(limit = PAYMENT_LIST_MAX): Promise<StandInPaymentRow[]> {
    return this.db
      .select()
      .from(standInPayments)
      .orderBy(desc(standInPayments.createdAt), desc(standInPayments.id))
      .limit(limit);
  }

  /** Refunds a paid payment in full, once: then charge.refunded with the payment. */
  refundPayment(paymentId: string): Promise<PaymentFlagResult> {
    return this.flagPayment(paymentId, 'refunded', 'charge.refunded');
  }

  /** Opens a dispute on a paid payment, once: then charge.dispute.created with the payment. */
  disputePayment(paymentId: string): Promise<PaymentFlagResult> {
    return this.flagPayment(paymentId, 'disputed', 'charge.dispute.created');
  }

  private async flagPayment(
    paymentId: string,
    flag: 'refunded' | 'disputed',
    type: string,
  ): Promise<PaymentFlagResult> {
    const column = standInPayments[flag];
    const [flagged] = await this.db
      .update(standInPayments)
      .set({ [flag]: true })
      .where(
        and(
          eq(standInPayments.paymentId, paymentId),
          eq(standInPayments.status, 'complete'),
          eq(column, false),
        ),
      )
      .returning({ id: standInPayments.id });
    if (flagged === undefined) {
      const [known] = await this.db
        .select({ id: standInPayments.id })
        .from(standInPayments)
        .where(
          and(eq(standInPayments.paymentId, paymentId), eq(standInPayments.status, 'complete')),
        );
      return known === undefined ? 'unknown' : 'already';
    }
    await this.emitEvent(type, { paymentId });
    return 'done';
  }

  /** An invoice's PDF, by the invoice's (unguessable) id. */
  async invoicePdf(invoiceId: string): Promise<{ number: string; pdf: Buffer } | null> {
    const [row] = await this.db
      .select({ number: standInInvoices.number, pdf: standInInvoices.pdf })
      .from(standInInvoices)
      .where(eq(standInInvoices.id, invoiceId));
    return row ?? null;
  }
}
