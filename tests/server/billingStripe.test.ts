/**
 * The Stripe billing adapter (issue 18 item 6): the official SDK pointed at a local fake of
 * Stripe's HTTP API (STRIPE_API_BASE -> its host/port/protocol), so its real requests are made,
 * and webhooks signed with the SDK's own test header (good, forged, replayed).
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints } from '../../contract/endpoints/account';
import { paymentEndpoints } from '../../contract/endpoints/payments';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import type { CheckoutSession, Invoice, SubscriptionDetails } from '../../contract/payments';
import { paymentTexts } from '../../contract/payments';
import type { DatabaseHandle } from '../../server/db/database';
import { billingEvents, tenants } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { BillingProviderError } from '../../server/billing/provider';
import { planInfoOf } from '../../server/billing/stripe';
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

function deliver(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
  return test.app.inject({
    method: 'POST',
    url: srv.api('stripe/webhook'),
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

function subscriptionEvent(id: string, type: string, subscriptionId: string) {
  return {
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: fake.subscriptionObject(fake.subscriptions.get(subscriptionId)!) },
  };
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
