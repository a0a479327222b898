/**
 * Payments (spec §7.2 Payments, §3 Tenant status and Invoice, §4 Subscription expiry; issue 18
 * items 4 to 6): the organisation's subscription through the billing adapter (server/billing).
 * Every id a caller gives must be their current organisation's: its customer, a checkout session
 * it started. Provider changes (the Stripe webhook, the stand-in's own events) reach the tenant
 * through {@link applyBillingEvent}, once per event id.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  checkoutReturn,
  PORTAL_RETURN_ROUTE,
  paymentTexts,
  type BillingPortalSession,
  type CheckoutSession,
  type CreateCheckoutSessionRequest,
  type GetInvoicesRequest,
  type Invoice,
  type PromotionalCode,
  type SubscriptionDetails,
  type SubscriptionPlan,
  type ValidatePromotionalCodeRequest,
  type ValidateSessionRequest,
} from '../../../contract/payments';
import { formatCodeAmount } from '../../../contract/money';
import type { TenantRow } from '../../db/schema';
import type { Database } from '../../db/database';
import {
  BillingProviderError,
  type BillingEvent,
  type BillingProvider,
  type PromotionCodeInfo,
  type SubscriptionInfo,
} from '../../billing/provider';
import { conflict, forbidden, invalid, notFound, unavailable } from '../../domain/errors';
import { NO_TENANT_ACCESS, type TenantScope } from '../../domain/scope';
import {
  claimCheckoutSession,
  insertCheckoutSession,
  recordEvent,
  selectCheckoutSession,
  selectMemberTenant,
  selectTenant,
  selectTenantByCustomer,
  setCustomerOnce,
  updateTenantSubscription,
  type SubscriptionChanges,
} from './queries';

export interface PaymentsDeps {
  db: Database;
  now: () => Date;
  /** Null when no provider may be used (production without the Stripe keys): 503. */
  billing: BillingProvider | null;
  /** SITE_URL: where the provider sends the browser back. */
  siteUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** Most invoices listed (the newest). */
export const INVOICE_LIST_MAX = 100;

/** Subscription statuses that are still a subscription (no new checkout is offered). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

function providerOf(deps: PaymentsDeps): BillingProvider {
  if (deps.billing === null) throw unavailable(paymentTexts.unavailable);
  return deps.billing;
}

/** A provider call; its failure answers 503 (nothing was changed on our side). */
async function provider<T>(deps: PaymentsDeps, work: (billing: BillingProvider) => Promise<T>) {
  const billing = providerOf(deps);
  try {
    return await work(billing);
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error;
    deps.log.warn({ err: error }, 'the billing provider failed');
    throw unavailable(paymentTexts.unavailable);
  }
}

