/**
 * The Stripe billing adapter (issue 18 item 6): the official SDK pointed at a local fake of
 * Stripe's HTTP API (STRIPE_API_BASE -> its host/port/protocol), so its real requests are made,
 * and webhooks signed with the SDK's own test header (good, forged, replayed); one-off payments
 * (gifts, issue 35): their checkout in payment mode, its retrieval, and the events of a paid
 * checkout, a refund and a dispute.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints } from '../../contract/endpoints/account';
import { dropEndpoints } from '../../contract/endpoints/drops';
import { giftEndpoints } from '../../contract/endpoints/gifts';
import { paymentEndpoints } from '../../contract/endpoints/payments';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import type { CheckoutSession, Invoice, SubscriptionDetails } from '../../contract/payments';
import { paymentTexts } from '../../contract/payments';
import type { DatabaseHandle } from '../../server/db/database';
import { billingEvents, drops, gifts, tenants, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import {
  BillingProviderError,
  PAYMENT_EVENT_TYPES,
  WebhookSignatureError,
  type NewPaymentCheckout,
} from '../../server/billing/provider';
import { paymentCheckoutInfoOf, planInfoOf, StripeBilling } from '../../server/billing/stripe';
import { WEBHOOK_SIGNATURE_INVALID } from '../../server/features/payments/routes';
import { apiPaths } from './support/apiPaths';
import { FakeStripe } from './support/fakeStripe';
import { captchaToken, post, readyToSignUpWith } from './support/identity';
import { openTestDatabase } from './support/testDatabase';
import * as srv from './support/testServer';

const WEBHOOK_SECRET = 'whsec_test_givedrop';
const PRICE_ID = 'price_fake_monthly';
const SECRET_KEY = 'sk_test_fake_givedrop';

let handle: DatabaseHandle;
let test: srv.TestApp;
let fake: FakeStripe;
let marcus: srv.LoginResult;
let marcusTenantId: number;
/** The app's error log lines (JSON). */
const errorLines: string[] = [];
/** The SDK, only for its webhook test header. */
const sdk = new Stripe('sk_test_unused');

const call = (endpoint: AnyEndpoint, payload?: object) =>
  srv.callAs(test.app, marcus, endpoint, payload);

const tenantRow = async () =>
  (await handle.db.select().from(tenants).where(eq(tenants.id, marcusTenantId)))[0]!;

function deliver(event: object, secret = WEBHOOK_SECRET, app = test.app) {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: srv.api('stripe/webhook'),
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** A Stripe event of `type` about `object`, as its webhook delivers it. */
function eventOf(id: string, type: string, object: object) {
  return {
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

function subscriptionEvent(id: string, type: string, subscriptionId: string) {
  return eventOf(id, type, fake.subscriptionObject(fake.subscriptions.get(subscriptionId)!));
}

const tenantRowOf = async (tenantId: number) =>
  (await handle.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0]!;

const tenantOf = (session: srv.LoginResult) =>
  srv.parseJsonClaim<{ id: number }>(session.claims.currentTenant).id;

/** A new person, signed in on the organisation their signup created (they own it). */
async function signUpOwner(): Promise<srv.LoginResult> {
  const payload = await readyToSignUpWith(test.app, await captchaToken(test.app), 'stripedel');
  const response = await post(test.app, apiPaths.signup, payload);
  expect(response.statusCode).toBe(200);
  return srv.sessionOf(response);
}

beforeAll(async () => {
  fake = new FakeStripe();
  const url = await fake.start();
  handle = await openTestDatabase();
  test = await srv.createTestApp(
    handle.db,
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: PRICE_ID,
      STRIPE_API_BASE: url,
    },
    {
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            errorLines.push(chunk.toString());
            done();
          },
        }),
      },
    },
  );
  const member = await srv.login(test.app, DEMO_USERS.member.email);
  marcusTenantId = srv.tenantIdOf(member, 'Marcus Reed');
  marcus = await srv.switchTenant(test.app, member, 'Marcus Reed');
});

afterAll(async () => {
  await test.app.close();
  await handle.close();
  await fake.stop();
});

