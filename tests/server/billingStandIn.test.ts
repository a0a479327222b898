/**
 * The development billing stand-in end to end through inject (issue 18 item 6): checkout with a
 * promotion code through the stand-in's page, validateSession, the tenant's status, the invoices
 * and their PDFs, the portal, advancing a subscription; the seed's paid organisation; an owner's
 * account deletion deleting the organisation's customer (spec §6); and one-off payments (gifts,
 * issue 35): their checkout page, paying and declining, the payments page's refund and dispute,
 * and the events each tells (the app runs on a stand-in of this file's, whose events it records).
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints } from '../../contract/endpoints/account';
import { paymentEndpoints } from '../../contract/endpoints/payments';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { devEndpoints } from '../../contract/endpoints/dev';
import { devStandInPaths } from '../../contract/paths';
import { tenantEndpoints } from '../../contract/endpoints/tenants';
import type {
  CheckoutSession,
  Invoice,
  PromotionalCode,
  SubscriptionDetails,
} from '../../contract/payments';
import { paymentTexts } from '../../contract/payments';
import { UserRole } from '../../contract/enums';
import type { TenantStatus } from '../../contract/tenants';
import { BillingProviderError, type BillingEvent } from '../../server/billing/provider';
import {
  cardTexts,
  paymentPageTexts,
  StandInBilling,
  TEST_CARDS,
} from '../../server/billing/standIn';
import {
  billingEvents,
  standInCheckoutSessions,
  standInCustomers,
  standInInvoices,
  standInPayments,
  standInSubscriptions,
  tenantUsers,
} from '../../server/db/schema';
import { DEMO_INVOICE_COUNT } from '../../server/db/seedBilling';
import { DEMO_USERS } from '../../server/db/seedData';
import { apiPaths } from './support/apiPaths';
import { captchaToken, post, readyToSignUpWith, STRONG_PASSWORD } from './support/identity';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

let owner: srv.LoginResult;
/** member@example.com switched to his own (trialing) organisation, where he is Administrator. */
let marcus: srv.LoginResult;

const call = (session: srv.LoginResult, endpoint: AnyEndpoint, payload?: object) =>
  srv.callAs(test.app, session, endpoint, payload);

function pagePath(url: string): string {
  return new URL(url, 'http://localhost').pathname;
}

function payCard(url: string, card: Partial<Record<'number' | 'expiry' | 'cvc' | 'name', string>>) {
  return test.app.inject({
    method: 'POST',
    url: pagePath(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number: TEST_CARDS.succeeds,
      expiry: '12 / 49',
      cvc: '123',
      name: 'Marcus Reed',
      ...card,
    }).toString(),
  });
}

/**
 * The app's billing stand-in, made here so that its events can be read: its database, clock and
 * API base are the file's app's, read when it is used (the app is opened by useTestApp).
 */
const standIn = new StandInBilling({
  get db() {
    return handle.db;
  },
  now: () => test.clock.now(),
  get apiBaseUrl() {
    return test.config.apiBaseUrl;
  },
});
/** Every event the stand-in told the domain, in order. */
const events: BillingEvent[] = [];

const { handle, test } = useTestApp({ build: { billing: { mode: 'standIn', provider: standIn } } });
beforeAll(async () => {
  // The payments area set the domain's listener when the app was built: record, then pass on.
  const applied = standIn.listener;
  standIn.listener = async (event) => {
    events.push(event);
    await applied(event);
  };
  owner = await srv.login(test.app, DEMO_USERS.owner.email);
  marcus = await srv.switchTenant(
    test.app,
    await srv.login(test.app, DEMO_USERS.member.email),
    'Marcus Reed',
  );
});

