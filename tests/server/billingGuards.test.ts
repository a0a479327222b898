/**
 * The payments calls' guards (issue 18, Bad input and isolation): bad payloads get a 4xx with
 * messages (never a 500); Standard Users may read but not spend; another organisation's
 * customer id and checkout session are refused; in production without the Stripe keys the
 * stand-in is absent and the calls answer 503; partial Stripe keys stop the server starting.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentEndpoints } from '../../contract/endpoints/payments';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import type { CheckoutSession, SubscriptionDetails } from '../../contract/payments';
import { paymentTexts } from '../../contract/payments';
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
      ]) {
        expect((await production.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const advance = await production.app.inject({
        method: 'POST',
        url: srv.api('dev/billing/advanceSubscription'),
        payload: { subscriptionId: 'sub_dev_x' },
      });
      expect(advance.statusCode).toBe(404);
    } finally {
      await production.app.close();
    }
  });
});