describe('the Stripe adapter against a fake of its API', () => {
  let session: CheckoutSession;
  let subscriptionId: string;

  it('does not serve the stand-in when the keys are set', async () => {
    const page = await test.app.inject({
      method: 'GET',
      url: srv.api('dev/billing/checkout/cs_x'),
    });
    expect(page.statusCode).toBe(404);
  });

  it("shows the price's plan before checkout, read from Stripe once", async () => {
    const first = srv.envelopeOf(await call(paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(first.canSubscribe).toBe(true);
    expect(first.plan).toEqual({
      description: 'Givedrop subscription',
      amount: 1200,
      currency: 'gbp',
      interval: 'month',
    });
    await call(paymentEndpoints.getSubscription);
    const reads = fake.requests.filter((request) => request.path === `/v1/prices/${PRICE_ID}`);
    expect(reads).toHaveLength(1);
  });

  it('validates promotion codes through Stripe', async () => {
    const good = await call(paymentEndpoints.validatePromotionalCode, {
      promotionalCode: 'welcome20',
    });
    expect(good.statusCode).toBe(200);
    expect(srv.envelopeOf(good).data).toMatchObject({
      promotionalCode: 'WELCOME20',
      percentOff: 20,
    });
    const lookup = fake.requests.find((request) => request.path === '/v1/promotion_codes');
    expect(lookup?.params).toMatchObject({ code: 'welcome20', active: 'true' });
    expect(lookup?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const bad = await call(paymentEndpoints.validatePromotionalCode, { promotionalCode: 'NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(srv.envelopeOf(bad).messages).toEqual([paymentTexts.promotionalCodeInvalid]);
  });

  it('makes the customer and a subscription checkout of the price with the code', async () => {
    const response = await call(paymentEndpoints.createCheckoutSession, {
      promotionalCode: 'WELCOME20',
    });
    expect(response.statusCode).toBe(200);
    session = srv.envelopeOf(response).data as CheckoutSession;
    expect(session.url).toBe(`https://checkout.stripe.test/pay/${session.sessionId}`);
    const customer = fake.requests.find((request) => request.path === '/v1/customers');
    expect(customer?.params).toMatchObject({
      name: 'Marcus Reed',
      'metadata[tenantId]': String(marcusTenantId),
    });
    const created = fake.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    );
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE_ID,
      'line_items[0][quantity]': '1',
      'discounts[0][promotion_code]': 'promo_fake_1',
      client_reference_id: String(marcusTenantId),
      success_url: `${test.config.siteUrl}/account/organisation/payments?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(created?.params.customer).toMatch(/^cus_fake_/);
    expect((await tenantRow()).paymentProviderCustomerId).toBe(created?.params.customer);
  });

  it('confirms the completed session: the tenant is active; a replay is refused', async () => {
    const early = await call(paymentEndpoints.validateSession, { sessionId: session.sessionId });
    expect(early.statusCode).toBe(400);
    subscriptionId = fake.completeSession(session.sessionId, test.clock.now()).id;
    const response = await call(paymentEndpoints.validateSession, { sessionId: session.sessionId });
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toMatchObject({
      provider: 'stripe',
      subscriptionId,
      subscriptionStatus: 'active',
      isTrialing: false,
      canSubscribe: false,
    });
    const replay = await call(paymentEndpoints.validateSession, { sessionId: session.sessionId });
    expect(replay.statusCode).toBe(409);
  });

  it("lists the customer's invoices with their hosted PDF", async () => {
    const row = await tenantRow();
    const response = await call(paymentEndpoints.getInvoices, {
      customerId: row.paymentProviderCustomerId,
    });
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data as Invoice[]).toEqual([
      {
        invoiceNumber: 'FAKE-0001',
        created: expect.any(String),
        status: 'paid',
        currency: 'gbp',
        total: 960,
        invoicePdf: 'https://pay.stripe.test/invoice/in_fake_1/pdf',
      },
    ]);
  });

  it("opens Stripe's billing portal for the customer", async () => {
    const response = await call(paymentEndpoints.createBillingPortalSession);
    expect(response.statusCode).toBe(200);
    const row = await tenantRow();
    expect(srv.envelopeOf(response).data).toEqual({
      url: `https://billing.stripe.test/session/${row.paymentProviderCustomerId}`,
    });
  });

  it('applies a signed customer.subscription.updated webhook to the tenant', async () => {
    fake.subscriptions.get(subscriptionId)!.cancel_at_period_end = true;
    const response = await deliver(
      subscriptionEvent('evt_1', 'customer.subscription.updated', subscriptionId),
    );
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ received: true, outcome: 'applied' });
    expect(await tenantRow()).toMatchObject({
      cancelAtPeriodEnd: true,
      subscriptionStatus: 'active',
    });
  });

  it('refuses a forged delivery with 400 and changes nothing', async () => {
    fake.subscriptions.get(subscriptionId)!.status = 'canceled';
    const before = await tenantRow();
    const forged = await deliver(
      subscriptionEvent('evt_forged', 'customer.subscription.deleted', subscriptionId),
      'whsec_not_ours',
    );
    expect(forged.statusCode).toBe(400);
    expect(srv.envelopeOf(forged).messages).toEqual([WEBHOOK_SIGNATURE_INVALID]);
    const unsigned = await test.app.inject({
      method: 'POST',
      url: srv.api('stripe/webhook'),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(
        subscriptionEvent('evt_unsigned', 'customer.subscription.deleted', subscriptionId),
      ),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await tenantRow()).toEqual(before);
    const recorded = await handle.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventId, 'evt_forged'));
    expect(recorded).toEqual([]);
  });

  it('applies an event id once: a replayed delivery changes nothing', async () => {
    const replay = await deliver(
      subscriptionEvent('evt_1', 'customer.subscription.updated', subscriptionId),
    );
    expect(replay.statusCode).toBe(200);
    expect(srv.envelopeOf(replay).data).toEqual({ received: true, outcome: 'duplicate' });
    expect((await tenantRow()).subscriptionStatus).toBe('active');

    const deleted = await deliver(
      subscriptionEvent('evt_2', 'customer.subscription.deleted', subscriptionId),
    );
    expect(srv.envelopeOf(deleted).data).toEqual({ received: true, outcome: 'applied' });
    const details = srv.envelopeOf(await call(paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(details).toMatchObject({ subscriptionStatus: 'canceled', canSubscribe: true });
  });

  it("deletes the customer at Stripe when the organisation's owner deletes their account", async () => {
    const owner = await signUpOwner();
    const checkout = await srv.callAs(test.app, owner, paymentEndpoints.createCheckoutSession, {});
    expect(checkout.statusCode).toBe(200);
    const customerId = (await tenantRowOf(tenantOf(owner))).paymentProviderCustomerId!;
    const sessionId = (srv.envelopeOf(checkout).data as CheckoutSession).sessionId;
    const subscription = fake.completeSession(sessionId, test.clock.now());

    const response = await srv.callAs(test.app, owner, accountEndpoints.deleteMyAccount);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ deleted: 'organisationAndAccount' });
    const deletion = fake.requests.filter((request) => request.method === 'DELETE');
    expect(deletion.map((request) => request.path)).toEqual([`/v1/customers/${customerId}`]);
    expect(deletion[0]?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(fake.customers.has(customerId)).toBe(false);
    expect(subscription.status).toBe('canceled');
  });

  it('counts a customer Stripe no longer has (404) as deleted, logging nothing', async () => {
    const owner = await signUpOwner();
    await handle.db
      .update(tenants)
      .set({ paymentProviderCustomerId: 'cus_fake_gone' })
      .where(eq(tenants.id, tenantOf(owner)));
    const logged = errorLines.length;
    const response = await srv.callAs(test.app, owner, accountEndpoints.deleteMyAccount);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ deleted: 'organisationAndAccount' });
    const last = fake.requests.at(-1);
    expect(last).toMatchObject({ method: 'DELETE', path: '/v1/customers/cus_fake_gone' });
    expect(errorLines.slice(logged)).toEqual([]);
  });

  it('answers 503 with a message when Stripe fails, changing nothing', async () => {
    const row = await tenantRow();
    await fake.stop();
    const response = await call(paymentEndpoints.getInvoices, {
      customerId: row.paymentProviderCustomerId,
    });
    expect(response.statusCode).toBe(503);
    expect(srv.envelopeOf(response).messages).toEqual([paymentTexts.unavailable]);
  });
});