describe('the seed', () => {
  it('gives Harbour Hope an active subscription with three invoices whose PDFs are served', async () => {
    const details = srv.envelopeOf(await call(owner, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(details).toMatchObject({
      provider: 'standIn',
      customerExists: true,
      subscriptionStatus: 'active',
      isTrialing: false,
      canSubscribe: false,
      // No checkout is offered: no plan to show.
      plan: null,
    });
    expect(details.subscriptionId).toMatch(/^sub_dev_/);
    const response = await call(owner, paymentEndpoints.getInvoices, {
      customerId: details.customerId,
    });
    expect(response.statusCode).toBe(200);
    const invoices = srv.envelopeOf(response).data as Invoice[];
    expect(invoices).toHaveLength(DEMO_INVOICE_COUNT);
    expect(invoices.map((invoice) => invoice.total)).toEqual([1200, 1200, 1200]);
    expect(invoices[0]).toMatchObject({ status: 'paid', currency: 'gbp' });
    const created = invoices.map((invoice) => invoice.created);
    expect([...created].sort().reverse()).toEqual(created);
    for (const invoice of invoices) {
      const pdf = await test.app.inject({ method: 'GET', url: pagePath(invoice.invoicePdf) });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it("has member@example.com's own organisation trialing without a customer", async () => {
    const details = srv.envelopeOf(await call(marcus, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(details).toMatchObject({
      isTrialing: true,
      subscriptionStatus: 'trialing',
      customerExists: false,
      customerId: null,
      subscriptionId: null,
      canSubscribe: true,
      // The stand-in's plan, before checkout (issue 34 point 3), in minor units.
      plan: {
        description: 'Givedrop subscription, monthly',
        amount: 1200,
        currency: 'gbp',
        interval: 'month',
      },
    });
  });
});

describe('checkout through the stand-in', () => {
  let session: CheckoutSession;

  it('validates a promotion code and refuses an unknown or inactive one with a message', async () => {
    const good = await call(marcus, paymentEndpoints.validatePromotionalCode, {
      promotionalCode: 'welcome20',
    });
    expect(good.statusCode).toBe(200);
    expect(srv.envelopeOf(good).data as PromotionalCode).toEqual({
      promotionalCode: 'WELCOME20',
      description: '20% off',
      percentOff: 20,
      amountOff: null,
      currency: null,
    });
    const amount = srv.envelopeOf(
      await call(marcus, paymentEndpoints.validatePromotionalCode, { promotionalCode: 'GIVE5' }),
    ).data as PromotionalCode;
    expect(amount).toMatchObject({ description: 'GBP 5.00 off', amountOff: 500, currency: 'gbp' });
    for (const promotionalCode of ['NOSUCHCODE', 'EXPIRED10']) {
      const bad = await call(marcus, paymentEndpoints.validatePromotionalCode, { promotionalCode });
      expect(bad.statusCode).toBe(400);
      expect(srv.envelopeOf(bad).messages).toEqual([paymentTexts.promotionalCodeInvalid]);
    }
    const refused = await call(marcus, paymentEndpoints.createCheckoutSession, {
      promotionalCode: 'NOSUCHCODE',
    });
    expect(refused.statusCode).toBe(400);
    expect(srv.envelopeOf(refused).messages).toEqual([paymentTexts.promotionalCodeInvalid]);
  });

  it('creates a checkout session (and the customer) with the code', async () => {
    const response = await call(marcus, paymentEndpoints.createCheckoutSession, {
      promotionalCode: 'WELCOME20',
    });
    expect(response.statusCode).toBe(200);
    session = srv.envelopeOf(response).data as CheckoutSession;
    expect(session.sessionId).toMatch(/^cs_dev_/);
    expect(session.url).toBe(`/api/dev/billing/checkout/${session.sessionId}`);
    const details = srv.envelopeOf(await call(marcus, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(details.customerExists).toBe(true);
    expect(details.customerId).toMatch(/^cus_dev_/);
  });

  it('shows the checkout page with the discounted price', async () => {
    const page = await test.app.inject({ method: 'GET', url: session.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('GBP 12.00');
    expect(page.body).toContain('-GBP 2.40');
    expect(page.body).toContain('Pay GBP 9.60');
    expect(page.body).toContain('<label for="number">Card number</label>');
  });

  it('refuses validateSession before the checkout is paid', async () => {
    const early = await call(marcus, paymentEndpoints.validateSession, {
      sessionId: session.sessionId,
    });
    expect(early.statusCode).toBe(400);
    expect(srv.envelopeOf(early).messages).toEqual([paymentTexts.sessionNotComplete]);
  });

  it('declines the declining test card and bad card fields with messages, charging nothing', async () => {
    const declined = await payCard(session.url, { number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(422);
    expect(declined.body).toContain(cardTexts.declined);
    expect(declined.body).toContain('role="alert"');
    const bad = await payCard(session.url, {
      number: '1234',
      expiry: '13/20',
      cvc: 'x',
      name: ' ',
    });
    expect(bad.statusCode).toBe(422);
    for (const text of [
      cardTexts.numberInvalid,
      cardTexts.expiryInvalid,
      cardTexts.cvcInvalid,
      cardTexts.nameRequired,
    ]) {
      expect(bad.body).toContain(text);
    }
    expect(bad.body).toContain('aria-invalid="true"');
    const status = srv.envelopeOf(await call(marcus, tenantEndpoints.getCurrentTenantStatus))
      .data as TenantStatus;
    expect(status).toMatchObject({ isTrialing: true, subscriptionStatus: 'trialing' });
  });

  it('pays with 4242 4242 4242 4242 and returns to the payments route with the session id', async () => {
    const paid = await payCard(session.url, { number: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${test.config.siteUrl}/account/organisation/payments?session_id=${session.sessionId}`,
    );
    const again = await payCard(session.url, {});
    expect(again.statusCode).toBe(404);
  });

  it('confirms the session once: the tenant is active, the invoice listed; a replay is refused', async () => {
    const response = await call(marcus, paymentEndpoints.validateSession, {
      sessionId: session.sessionId,
    });
    expect(response.statusCode).toBe(200);
    const details = srv.envelopeOf(response).data as SubscriptionDetails;
    expect(details).toMatchObject({
      subscriptionStatus: 'active',
      isTrialing: false,
      cancelAtPeriodEnd: false,
      canSubscribe: false,
    });
    expect(details.subscriptionId).toMatch(/^sub_dev_/);
    const periodEnd = new Date(details.currentPeriodEndDate ?? '').getTime();
    expect(periodEnd - test.clock.now().getTime()).toBeGreaterThan(27 * 86_400_000);
    const status = srv.envelopeOf(await call(marcus, tenantEndpoints.getCurrentTenantStatus))
      .data as TenantStatus;
    expect(status).toMatchObject({ isTrialing: false, subscriptionStatus: 'active' });

    const replay = await call(marcus, paymentEndpoints.validateSession, {
      sessionId: session.sessionId,
    });
    expect(replay.statusCode).toBe(409);
    expect(srv.envelopeOf(replay).messages).toEqual([paymentTexts.sessionAlreadyConfirmed]);

    const invoices = srv.envelopeOf(
      await call(marcus, paymentEndpoints.getInvoices, { customerId: details.customerId }),
    ).data as Invoice[];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ total: 960, status: 'paid', currency: 'gbp' });
    const pdf = await test.app.inject({ method: 'GET', url: pagePath(invoices[0]!.invoicePdf) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const second = await call(marcus, paymentEndpoints.createCheckoutSession, {});
    expect(second.statusCode).toBe(409);
    expect(srv.envelopeOf(second).messages).toEqual([paymentTexts.alreadySubscribed]);
  });

  it('advances the subscription: a new invoice and a later period end', async () => {
    const before = srv.envelopeOf(await call(marcus, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    const response = await test.app.inject({
      method: 'POST',
      url: srv.api(devEndpoints.advanceSubscription.path),
      payload: { subscriptionId: before.subscriptionId },
    });
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toMatchObject({ status: 'active', invoiceCount: 2 });
    const after = srv.envelopeOf(await call(marcus, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(new Date(after.currentPeriodEndDate!).getTime()).toBeGreaterThan(
      new Date(before.currentPeriodEndDate!).getTime() + 27 * 86_400_000,
    );
    const invoices = srv.envelopeOf(
      await call(marcus, paymentEndpoints.getInvoices, { customerId: after.customerId }),
    ).data as Invoice[];
    expect(invoices).toHaveLength(2);
    expect(invoices.map((invoice) => invoice.total)).toEqual([960, 960]);
    const unknown = await test.app.inject({
      method: 'POST',
      url: srv.api(devEndpoints.advanceSubscription.path),
      payload: { subscriptionId: 'sub_dev_nope' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('cancels at period end from the portal; advancing then cancels the subscription', async () => {
    const portal = await call(marcus, paymentEndpoints.createBillingPortalSession);
    expect(portal.statusCode).toBe(200);
    const { url } = srv.envelopeOf(portal).data as { url: string };
    const page = await test.app.inject({ method: 'GET', url: pagePath(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Cancel at the end of the period');
    const details = srv.envelopeOf(await call(marcus, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    const posted = await test.app.inject({
      method: 'POST',
      url: pagePath(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=cancel&subscriptionId=${details.subscriptionId}`,
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('will be canceled at the end of the period');
    const canceling = srv.envelopeOf(await call(marcus, tenantEndpoints.getCurrentTenantStatus))
      .data as TenantStatus;
    expect(canceling).toMatchObject({ cancelAtPeriodEnd: true, subscriptionStatus: 'active' });

    await test.app.inject({
      method: 'POST',
      url: srv.api(devEndpoints.advanceSubscription.path),
      payload: { subscriptionId: details.subscriptionId },
    });
    const canceled = srv.envelopeOf(await call(marcus, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(canceled).toMatchObject({ subscriptionStatus: 'canceled', canSubscribe: true });
  });
});

describe("an owner's account deletion (spec §6)", () => {
  /** A new person, signed in on the organisation their signup created (they own it). */
  async function signUp(): Promise<{ session: srv.LoginResult; email: string; tenantId: number }> {
    const payload = await readyToSignUpWith(test.app, await captchaToken(test.app), 'billdel');
    const response = await post(test.app, apiPaths.signup, payload);
    expect(response.statusCode).toBe(200);
    const session = srv.sessionOf(response);
    const tenantId = srv.parseJsonClaim<{ id: number }>(session.claims.currentTenant).id;
    return { session, email: payload.email, tenantId };
  }

  async function standInRowsOf(customerId: string) {
    return {
      customers: await handle.db
        .select({ id: standInCustomers.id })
        .from(standInCustomers)
        .where(eq(standInCustomers.id, customerId)),
      subscriptions: await handle.db
        .select({ id: standInSubscriptions.id })
        .from(standInSubscriptions)
        .where(eq(standInSubscriptions.customerId, customerId)),
      invoices: await handle.db
        .select({ id: standInInvoices.id })
        .from(standInInvoices)
        .where(eq(standInInvoices.customerId, customerId)),
      checkouts: await handle.db
        .select({ id: standInCheckoutSessions.id })
        .from(standInCheckoutSessions)
        .where(eq(standInCheckoutSessions.customerId, customerId)),
    };
  }

  it("deletes the organisation's stand-in customer, subscription and invoices; a member leaving keeps them", async () => {
    const owner = await signUp();
    const checkout = srv.envelopeOf(
      await call(owner.session, paymentEndpoints.createCheckoutSession, {}),
    ).data as CheckoutSession;
    expect((await payCard(checkout.url, {})).statusCode).toBe(303);
    const paid = await call(owner.session, paymentEndpoints.validateSession, {
      sessionId: checkout.sessionId,
    });
    expect(paid.statusCode).toBe(200);
    const { customerId } = srv.envelopeOf(paid).data as SubscriptionDetails;
    expect(customerId).toMatch(/^cus_dev_/);
    const before = await standInRowsOf(customerId!);
    for (const rows of Object.values(before)) expect(rows).toHaveLength(1);

    // A member who belongs elsewhere too leaves: the organisation's payment data stays.
    const member = await signUp();
    await handle.db.insert(tenantUsers).values({
      tenantId: owner.tenantId,
      userId: member.session.claims.id,
      userRole: UserRole.User,
    });
    const memberHere = srv.sessionOf(
      await srv.postSwitchTenant(
        test.app,
        await srv.login(test.app, member.email, STRONG_PASSWORD),
        owner.tenantId,
      ),
    );
    const left = await call(memberHere, accountEndpoints.deleteMyAccount);
    expect(srv.envelopeOf(left).data).toEqual({ deleted: 'membership' });
    expect(await standInRowsOf(customerId!)).toEqual(before);

    const deleted = await call(owner.session, accountEndpoints.deleteMyAccount);
    expect(deleted.statusCode).toBe(200);
    expect(srv.envelopeOf(deleted).data).toEqual({ deleted: 'organisationAndAccount' });
    expect(await standInRowsOf(customerId!)).toEqual({
      customers: [],
      subscriptions: [],
      invoices: [],
      checkouts: [],
    });
    const [invoice] = before.invoices;
    const pdf = await test.app.inject({
      method: 'GET',
      url: srv.api(`${devStandInPaths.billingInvoices}/${invoice!.id}/pdf`),
    });
    expect(pdf.statusCode).toBe(404);
  });
});

describe('one-off payments (gifts) through the stand-in', () => {
  const gift = {
    amount: 1000,
    currency: 'gbp',
    description: 'Gift to Harbour Hope',
    reference: '0b7c3f7e-5d0a-4f7e-8a43-1f2e3d4c5b6a',
    customerEmail: 'giver@example.com',
    successUrl: 'http://localhost:5173/drops/d1?gift_session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:5173/drops/d1?gift=canceled&from=checkout',
  };
  let checkout: { id: string; url: string };
  let paymentId: string;

  const paymentRow = async (id: string) =>
    (await handle.db.select().from(standInPayments).where(eq(standInPayments.id, id)))[0];

  const paymentsPage = () =>
    test.app.inject({ method: 'GET', url: srv.api(devStandInPaths.billingPayments) });

  function postPayments(fields: Record<string, string>) {
    return test.app.inject({
      method: 'POST',
      url: srv.api(devStandInPaths.billingPayments),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it("tells the subscription's events with no payment, its checkout with its mode", () => {
    const subscriptionEvents = events.filter((event) =>
      event.type.startsWith('customer.subscription.'),
    );
    expect(subscriptionEvents.length).toBeGreaterThan(0);
    for (const event of subscriptionEvents) {
      expect(event).toMatchObject({ checkoutMode: null, paymentId: null });
      expect(event.subscriptionId).toMatch(/^sub_dev_/);
    }
    const completed = events.filter((event) => event.type === 'checkout.session.completed');
    expect(completed.length).toBeGreaterThan(0);
    for (const event of completed) {
      expect(event).toMatchObject({ checkoutMode: 'subscription', paymentId: null });
    }
  });

  it('stores an open checkout for 24 hours and answers its page', async () => {
    checkout = await standIn.createPaymentCheckout(gift);
    expect(checkout.id).toMatch(/^cs_dev_[0-9a-f]{24}$/);
    expect(checkout.url).toBe(`/api/${devStandInPaths.billingPay}/${checkout.id}`);
    const row = await paymentRow(checkout.id);
    expect(row).toMatchObject({
      clientReferenceId: gift.reference,
      description: 'Gift to Harbour Hope',
      customerEmail: 'giver@example.com',
      amount: 1000,
      currency: 'gbp',
      status: 'open',
      paymentId: null,
      refunded: false,
      disputed: false,
      successUrl: `http://localhost:5173/drops/d1?gift_session=${checkout.id}`,
      cancelUrl: gift.cancelUrl,
      createdAt: test.clock.now(),
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3_600_000);
    expect(await standIn.retrievePaymentCheckout(checkout.id)).toEqual({
      id: checkout.id,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentId: null,
      amount: 1000,
      currency: 'gbp',
      reference: gift.reference,
    });
  });

  it('refuses an amount that is not a positive whole number of minor units, storing nothing', async () => {
    const before = await handle.db.select().from(standInPayments);
    for (const amount of [0, -100, 10.5, Number.NaN]) {
      await expect(standIn.createPaymentCheckout({ ...gift, amount })).rejects.toThrow(
        BillingProviderError,
      );
    }
    await expect(standIn.createPaymentCheckout({ ...gift, currency: 'GBP' })).rejects.toThrow(
      BillingProviderError,
    );
    expect(await handle.db.select().from(standInPayments)).toHaveLength(before.length);
  });

  it('shows what is paid for, the amount in words, the card form and Cancel', async () => {
    const page = await test.app.inject({ method: 'GET', url: checkout.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h1>Gift to Harbour Hope</h1>');
    expect(page.body).toContain('<dd class="total">£10.00</dd>');
    expect(page.body).toContain('<button type="submit">Pay £10.00</button>');
    expect(page.body).toContain('giver@example.com');
    for (const label of ['Card number', 'Expiry (MM / YY)', 'Security code', 'Name on card']) {
      expect(page.body).toContain(`">${label}</label>`);
    }
    expect(page.body).toContain(
      '<a href="http://localhost:5173/drops/d1?gift=canceled&amp;from=checkout">Cancel and return to Givedrop</a>',
    );
  });

  it('declines the declining test card and bad fields as the subscription checkout does, telling nothing', async () => {
    const told = events.length;
    const declined = await payCard(checkout.url, { number: TEST_CARDS.declined });
    expect(declined.statusCode).toBe(422);
    expect(declined.body).toContain(`<p class="alert" role="alert">${cardTexts.declined}</p>`);
    expect(declined.body).toContain('Pay £10.00');
    const poor = await payCard(checkout.url, { number: TEST_CARDS.insufficientFunds });
    expect(poor.body).toContain(cardTexts.insufficientFunds);
    const bad = await payCard(checkout.url, {
      number: '1234',
      expiry: '13/20',
      cvc: 'x',
      name: '',
    });
    expect(bad.statusCode).toBe(422);
    for (const text of [
      cardTexts.numberInvalid,
      cardTexts.expiryInvalid,
      cardTexts.cvcInvalid,
      cardTexts.nameRequired,
    ]) {
      expect(bad.body).toContain(text);
    }
    expect(bad.body).toContain('aria-invalid="true" aria-describedby="number-error"');
    expect(bad.body).not.toContain('value="x"');
    expect(events.length).toBe(told);
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'open', paymentId: null });
  });

  it('pays with 4242 4242 4242 4242: back to the success URL, the payment told once', async () => {
    const told = events.length;
    const paid = await payCard(checkout.url, { number: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:5173/drops/d1?gift_session=${checkout.id}`,
    );
    const row = await paymentRow(checkout.id);
    expect(row?.status).toBe('complete');
    expect(row?.paymentId).toMatch(/^pi_dev_[0-9a-f]{24}$/);
    paymentId = row!.paymentId!;
    expect(events.slice(told)).toEqual([
      {
        id: expect.stringMatching(/^evt_dev_/),
        type: 'checkout.session.completed',
        customerId: null,
        subscriptionId: null,
        tenantReference: null,
        checkoutSessionId: checkout.id,
        checkoutMode: 'payment',
        paymentId,
      },
    ]);
    // The gifts' path takes it (no gift has this checkout: recorded once, applied to nothing).
    const recorded = await handle.db
      .select({ type: billingEvents.type })
      .from(billingEvents)
      .where(eq(billingEvents.eventId, events.at(-1)!.id));
    expect(recorded).toEqual([{ type: 'checkout.session.completed' }]);
    expect(await standIn.retrievePaymentCheckout(checkout.id)).toEqual({
      id: checkout.id,
      status: 'complete',
      paymentStatus: 'paid',
      paymentId,
      amount: 1000,
      currency: 'gbp',
      reference: gift.reference,
    });
  });

  it('shows a clear page for a paid, an expired or an unknown checkout, and takes no payment', async () => {
    const told = events.length;
    for (const response of [
      await test.app.inject({ method: 'GET', url: checkout.url }),
      await payCard(checkout.url, {}),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(cardTexts.sessionGone);
      expect(response.body).toContain('Return to Givedrop');
    }

    const late = await standIn.createPaymentCheckout({ ...gift, amount: 500 });
    await handle.db
      .update(standInPayments)
      .set({ expiresAt: new Date(test.clock.now().getTime() - 1000) })
      .where(eq(standInPayments.id, late.id));
    const expired = await test.app.inject({ method: 'GET', url: late.url });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain(cardTexts.sessionGone);
    expect((await payCard(late.url, {})).statusCode).toBe(404);
    expect(await standIn.retrievePaymentCheckout(late.id)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
      paymentId: null,
    });
    expect((await paymentRow(late.id))?.status).toBe('open');

    const unknownUrl = srv.api(`${devStandInPaths.billingPay}/cs_dev_nope`);
    for (const response of [
      await test.app.inject({ method: 'GET', url: unknownUrl }),
      await payCard(unknownUrl, {}),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(cardTexts.sessionUnknown);
      expect(response.body).not.toContain('Return to Givedrop');
    }
    expect(await standIn.retrievePaymentCheckout('cs_dev_nope')).toBeNull();
    expect(events.length).toBe(told);
  });

  it('lists the payments newest first with their date, description, amount and status', async () => {
    test.clock.advanceSeconds(60);
    const newest = await standIn.createPaymentCheckout({
      ...gift,
      description: 'Gift to Riverside <Food> Bank',
      amount: 2550,
      currency: 'eur',
    });
    const page = await paymentsPage();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const body = page.body;
    const newestAt = body.indexOf('Gift to Riverside &lt;Food&gt; Bank</td>');
    const paidAt = body.indexOf(`value="${paymentId}"`);
    expect(newestAt).toBeGreaterThan(0);
    expect(paidAt).toBeGreaterThan(newestAt);
    expect(body).toContain('<td>€25.50</td><td>Open</td><td>-</td><td></td>');
    expect(body).toContain('<td>£5.00</td><td>Expired</td>');
    expect(body).toContain('<td>£10.00</td><td>Paid</td><td>-</td>');
    expect(body).toContain('<th scope="col">Refunded / disputed</th>');
    // One Refund and one Dispute: only the paid payment has them.
    expect(body.match(/value="refund"/g)).toHaveLength(1);
    expect(body.match(/value="dispute"/g)).toHaveLength(1);
    expect(await standIn.listPayments()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: newest.id })]),
    );
    expect((await standIn.listPayments())[0]?.id).toBe(newest.id);
  });

  it('refunds a paid payment once, telling charge.refunded with the payment', async () => {
    const told = events.length;
    const refunded = await postPayments({ action: 'refund', paymentId });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.body).toContain(`<p role="status">${paymentPageTexts.refunded}</p>`);
    expect(refunded.body).toContain('<td>£10.00</td><td>Paid</td><td>Refunded</td>');
    expect(refunded.body).not.toContain('value="refund"');
    expect((await paymentRow(checkout.id))?.refunded).toBe(true);
    expect(events.slice(told)).toEqual([
      {
        id: expect.stringMatching(/^evt_dev_/),
        type: 'charge.refunded',
        customerId: null,
        subscriptionId: null,
        tenantReference: null,
        checkoutSessionId: null,
        checkoutMode: null,
        paymentId,
      },
    ]);
    const again = await postPayments({ action: 'refund', paymentId });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(paymentPageTexts.alreadyRefunded);
    expect(events.length).toBe(told + 1);
  });

  it('opens a dispute on a paid payment once, telling charge.dispute.created with the payment', async () => {
    const told = events.length;
    const disputed = await postPayments({ action: 'dispute', paymentId });
    expect(disputed.statusCode).toBe(200);
    expect(disputed.body).toContain(paymentPageTexts.disputed);
    expect(disputed.body).toContain('<td>Refunded, Disputed</td><td></td>');
    expect(events.slice(told)).toEqual([
      expect.objectContaining({
        type: 'charge.dispute.created',
        paymentId,
        checkoutSessionId: null,
        checkoutMode: null,
        tenantReference: null,
      }),
    ]);
    const again = await postPayments({ action: 'dispute', paymentId });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(paymentPageTexts.alreadyDisputed);
    expect(events.length).toBe(told + 1);
    // Both went to the gifts' path, once each.
    const recorded = await handle.db
      .select({ type: billingEvents.type })
      .from(billingEvents)
      .where(
        inArray(
          billingEvents.eventId,
          events.slice(-2).map((event) => event.id),
        ),
      );
    expect(recorded.map((row) => row.type).sort()).toEqual([
      'charge.dispute.created',
      'charge.refunded',
    ]);
  });

  it('refuses an unknown or empty payment id and an unknown action with 404, telling nothing', async () => {
    const told = events.length;
    for (const fields of [
      { action: 'refund', paymentId: 'pi_dev_nope' },
      { action: 'dispute', paymentId: '' },
      { action: 'explode', paymentId },
    ]) {
      const response = await postPayments(fields);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(paymentPageTexts.unknown);
    }
    expect(await standIn.refundPayment('pi_dev_nope')).toBe('unknown');
    expect(events.length).toBe(told);
  });
});
