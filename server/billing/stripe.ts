/**
 * The Stripe billing adapter: the official SDK (STRIPE_SECRET_KEY), one price (STRIPE_PRICE_ID)
 * sold through Checkout Sessions in subscription mode, the customer's invoices with their hosted
 * PDF, promotion codes, the customer billing portal, one-off payments (gifts, issue 35) through
 * Checkout Sessions in payment mode, and webhooks verified with STRIPE_WEBHOOK_SECRET
 * (`stripe.webhooks.constructEvent`).
 *
 * `apiBase` (STRIPE_API_BASE) points the SDK's host/port/protocol elsewhere: the tests' local
 * fake of Stripe's HTTP API, or stripe-mock.
 */
import Stripe from 'stripe';
import {
  BillingProviderError,
  WebhookSignatureError,
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
  type WebhookParser,
} from './provider';

export interface StripeBillingOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** e.g. 'http://127.0.0.1:12111'; the SDK's default (api.stripe.com over HTTPS) when unset. */
  apiBase?: string | undefined;
  /** Retries of a failed request (idempotency keys make them safe); default 2. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** The SDK's host, port and protocol for an API base URL. */
export function sdkAddressOf(apiBase: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return { host: url.hostname, port, protocol };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const dateOf = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** Stripe's 404 (resource_missing) is "no such object"; everything else is a failure. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  );
}

async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new BillingProviderError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

async function orNullIfMissing<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isMissing(error)) return null;
    throw new BillingProviderError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

/**
 * Since API version 2025-03-31 the current period lives on the subscription's items; the
 * earliest end of its items is the subscription's (one price here, so one item).
 */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length === 0 ? null : dateOf(Math.min(...ends));
}

export function subscriptionInfoOf(subscription: Stripe.Subscription): SubscriptionInfo {
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    currentPeriodEnd: periodEndOf(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: dateOf(subscription.trial_end),
  };
}

function promotionCodeInfoOf(code: Stripe.PromotionCode): PromotionCodeInfo | null {
  const coupon = code.promotion.coupon;
  if (coupon === null || typeof coupon === 'string' || !coupon.valid) return null;
  return {
    id: code.id,
    code: code.code,
    percentOff: coupon.percent_off ?? null,
    amountOff: coupon.amount_off ?? null,
    currency: coupon.currency ?? null,
  };
}

/**
 * The plan as the screen shows it. A price with no unit amount (tiered or metered) has no one
 * price to show: BillingProviderError, and the screen shows none rather than '£0.00'. A price
 * charged every few intervals says so ('3 months': 'every 3 months' on the screen).
 */
export function planInfoOf(price: Stripe.Price): PlanInfo {
  const product = price.product;
  const name =
    typeof product === 'object' && !('deleted' in product && product.deleted === true)
      ? (product as Stripe.Product).name
      : null;
  if (price.unit_amount === null) {
    throw new BillingProviderError(`The price ${price.id} has no unit amount to show.`);
  }
  const recurring = price.recurring;
  const count = recurring?.interval_count ?? 1;
  return {
    description: name ?? price.nickname ?? '',
    amount: price.unit_amount,
    currency: price.currency,
    interval:
      recurring === null
        ? null
        : count === 1
          ? recurring.interval
          : `${count} ${recurring.interval}s`,
  };
}

/**
 * A checkout session in payment mode as the domain needs it; null for a session of another mode
 * (a subscription's checkout is not a one-off payment).
 */
export function paymentCheckoutInfoOf(
  session: Stripe.Checkout.Session,
): PaymentCheckoutInfo | null {
  if (session.mode !== 'payment') return null;
  return {
    id: session.id,
    status: session.status ?? 'open',
    paymentStatus: session.payment_status,
    paymentId: idOf(session.payment_intent),
    amount: session.amount_total ?? 0,
    currency: session.currency ?? '',
    reference: session.client_reference_id,
  };
}

/**
 * The event's object as the domain needs it: the subscription events of APPLIED_EVENT_TYPES and
 * the one-off payments' of PAYMENT_EVENT_TYPES. A checkout session's events carry its mode, and
 * in payment mode its payment (PaymentIntent); a refund (charge.refunded) and a dispute
 * (charge.dispute.created) carry the payment they are about.
 */
export function billingEventOf(event: Stripe.Event): BillingEvent {
  const base: BillingEvent = {
    id: event.id,
    type: event.type,
    customerId: null,
    subscriptionId: null,
    tenantReference: null,
    checkoutSessionId: null,
    checkoutMode: null,
    paymentId: null,
  };
  if (event.type.startsWith('checkout.session.')) {
    const session = event.data.object as Stripe.Checkout.Session;
    return {
      ...base,
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
      tenantReference: session.mode === 'payment' ? null : session.client_reference_id,
      checkoutSessionId: session.id,
      checkoutMode: session.mode,
      paymentId: session.mode === 'payment' ? idOf(session.payment_intent) : null,
    };
  }
  if (event.type.startsWith('customer.subscription.')) {
    const subscription = event.data.object as Stripe.Subscription;
    return { ...base, customerId: idOf(subscription.customer), subscriptionId: subscription.id };
  }
  if (event.type === 'charge.refunded') {
    return { ...base, paymentId: idOf(event.data.object.payment_intent) };
  }
  if (event.type === 'charge.dispute.created') {
    return { ...base, paymentId: idOf(event.data.object.payment_intent) };
  }
  return base;
}