describe('an owner deleting their account while Stripe fails', () => {
  it('still deletes the organisation and answers 200, logging the customer to retry', async () => {
    // The fake was stopped by the test before: every call to Stripe fails.
    const owner = await signUpOwner();
    await handle.db
      .update(tenants)
      .set({ paymentProviderCustomerId: 'cus_fake_unreachable' })
      .where(eq(tenants.id, tenantOf(owner)));
    const logged = errorLines.length;
    const response = await srv.callAs(test.app, owner, accountEndpoints.deleteMyAccount);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ deleted: 'organisationAndAccount' });
    const [row] = await handle.db
      .select()
      .from(tenants)
      .where(eq(tenants.id, tenantOf(owner)));
    expect(row).toBeUndefined();
    const logs = errorLines
      .slice(logged)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logs).toEqual([
      expect.objectContaining({ level: 50, customerId: 'cus_fake_unreachable' }),
    ]);
  });
});

describe('the plan read from a Stripe price (planInfoOf)', () => {
  const price = (overrides: Partial<Stripe.Price>) =>
    ({
      id: 'price_x',
      product: { id: 'prod_x', name: 'Givedrop subscription' },
      nickname: null,
      unit_amount: 1200,
      currency: 'gbp',
      recurring: { interval: 'month', interval_count: 1 },
      ...overrides,
    }) as unknown as Stripe.Price;

  it('says how often: every interval, a count of them, or none for a one-off price', () => {
    expect(planInfoOf(price({}))).toEqual({
      description: 'Givedrop subscription',
      amount: 1200,
      currency: 'gbp',
      interval: 'month',
    });
    const quarterly = price({
      recurring: { interval: 'month', interval_count: 3 } as Stripe.Price.Recurring,
    });
    expect(planInfoOf(quarterly).interval).toBe('3 months');
    expect(planInfoOf(price({ recurring: null })).interval).toBeNull();
  });

  it('refuses a price with no unit amount (tiered or metered) rather than show 0', () => {
    expect(() => planInfoOf(price({ unit_amount: null }))).toThrow(BillingProviderError);
  });
});

