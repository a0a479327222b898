/**
 * The payments calls' guards (issue 18, Bad input and isolation): bad payloads get a 4xx with
 * messages (never a 500); Standard Users may read but not spend; another organisation's
 * customer id and checkout session are refused; in production without the Stripe keys the
 * stand-in is absent and the calls answer 503; partial Stripe keys stop the server starting; a
 * one-off payment's event (a gift's, issue 35) is never applied to a tenant.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentEndpoints } from '../../contract/endpoints/payments';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import type { CheckoutSession, SubscriptionDetails } from '../../contract/payments';
import { paymentTexts } from '../../contract/payments';
import type { BillingEvent } from '../../server/billing/provider';
import { StandInBilling } from '../../server/billing/standIn';
import { billingEvents, tenants } from '../../server/db/schema';
import { applyBillingEvent, type PaymentsDeps } from '../../server/features/payments/domain';
import { NOT_AN_ADMINISTRATOR } from '../../server/domain/scope';
import { ConfigError, loadConfig } from '../../server/config';
import { DEMO_USERS } from '../../server/db/seedData';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../server/http/errors';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

let owner: srv.LoginResult;
let member: srv.LoginResult;
let newbie: srv.LoginResult;

const call = (session: srv.LoginResult, endpoint: AnyEndpoint, payload?: unknown, app = test.app) =>
  srv.callAs(app, session, endpoint, payload);

const { handle, test } = useTestApp();
beforeAll(async () => {
  owner = await srv.login(test.app, DEMO_USERS.owner.email);
  member = await srv.login(test.app, DEMO_USERS.member.email);
  newbie = await srv.login(test.app, DEMO_USERS.newbie.email);
});

interface BadRow {
  endpoint: AnyEndpoint;
  name: string;
  payload: unknown;
  messages: string[];
}

const badRows: BadRow[] = [
  {
    endpoint: paymentEndpoints.getInvoices,
    name: 'no body',
    payload: undefined,
    messages: [paymentTexts.noCustomer],
  },
  {
    endpoint: paymentEndpoints.getInvoices,
    name: 'empty customer id',
    payload: { customerId: '' },
    messages: [paymentTexts.noCustomer],
  },
  {
    endpoint: paymentEndpoints.getInvoices,
    name: 'numeric customer id',
    payload: { customerId: 42 },
    messages: ['customerId must be text.'],
  },
  {
    endpoint: paymentEndpoints.getInvoices,
    name: 'extra field',
    payload: { customerId: 'cus_x', tenantId: 1 },
    messages: ['tenantId is not an expected field.'],
  },
  {
    endpoint: paymentEndpoints.validatePromotionalCode,
    name: 'missing code',
    payload: {},
    messages: [paymentTexts.promotionalCodeRequired],
  },
  {
    endpoint: paymentEndpoints.validatePromotionalCode,
    name: 'blank code',
    payload: { promotionalCode: '   ' },
    messages: [paymentTexts.promotionalCodeRequired],
  },
  {
    endpoint: paymentEndpoints.validatePromotionalCode,
    name: 'array code',
    payload: { promotionalCode: ['A'] },
    messages: ['promotionalCode must be text.'],
  },
  {
    endpoint: paymentEndpoints.validatePromotionalCode,
    name: 'too long code',
    payload: { promotionalCode: 'A'.repeat(201) },
    messages: [paymentTexts.promotionalCodeInvalid],
  },
  {
    endpoint: paymentEndpoints.createCheckoutSession,
    name: 'boolean code',
    payload: { promotionalCode: true },
    messages: ['promotionalCode must be text.'],
  },
  {
    endpoint: paymentEndpoints.validateSession,
    name: 'missing session id',
    payload: {},
    messages: [paymentTexts.sessionIdRequired],
  },
  {
    endpoint: paymentEndpoints.validateSession,
    name: 'object session id',
    payload: { sessionId: { id: 'cs' } },
    messages: ['sessionId must be text.'],
  },
];

describe('bad payloads', () => {
  it.each(badRows.map((row) => [`${row.endpoint.path}: ${row.name}`, row] as const))(
    '%s -> 400 with messages',
    async (_name, row) => {
      const response = await call(owner, row.endpoint, row.payload);
      expect(response.statusCode).toBe(400);
      expect(srv.envelopeOf(response).messages).toEqual(row.messages);
    },
  );

  it('refuses an unknown checkout session id with a message', async () => {
    const response = await call(owner, paymentEndpoints.validateSession, {
      sessionId: 'cs_dev_unknown',
    });
    expect(response.statusCode).toBe(404);
    expect(srv.envelopeOf(response).messages).toEqual([paymentTexts.sessionNotFound]);
  });

  it('needs a signed-in caller', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: srv.api(paymentEndpoints.getSubscription.path),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('roles and isolation', () => {
  it('lets a Standard User read the subscription and invoices, not spend or open the portal', async () => {
    const details = srv.envelopeOf(await call(member, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(details.customerId).toMatch(/^cus_dev_/);
    const invoices = await call(member, paymentEndpoints.getInvoices, {
      customerId: details.customerId,
    });
    expect(invoices.statusCode).toBe(200);
    for (const [endpoint, payload] of [
      [paymentEndpoints.createCheckoutSession, {}],
      [paymentEndpoints.validatePromotionalCode, { promotionalCode: 'WELCOME20' }],
      [paymentEndpoints.validateSession, { sessionId: 'cs_dev_x' }],
      [paymentEndpoints.createBillingPortalSession, {}],
    ] as const) {
      const response = await call(member, endpoint, payload);
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response).messages).toEqual([NOT_AN_ADMINISTRATOR]);
    }
  });

  it("refuses another organisation's customer id and checkout session, changing nothing", async () => {
    const created = await call(newbie, paymentEndpoints.createCheckoutSession, {});
    const other = srv.envelopeOf(created).data as CheckoutSession;
    const theirs = srv.envelopeOf(await call(newbie, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    const invoices = await call(owner, paymentEndpoints.getInvoices, {
      customerId: theirs.customerId,
    });
    expect(invoices.statusCode).toBe(403);
    expect(srv.envelopeOf(invoices).messages).toEqual([paymentTexts.customerNotFound]);
    const session = await call(owner, paymentEndpoints.validateSession, {
      sessionId: other.sessionId,
    });
    expect(session.statusCode).toBe(404);
    expect(srv.envelopeOf(session).messages).toEqual([paymentTexts.sessionNotFound]);
    const after = srv.envelopeOf(await call(newbie, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    expect(after).toEqual(theirs);
  });

  it('refuses the portal to an organisation without a customer, with a message', async () => {
    const marcus = await srv.switchTenant(test.app, member, 'Marcus Reed');
    const portal = await call(marcus, paymentEndpoints.createBillingPortalSession);
    expect(portal.statusCode).toBe(409);
    expect(srv.envelopeOf(portal).messages).toEqual([paymentTexts.noCustomer]);
    const harbour = await call(owner, paymentEndpoints.createBillingPortalSession);
    expect(harbour.statusCode).toBe(200);
  });
});

describe("a one-off payment's event and the subscription path", () => {
  it("ignores a gift's checkout, refund or dispute even when it names a tenant's subscription, recording nothing", async () => {
    const details = srv.envelopeOf(await call(owner, paymentEndpoints.getSubscription))
      .data as SubscriptionDetails;
    const tenantId = srv.parseJsonClaim<{ id: number }>(owner.claims.currentTenant).id;
    const deps: PaymentsDeps = {
      db: handle.db,
      now: () => test.clock.now(),
      billing: new StandInBilling({
        db: handle.db,
        now: () => test.clock.now(),
        apiBaseUrl: test.config.apiBaseUrl,
      }),
      siteUrl: test.config.siteUrl,
      log: { warn: () => {}, info: () => {} },
    };
    const tenantRow = async () =>
      (await handle.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0];
    // Harbour Hope's subscription, ended at the provider: applied, it would change the tenant.
    await handle.db
      .update(tenants)
      .set({ subscriptionStatus: 'past_due' })
      .where(eq(tenants.id, tenantId));
    const before = await tenantRow();
    const tenantsOwn: BillingEvent = {
      id: 'evt_guard_control',
      type: 'checkout.session.completed',
      customerId: details.customerId,
      subscriptionId: details.subscriptionId,
      tenantReference: String(tenantId),
      checkoutSessionId: 'cs_dev_guard',
      checkoutMode: null,
      paymentId: null,
    };
    for (const event of [
      { ...tenantsOwn, id: 'evt_guard_pay', checkoutMode: 'payment', paymentId: 'pi_dev_guard' },
      { ...tenantsOwn, id: 'evt_guard_pay_unpaid', checkoutMode: 'payment' },
      { ...tenantsOwn, id: 'evt_guard_refund', type: 'charge.refunded', paymentId: 'pi_dev_guard' },
      {
        ...tenantsOwn,
        id: 'evt_guard_dispute',
        type: 'charge.dispute.created',
        paymentId: 'pi_dev_guard',
      },
    ]) {
      expect(await applyBillingEvent(deps, event)).toBe('ignored');
      const recorded = await handle.db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.eventId, event.id));
      expect(recorded).toEqual([]);
    }
    expect(await tenantRow()).toEqual(before);
    // The same event of the subscription's own checkout is applied: the guard is what stopped it.
    expect(await applyBillingEvent(deps, tenantsOwn)).toBe('applied');
    expect((await tenantRow())?.subscriptionStatus).toBe('active');
  });
});

describe('production', () => {
  it('refuses to start with only some of the Stripe keys', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID/,
    );
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'a',
        STRIPE_WEBHOOK_SECRET: 'b',
        STRIPE_PRICE_ID: 'c',
        STRIPE_API_BASE: 'ftp://x',
      }),
    ).toThrow(ConfigError);
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  it('never serves the stand-in under NODE_ENV=production; without keys the calls answer 503', async () => {
    const production = await srv.createTestApp(handle.db, {
      NODE_ENV: 'production',
      CAPTCHA_OPT_OUT: '1',
    });
    try {
      const session = await srv.login(production.app, DEMO_USERS.owner.email);
      for (const [endpoint, payload] of [
        [paymentEndpoints.getSubscription, undefined],
        [paymentEndpoints.createCheckoutSession, {}],
        [paymentEndpoints.getInvoices, { customerId: 'cus_x' }],
      ] as const) {
        const response = await call(session, endpoint, payload, production.app);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        expect(srv.envelopeOf(response).messages).toEqual([paymentTexts.unavailable]);
      }
      for (const url of [
        srv.api('dev/billing/checkout/cs_dev_x'),
        srv.api('dev/billing/portal/bps_dev_x'),
        srv.api('dev/billing/invoices/in_dev_x/pdf'),
        srv.api('dev/billing/pay/cs_dev_x'),
        srv.api('dev/billing/payments'),
      ]) {
        expect((await production.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const advance = await production.app.inject({
        method: 'POST',
        url: srv.api('dev/billing/advanceSubscription'),
        payload: { subscriptionId: 'sub_dev_x' },
      });
      expect(advance.statusCode).toBe(404);
      const refund = await production.app.inject({
        method: 'POST',
        url: srv.api('dev/billing/payments'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=refund&paymentId=pi_dev_x',
      });
      expect(refund.statusCode).toBe(404);
    } finally {
      await production.app.close();
    }
  });
});