export class StripeBilling implements BillingProvider, WebhookParser {
  readonly mode = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(private readonly options: StripeBillingOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      appInfo: { name: 'Givedrop' },
      ...(options.apiBase === undefined ? {} : sdkAddressOf(options.apiBase)),
    });
  }

  async createCustomer(input: { tenantId: number; name: string; email: string }) {
    const customer = await calling(() =>
      this.stripe.customers.create({
        name: input.name,
        ...(input.email === '' ? {} : { email: input.email }),
        metadata: { tenantId: String(input.tenantId) },
      }),
    );
    return { id: customer.id };
  }

  /** A Stripe price's amount and interval cannot change: it is read once. */
  private planRead: Promise<PlanInfo> | null = null;

  plan(): Promise<PlanInfo> {
    this.planRead ??= calling(() =>
      this.stripe.prices.retrieve(this.options.priceId, { expand: ['product'] }),
    ).then(planInfoOf);
    // A failed read is tried again next time.
    this.planRead.catch(() => {
      this.planRead = null;
    });
    return this.planRead;
  }

  async findPromotionCode(code: string): Promise<PromotionCodeInfo | null> {
    const list = await calling(() =>
      this.stripe.promotionCodes.list({
        code,
        active: true,
        limit: 1,
        expand: ['data.promotion.coupon'],
      }),
    );
    const [found] = list.data;
    return found === undefined ? null : promotionCodeInfoOf(found);
  }

  async createCheckoutSession(input: NewCheckoutSession) {
    const session = await calling(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: String(input.tenantId),
        line_items: [{ price: this.options.priceId, quantity: 1 }],
        ...(input.promotionCodeId === null
          ? { allow_promotion_codes: true }
          : { discounts: [{ promotion_code: input.promotionCodeId }] }),
        subscription_data: { metadata: { tenantId: String(input.tenantId) } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      }),
    );
    if (session.url === null) throw new BillingProviderError('Stripe answered no checkout URL.');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<CompletedCheckoutInfo | null> {
    const session = await orNullIfMissing(() => this.stripe.checkout.sessions.retrieve(id));
    if (session === null) return null;
    return {
      id: session.id,
      status: session.status ?? 'open',
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
      clientReferenceId: session.client_reference_id,
    };
  }

  /**
   * A hosted checkout of one line (the gift's amount and description, bought once); our gift's
   * guid is its client_reference_id and its metadata.giftGuid.
   */
  async createPaymentCheckout(input: NewPaymentCheckout) {
    const session = await calling(() =>
      this.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            price_data: {
              currency: input.currency,
              unit_amount: input.amount,
              product_data: { name: input.description },
            },
            quantity: 1,
          },
        ],
        client_reference_id: input.reference,
        metadata: { giftGuid: input.reference },
        ...(input.customerEmail === null ? {} : { customer_email: input.customerEmail }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      }),
    );
    if (session.url === null) throw new BillingProviderError('Stripe answered no checkout URL.');
    return { id: session.id, url: session.url };
  }

  async retrievePaymentCheckout(id: string): Promise<PaymentCheckoutInfo | null> {
    const session = await orNullIfMissing(() => this.stripe.checkout.sessions.retrieve(id));
    return session === null ? null : paymentCheckoutInfoOf(session);
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    const subscription = await orNullIfMissing(() => this.stripe.subscriptions.retrieve(id));
    return subscription === null ? null : subscriptionInfoOf(subscription);
  }

  async listInvoices(customerId: string, limit: number): Promise<InvoiceInfo[]> {
    const list = await calling(() =>
      this.stripe.invoices.list({ customer: customerId, limit: Math.min(limit, 100) }),
    );
    return list.data.map((invoice) => ({
      number: invoice.number ?? '',
      created: new Date(invoice.created * 1000),
      status: invoice.status ?? 'draft',
      currency: invoice.currency,
      total: invoice.total,
      pdfUrl: invoice.invoice_pdf ?? '',
    }));
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await calling(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  /** Stripe cancels the customer's subscriptions when the customer is deleted. */
  async deleteCustomer(customerId: string): Promise<void> {
    await orNullIfMissing(() => this.stripe.customers.del(customerId));
  }

  parseWebhook(rawBody: Buffer, signature: string): BillingEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    return billingEventOf(event);
  }
}
