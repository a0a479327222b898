/**
 * The billing adapter (design §6, issue 18 item 6): the one interface the payments domain
 * (server/features/payments) uses, with two implementations:
 *
 * - 'stripe' (server/billing/stripe.ts): the official SDK, with STRIPE_SECRET_KEY,
 *   STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID;
 * - 'standIn' (server/billing/standIn.ts): a development stand-in served by this server (checkout
 *   and portal pages, PDF invoices), never under NODE_ENV=production.
 *
 * In production without the keys there is no provider: the payments calls answer 503.
 *
 * Amounts here are in minor units (pence), as the providers keep them; the domain converts.
 * Provider changes reach the tenant through {@link BillingEvent}s: the Stripe webhook parses
 * them, the stand-in emits them itself, and the domain applies both alike.
 */
export type BillingMode = 'stripe' | 'standIn' | 'unavailable';

export interface BillingCustomer {
  id: string;
}

export interface NewCustomer {
  /** Our tenant id (kept as the provider's metadata / reference). */
  tenantId: number;
  name: string;
  email: string;
}

export interface PromotionCodeInfo {
  /** The provider's id of the promotion code (given to the checkout). */
  id: string;
  code: string;
  percentOff: number | null;
  /** Minor units. */
  amountOff: number | null;
  currency: string | null;
}

export interface NewCheckoutSession {
  customerId: string;
  tenantId: number;
  promotionCodeId: string | null;
  /** With the provider's `{CHECKOUT_SESSION_ID}` placeholder. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSessionInfo {
  id: string;
  /** Where the browser goes to pay. */
  url: string;
}

export interface CompletedCheckoutInfo {
  id: string;
  /** 'open' | 'complete' | 'expired'. */
  status: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** Our tenant id as given at creation (client_reference_id). */
  clientReferenceId: string | null;
}

export interface SubscriptionInfo {
  id: string;
  customerId: string;
  /** The provider's status: trialing, active, past_due, canceled, unpaid, incomplete, … */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
}

export interface InvoiceInfo {
  number: string;
  created: Date;
  status: string;
  currency: string;
  /** Minor units. */
  total: number;
  pdfUrl: string;
}

/** The plan checkout sells (the one price), shown before checkout (issue 34 point 3). */
export interface PlanInfo {
  /** The product's name ('Givedrop subscription, monthly'). */
  description: string;
  /** Minor units per interval. */
  amount: number;
  /** ISO 4217, lower case. */
  currency: string;
  /**
   * How often it is charged: 'day', 'week', 'month' or 'year', or a count of them when more
   * than one ('3 months'); null for a one-off price.
   */
  interval: string | null;
}

/** A one-off payment: a gift to a Drop (issue 35), paid at the provider's hosted checkout. */
export interface NewPaymentCheckout {
  /** Minor units. */
  amount: number;
  /** ISO 4217, lower case. */
  currency: string;
  /** What the payer sees they pay for ('Gift to Harbour Hope'). */
  description: string;
  /** Our gift's guid: the checkout's client_reference_id (and metadata.giftGuid at Stripe). */
  reference: string;
  /** The payer's address for the provider's receipt; null to let them type it. */
  customerEmail: string | null;
  /** With the provider's `{CHECKOUT_SESSION_ID}` placeholder. */
  successUrl: string;
  cancelUrl: string;
}

/** A one-off payment's checkout as the provider has it. */
export interface PaymentCheckoutInfo {
  id: string;
  /** 'open' | 'complete' | 'expired'. */
  status: string;
  /** 'paid' | 'unpaid' | 'no_payment_required'. */
  paymentStatus: string;
  /** The payment (Stripe's PaymentIntent id) once paid; refunds and disputes name it. */
  paymentId: string | null;
  /** Minor units, as charged. */
  amount: number;
  currency: string;
  /** Our reference as given at creation (client_reference_id). */
  reference: string | null;
}

/**
 * A change at the provider, as the domain needs it: which subscription (or checkout) it is
 * about. The domain reads the subscription again from the provider before applying it, so the
 * order in which events arrive does not matter.
 */
export interface BillingEvent {
  /** The provider's event id: an event is applied once. */
  id: string;
  type: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** Our tenant id when the event carries it (a checkout's client_reference_id). */
  tenantReference: string | null;
  /** A completed checkout's session id. */
  checkoutSessionId: string | null;
  /**
   * A checkout's mode ('subscription' | 'payment'); null for other events. Events of one-off
   * payments (a checkout in payment mode, a refund, a dispute) are a gift's, not a tenant's.
   */
  checkoutMode: string | null;
  /** The payment a refund or a dispute is about (Stripe's PaymentIntent id); else null. */
  paymentId: string | null;
}

/** The event types applied to the tenant; others are acknowledged and ignored. */
export const APPLIED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
] as const;

/**
 * The event types of one-off payments (gifts): a checkout in payment mode completed (paid) or
 * expired, a payment refunded (in full or in part: the gift is taken out either way), a dispute
 * opened. Others are acknowledged and ignored.
 */
export const PAYMENT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'charge.refunded',
  'charge.dispute.created',
] as const;

export interface BillingProvider {
  readonly mode: Exclude<BillingMode, 'unavailable'>;
  createCustomer(input: NewCustomer): Promise<BillingCustomer>;
  /** The plan checkout sells: its name, price and interval. */
  plan(): Promise<PlanInfo>;
  /** The active promotion code with this code (any case), or null. */
  findPromotionCode(code: string): Promise<PromotionCodeInfo | null>;
  createCheckoutSession(input: NewCheckoutSession): Promise<CheckoutSessionInfo>;
  /** Null when the provider has no such session. */
  retrieveCheckoutSession(id: string): Promise<CompletedCheckoutInfo | null>;
  /** A hosted checkout in one-off payment mode (a gift). */
  createPaymentCheckout(input: NewPaymentCheckout): Promise<CheckoutSessionInfo>;
  /** Null when the provider has no such session (or it is not a one-off payment). */
  retrievePaymentCheckout(id: string): Promise<PaymentCheckoutInfo | null>;
  /** Null when the provider has no such subscription. */
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>;
  /** The customer's invoices, newest first (at most `limit`). */
  listInvoices(customerId: string, limit: number): Promise<InvoiceInfo[]>;
  /** A billing-portal URL for the customer that returns to `returnUrl`. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /**
   * Deletes the customer with their payment data (spec §6: an owner deleting their account
   * deletes the organisation's payment data): their subscriptions end, their invoices and
   * checkouts go (Stripe keeps what the law requires it to). A customer already gone counts as
   * deleted.
   */
  deleteCustomer(customerId: string): Promise<void>;
}

/** The Stripe adapter also reads webhooks. */
export interface WebhookParser {
  /** The event of a signed delivery; throws {@link WebhookSignatureError} when not genuine. */
  parseWebhook(rawBody: Buffer, signature: string): BillingEvent;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The provider failed (network, 5xx, an unexpected answer): the call answers 503. */
export class BillingProviderError extends Error {
  override name = 'BillingProviderError';
}