/** The caller's current organisation, if their login to it is still enabled. */
async function currentTenant(deps: PaymentsDeps, scope: TenantScope): Promise<TenantRow> {
  const tenant = await selectMemberTenant(deps.db, scope.userId, scope.tenantId);
  if (tenant === undefined) throw forbidden(NO_TENANT_ACCESS);
  return tenant;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function canSubscribe(tenant: TenantRow): boolean {
  return (
    tenant.paymentProviderSubscriptionId === null ||
    !LIVE_STATUSES.has(tenant.subscriptionStatus ?? '')
  );
}

export function subscriptionDetailsOf(
  tenant: TenantRow,
  billing: BillingProvider,
  plan: SubscriptionPlan | null = null,
): SubscriptionDetails {
  return {
    provider: billing.mode,
    customerExists: tenant.paymentProviderCustomerId !== null,
    customerId: tenant.paymentProviderCustomerId,
    subscriptionId: tenant.paymentProviderSubscriptionId,
    subscriptionStatus: tenant.subscriptionStatus,
    isTrialing: tenant.isTrialing,
    trialEndDate: iso(tenant.trialEndDate),
    cancelAtPeriodEnd: tenant.cancelAtPeriodEnd,
    currentPeriodEndDate: iso(tenant.currentPeriodEndDate),
    canSubscribe: canSubscribe(tenant),
    plan,
  };
}

/**
 * The plan checkout sells, in the contract's units; null when the provider cannot say (the
 * subscription is still answered: the screen shows no price rather than no screen).
 */
async function planOf(
  deps: PaymentsDeps,
  billing: BillingProvider,
): Promise<SubscriptionPlan | null> {
  try {
    return await billing.plan();
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error;
    deps.log.warn({ err: error }, 'the billing provider did not say the plan');
    return null;
  }
}

/** GET stripe/getSubscription. */
export async function getSubscription(
  deps: PaymentsDeps,
  scope: TenantScope,
): Promise<SubscriptionDetails> {
  const billing = providerOf(deps);
  const tenant = await currentTenant(deps, scope);
  return subscriptionDetailsOf(
    tenant,
    billing,
    canSubscribe(tenant) ? await planOf(deps, billing) : null,
  );
}

/** POST stripe/getInvoices: only the caller's organisation's own customer. */
export async function getInvoices(
  deps: PaymentsDeps,
  scope: TenantScope,
  input: GetInvoicesRequest,
): Promise<Invoice[]> {
  providerOf(deps);
  const tenant = await currentTenant(deps, scope);
  const customerId = input.customerId.trim();
  if (
    tenant.paymentProviderCustomerId === null ||
    tenant.paymentProviderCustomerId !== customerId
  ) {
    throw forbidden(paymentTexts.customerNotFound);
  }
  const invoices = await provider(deps, (billing) =>
    billing.listInvoices(customerId, INVOICE_LIST_MAX),
  );
  return invoices.map((invoice) => ({
    invoiceNumber: invoice.number,
    created: invoice.created.toISOString(),
    status: invoice.status,
    currency: invoice.currency,
    total: invoice.total,
    invoicePdf: invoice.pdfUrl,
  }));
}

export function describePromotion(code: PromotionCodeInfo): string {
  if (code.percentOff !== null) return `${code.percentOff}% off`;
  return `${formatCodeAmount(code.amountOff ?? 0, code.currency ?? '')} off`;
}

async function findPromotion(deps: PaymentsDeps, code: string): Promise<PromotionCodeInfo> {
  const found = await provider(deps, (billing) => billing.findPromotionCode(code.trim()));
  if (found === null) throw invalid(paymentTexts.promotionalCodeInvalid);
  return found;
}

/** POST stripe/validatePromotionalCode: unknown or inactive codes are refused (400). */
export async function validatePromotionalCode(
  deps: PaymentsDeps,
  scope: TenantScope,
  input: ValidatePromotionalCodeRequest,
): Promise<PromotionalCode> {
  providerOf(deps);
  await currentTenant(deps, scope);
  const code = await findPromotion(deps, input.promotionalCode);
  return {
    promotionalCode: code.code,
    description: describePromotion(code),
    percentOff: code.percentOff,
    amountOff: code.amountOff,
    currency: code.currency,
  };
}

/**
 * POST stripe/createCheckoutSession: the organisation's customer (made at the provider the first
 * time), then a checkout of the plan with the promotional code, which returns to the Subscription
 * / Invoices route. Refused while the organisation has a live subscription.
 */
export async function createCheckoutSession(
  deps: PaymentsDeps,
  scope: TenantScope,
  input: CreateCheckoutSessionRequest,
): Promise<CheckoutSession> {
  providerOf(deps);
  const tenant = await currentTenant(deps, scope);
  if (!canSubscribe(tenant)) throw conflict(paymentTexts.alreadySubscribed);
  const code = input.promotionalCode?.trim() ?? '';
  const promotion = code === '' ? null : await findPromotion(deps, code);
  let customerId = tenant.paymentProviderCustomerId;
  if (customerId === null) {
    const customer = await provider(deps, (billing) =>
      billing.createCustomer({
        tenantId: tenant.id,
        name: tenant.name,
        email: tenant.email !== '' ? tenant.email : scope.claims.email,
      }),
    );
    customerId = (await setCustomerOnce(deps.db, tenant.id, customer.id)) ?? customer.id;
  }
  const returnTo = `${deps.siteUrl}${checkoutReturn.route}`;
  const sessionCustomer = customerId;
  const session = await provider(deps, (billing) =>
    billing.createCheckoutSession({
      customerId: sessionCustomer,
      tenantId: tenant.id,
      promotionCodeId: promotion?.id ?? null,
      successUrl: `${returnTo}?${checkoutReturn.sessionIdParam}={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${returnTo}?${checkoutReturn.checkoutParam}=canceled`,
    }),
  );
  await insertCheckoutSession(deps.db, session.id, tenant.id);
  return { sessionId: session.id, url: session.url };
}

/** The tenant's columns for a subscription as the provider has it now. */
function changesOf(tenant: TenantRow, subscription: SubscriptionInfo): SubscriptionChanges {
  const trialing = subscription.status === 'trialing';
  return {
    paymentProviderCustomerId: tenant.paymentProviderCustomerId ?? subscription.customerId,
    paymentProviderSubscriptionId: subscription.id,
    subscriptionStatus: subscription.status,
    isTrialing: trialing,
    trialEndDate: trialing ? subscription.trialEnd : tenant.trialEndDate,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEndDate: subscription.currentPeriodEnd,
  };
}

/**
 * Whether a subscription's news may change the tenant: its own subscription, its first one, or
 * a live one replacing one that ended (an old subscription's late event changes nothing).
 */
function concernsTenant(tenant: TenantRow, subscription: SubscriptionInfo): boolean {
  if (
    tenant.paymentProviderCustomerId !== null &&
    tenant.paymentProviderCustomerId !== subscription.customerId
  ) {
    return false;
  }
  return (
    tenant.paymentProviderSubscriptionId === null ||
    tenant.paymentProviderSubscriptionId === subscription.id ||
    LIVE_STATUSES.has(subscription.status)
  );
}

/**
 * POST stripe/validateSession: the return from a completed checkout that this organisation
 * started, confirmed once. The subscription is read from the provider and applied to the tenant
 * in the same transaction that marks the session confirmed (a replay changes nothing: 409).
 */
export async function validateSession(
  deps: PaymentsDeps,
  scope: TenantScope,
  input: ValidateSessionRequest,
): Promise<SubscriptionDetails> {
  const billing = providerOf(deps);
  const tenant = await currentTenant(deps, scope);
  const sessionId = input.sessionId.trim();
  const ours = await selectCheckoutSession(deps.db, sessionId, tenant.id);
  if (ours === undefined) throw notFound(paymentTexts.sessionNotFound);
  if (ours.confirmedAt !== null) throw conflict(paymentTexts.sessionAlreadyConfirmed);
  const session = await provider(deps, (b) => b.retrieveCheckoutSession(sessionId));
  if (session === null || session.clientReferenceId !== String(tenant.id)) {
    throw notFound(paymentTexts.sessionNotFound);
  }
  if (session.status !== 'complete' || session.subscriptionId === null) {
    throw invalid(paymentTexts.sessionNotComplete);
  }
  const subscriptionId = session.subscriptionId;
  const subscription = await provider(deps, (b) => b.retrieveSubscription(subscriptionId));
  if (subscription === null) throw invalid(paymentTexts.sessionNotComplete);
  const updated = await deps.db.transaction(async (tx) => {
    if (!(await claimCheckoutSession(tx, sessionId, tenant.id, deps.now()))) {
      throw conflict(paymentTexts.sessionAlreadyConfirmed);
    }
    const current = (await selectTenant(tx, tenant.id)) ?? tenant;
    if (!concernsTenant(current, subscription)) return current;
    return (
      (await updateTenantSubscription(tx, tenant.id, changesOf(current, subscription))) ?? current
    );
  });
  return subscriptionDetailsOf(updated, billing);
}

/** POST stripe/createBillingPortalSession: needs the organisation's customer. */
export async function createBillingPortalSession(
  deps: PaymentsDeps,
  scope: TenantScope,
): Promise<BillingPortalSession> {
  providerOf(deps);
  const tenant = await currentTenant(deps, scope);
  const customerId = tenant.paymentProviderCustomerId;
  if (customerId === null) throw conflict(paymentTexts.noCustomer);
  const url = await provider(deps, (billing) =>
    billing.createPortalSession(customerId, `${deps.siteUrl}${PORTAL_RETURN_ROUTE}`),
  );
  return { url };
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** The tenant an event is about: its reference (a checkout's), else its customer's. */
async function tenantOfEvent(
  deps: PaymentsDeps,
  event: BillingEvent,
): Promise<TenantRow | undefined> {
  if (event.tenantReference !== null && /^\d{1,10}$/.test(event.tenantReference)) {
    const tenant = await selectTenant(deps.db, Number(event.tenantReference));
    if (
      tenant !== undefined &&
      (tenant.paymentProviderCustomerId === null ||
        tenant.paymentProviderCustomerId === event.customerId)
    ) {
      return tenant;
    }
  }
  return event.customerId === null ? undefined : selectTenantByCustomer(deps.db, event.customerId);
}

/** Whether the event is a one-off payment's (issue 35): a payment-mode checkout's, or names a payment. */
export function isPaymentEvent(event: BillingEvent): boolean {
  return event.checkoutMode === 'payment' || event.paymentId !== null;
}

/**
 * A provider event (the Stripe webhook's, or the stand-in's): the subscription it is about is
 * read again from the provider (events may arrive out of order; the provider's state is the
 * truth) and applied to its tenant, in the transaction that records the event id, so an event
 * delivered again changes nothing ('duplicate').
 */
export async function applyBillingEvent(
  deps: PaymentsDeps,
  event: BillingEvent,
): Promise<EventOutcome> {
  // A one-off payment's event (a gift's checkout, refund or dispute) is no tenant's: it is not
  // recorded here either, so that the gifts' own path applies it once.
  if (isPaymentEvent(event)) return 'ignored';
  const tenant = await tenantOfEvent(deps, event);
  const subscriptionId = event.subscriptionId;
  const subscription =
    tenant === undefined || subscriptionId === null
      ? null
      : await provider(deps, (billing) => billing.retrieveSubscription(subscriptionId));
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event.id, event.type, deps.now()))) return 'duplicate';
    if (tenant === undefined || subscription === null) {
      deps.log.info({ eventId: event.id, type: event.type }, 'billing event for no tenant');
      return 'ignored';
    }
    const current = (await selectTenant(tx, tenant.id)) ?? tenant;
    if (!concernsTenant(current, subscription)) return 'ignored';
    await updateTenantSubscription(tx, tenant.id, changesOf(current, subscription));
    return 'applied';
  });
}