describe('one-off payments (gifts) at Stripe', () => {
  let payFake: FakeStripe;
  let billing: StripeBilling;
  const gift: NewPaymentCheckout = {
    amount: 1000,
    currency: 'gbp',
    description: 'Gift to Harbour Hope',
    reference: '6f1c2a8e-2d4b-4c1e-9a7f-0b1d2e3f4a5b',
    customerEmail: 'giver@example.com',
    successUrl: 'https://givedrop.test/drops/d1?gift_session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://givedrop.test/drops/d1?gift=canceled',
  };

  function signed(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    return {
      body: Buffer.from(payload),
      signature: sdk.webhooks.generateTestHeaderString({ payload, secret }),
    };
  }

  beforeAll(async () => {
    payFake = new FakeStripe();
    billing = new StripeBilling({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      priceId: PRICE_ID,
      apiBase: await payFake.start(),
      maxNetworkRetries: 0,
    });
  });

  afterAll(async () => {
    await payFake.stop();
  });

  let sessionId: string;

  it('creates a checkout in payment mode of one line: the amount, the description, once', async () => {
    const session = await billing.createPaymentCheckout(gift);
    sessionId = session.id;
    expect(session.url).toBe(`https://checkout.stripe.test/pay/${session.id}`);
    const created = payFake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(created[0]?.params).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][product_data][name]': 'Gift to Harbour Hope',
      'line_items[0][quantity]': '1',
      client_reference_id: gift.reference,
      'metadata[giftGuid]': gift.reference,
      customer_email: 'giver@example.com',
      success_url: gift.successUrl,
      cancel_url: gift.cancelUrl,
    });
  });

  it('sends no customer_email when the payer types it at Stripe', async () => {
    await billing.createPaymentCheckout({ ...gift, customerEmail: null, amount: 250 });
    const last = payFake.requests.at(-1);
    expect(last?.params).not.toHaveProperty('customer_email');
    expect(last?.params).toMatchObject({ 'line_items[0][price_data][unit_amount]': '250' });
  });

  it('retrieves the checkout: unpaid while open, then paid with its PaymentIntent', async () => {
    expect(await billing.retrievePaymentCheckout(sessionId)).toEqual({
      id: sessionId,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentId: null,
      amount: 1000,
      currency: 'gbp',
      reference: gift.reference,
    });
    const paid = payFake.completePayment(sessionId);
    expect(await billing.retrievePaymentCheckout(sessionId)).toEqual({
      id: sessionId,
      status: 'complete',
      paymentStatus: 'paid',
      paymentId: paid.payment_intent,
      amount: 1000,
      currency: 'gbp',
      reference: gift.reference,
    });
    expect(payFake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${sessionId}`,
    });
  });

  it('answers null for a session Stripe does not have (resource_missing) or of a subscription', async () => {
    expect(await billing.retrievePaymentCheckout('cs_fake_nope')).toBeNull();
    const subscription = await billing.createCheckoutSession({
      customerId: 'cus_fake_x',
      tenantId: 7,
      promotionCodeId: null,
      successUrl: 'https://givedrop.test/ok',
      cancelUrl: 'https://givedrop.test/no',
    });
    expect(await billing.retrievePaymentCheckout(subscription.id)).toBeNull();
  });

  it('maps an expanded PaymentIntent and a missing total', () => {
    const session = {
      id: 'cs_x',
      mode: 'payment',
      status: null,
      payment_status: 'paid',
      payment_intent: { id: 'pi_expanded', object: 'payment_intent' },
      amount_total: null,
      currency: null,
      client_reference_id: null,
    } as unknown as Stripe.Checkout.Session;
    expect(paymentCheckoutInfoOf(session)).toEqual({
      id: 'cs_x',
      status: 'open',
      paymentStatus: 'paid',
      paymentId: 'pi_expanded',
      amount: 0,
      currency: '',
      reference: null,
    });
  });

  it('parses a signed paid checkout in payment mode: its session, mode and payment', () => {
    const session = payFake.sessionObject(payFake.sessions.get(sessionId)!);
    const { body, signature } = signed(eventOf('evt_pay_1', 'checkout.session.completed', session));
    expect(billing.parseWebhook(body, signature)).toEqual({
      id: 'evt_pay_1',
      type: 'checkout.session.completed',
      customerId: null,
      subscriptionId: null,
      tenantReference: null,
      checkoutSessionId: sessionId,
      checkoutMode: 'payment',
      paymentId: session.payment_intent,
    });
  });

  it('parses a signed refund and a signed dispute: the payment they are about', () => {
    const refund = signed(
      eventOf('evt_refund_1', 'charge.refunded', {
        id: 'ch_fake_1',
        object: 'charge',
        amount: 1000,
        amount_refunded: 1000,
        refunded: true,
        customer: null,
        payment_intent: 'pi_fake_9',
      }),
    );
    expect(billing.parseWebhook(refund.body, refund.signature)).toEqual({
      id: 'evt_refund_1',
      type: 'charge.refunded',
      customerId: null,
      subscriptionId: null,
      tenantReference: null,
      checkoutSessionId: null,
      checkoutMode: null,
      paymentId: 'pi_fake_9',
    });
    const dispute = signed(
      eventOf('evt_dispute_1', 'charge.dispute.created', {
        id: 'dp_fake_1',
        object: 'dispute',
        amount: 1000,
        charge: 'ch_fake_1',
        status: 'needs_response',
        payment_intent: { id: 'pi_fake_9', object: 'payment_intent' },
      }),
    );
    expect(billing.parseWebhook(dispute.body, dispute.signature)).toMatchObject({
      id: 'evt_dispute_1',
      type: 'charge.dispute.created',
      checkoutMode: null,
      paymentId: 'pi_fake_9',
    });
    for (const type of [
      'charge.refunded',
      'charge.dispute.created',
      'checkout.session.completed',
    ]) {
      expect(PAYMENT_EVENT_TYPES).toContain(type);
    }
  });

  it("keeps a subscription checkout's event as it was, with its mode", () => {
    const session = {
      id: 'cs_sub_1',
      object: 'checkout.session',
      mode: 'subscription',
      customer: 'cus_fake_1',
      subscription: 'sub_fake_1',
      client_reference_id: '42',
      payment_intent: null,
    };
    const { body, signature } = signed(eventOf('evt_sub_1', 'checkout.session.completed', session));
    expect(billing.parseWebhook(body, signature)).toEqual({
      id: 'evt_sub_1',
      type: 'checkout.session.completed',
      customerId: 'cus_fake_1',
      subscriptionId: 'sub_fake_1',
      tenantReference: '42',
      checkoutSessionId: 'cs_sub_1',
      checkoutMode: 'subscription',
      paymentId: null,
    });
  });

  it('refuses a payment event signed with another secret, or tampered with after signing', () => {
    const event = eventOf('evt_forged_pay', 'charge.refunded', {
      id: 'ch_x',
      object: 'charge',
      payment_intent: 'pi_x',
    });
    const forged = signed(event, 'whsec_not_ours');
    expect(() => billing.parseWebhook(forged.body, forged.signature)).toThrow(
      WebhookSignatureError,
    );
    const good = signed(event);
    const tampered = Buffer.from(good.body.toString().replace('pi_x', 'pi_y'));
    expect(() => billing.parseWebhook(tampered, good.signature)).toThrow(WebhookSignatureError);
  });

  it("the webhook gives a paid gift's checkout to the gifts: not applied to a tenant", async () => {
    const before = await tenantRow();
    const session = {
      ...payFake.sessionObject(payFake.sessions.get(sessionId)!),
      // A reference that looks like a tenant's still makes it no tenant's.
      client_reference_id: String(marcusTenantId),
    };
    const response = await deliver(
      eventOf('evt_pay_webhook', 'checkout.session.completed', session),
    );
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ received: true, outcome: 'ignored' });
    expect(await tenantRow()).toEqual(before);
    // Recorded once by the gifts' path, which has no gift of this checkout.
    const recorded = await handle.db
      .select({ type: billingEvents.type })
      .from(billingEvents)
      .where(eq(billingEvents.eventId, 'evt_pay_webhook'));
    expect(recorded).toEqual([{ type: 'checkout.session.completed' }]);
  });

  it('throws BillingProviderError when Stripe cannot be reached', async () => {
    await payFake.stop();
    await expect(billing.createPaymentCheckout(gift)).rejects.toThrow(BillingProviderError);
    await expect(billing.retrievePaymentCheckout(sessionId)).rejects.toThrow(BillingProviderError);
  });
});

describe('a gift at Stripe, through the app (issue 35)', () => {
  // An app of its own on a fake of its own (the file's fake is stopped by a test above).
  let giftFake: FakeStripe;
  let app: srv.TestApp;

  beforeAll(async () => {
    giftFake = new FakeStripe();
    app = await srv.createTestApp(handle.db, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: PRICE_ID,
      STRIPE_API_BASE: await giftFake.start(),
    });
  });

  afterAll(async () => {
    await app.app.close();
    await giftFake.stop();
  });

  const paidEvent = (id: string, checkoutId: string) =>
    eventOf(
      id,
      'checkout.session.completed',
      giftFake.sessionObject(giftFake.sessions.get(checkoutId)!),
    );

  it('counts once Stripe confirms; a delivery that cannot read the checkout is retried, not lost', async () => {
    // Nina gives to a seeded live Drop of Olivia's (for Harbour Hope).
    const nina = await srv.login(app.app, DEMO_USERS.newbie.email);
    const [seeded] = await handle.db
      .select({ guid: drops.guid })
      .from(drops)
      .innerJoin(users, eq(users.id, drops.userId))
      .where(eq(users.email, DEMO_USERS.owner.email))
      .limit(1);
    const started = await srv.callAs(app.app, nina, giftEndpoints.start, {
      dropGuid: seeded!.guid,
      amount: 2500,
      currency: 'gbp',
      message: '',
      anonymous: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { giftGuid, url } = srv.envelopeOf(started).data as { giftGuid: string; url: string };
    const checkoutId = url.split('/').at(-1)!;
    expect(giftFake.sessions.get(checkoutId)).toMatchObject({ mode: 'payment' });
    const statusOf = async () =>
      (await handle.db.select().from(gifts).where(eq(gifts.guid, giftGuid)))[0]?.status;
    expect(await statusOf()).toBe('pending');

    giftFake.completePayment(checkoutId);
    giftFake.failing = true;
    let failed;
    try {
      failed = await deliver(paidEvent('evt_gift_paid', checkoutId), WEBHOOK_SECRET, app.app);
    } finally {
      giftFake.failing = false;
    }
    expect(failed.statusCode).toBe(503);
    expect(await statusOf()).toBe('pending');
    const unrecorded = await handle.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventId, 'evt_gift_paid'));
    expect(unrecorded).toEqual([]);

    const retried = await deliver(paidEvent('evt_gift_paid', checkoutId), WEBHOOK_SECRET, app.app);
    expect(srv.envelopeOf(retried).data).toEqual({ received: true, outcome: 'applied' });
    expect(await statusOf()).toBe('confirmed');
    const again = await deliver(paidEvent('evt_gift_paid', checkoutId), WEBHOOK_SECRET, app.app);
    expect(srv.envelopeOf(again).data).toEqual({ received: true, outcome: 'duplicate' });
    const shown = await app.app.inject({
      method: 'GET',
      url: srv.api(`${dropEndpoints.getByGuid.path}?guid=${seeded!.guid}`),
      headers: srv.bearer(nina.jwtToken),
    });
    expect(srv.envelopeOf(shown).data).toMatchObject({ raised: 2500, givers: 1 });
  });
});
