/**
 * A small local fake of Stripe's HTTP API: only the endpoints the Stripe billing adapter calls,
 * answering objects of the SDK's API version. The real SDK (pointed here with STRIPE_API_BASE)
 * sends its real requests; the fake records them for the tests to read.
 */
import Fastify, { type FastifyInstance } from 'fastify';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Form fields as sent (flattened keys such as 'line_items[0][price]') or query fields. */
  params: Record<string, string>;
  authorization: string | undefined;
}

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: number;
  trial_end: number | null;
}

/** A checkout session: a subscription's, or a one-off payment's (mode 'payment'). */
interface FakeSession {
  id: string;
  mode: string;
  customer: string | null;
  client_reference_id: string;
  status: string;
  subscription: string | null;
  payment_status: string;
  payment_intent: string | null;
  amount_total: number | null;
  currency: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
}

const DAY = 86_400;

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<
    string,
    { id: string; name: string; metadata: Record<string, string> }
  >();
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, object[]>();
  /** Promotion codes by code: [id, percent_off]. */
  readonly promotionCodes = new Map([['WELCOME20', { id: 'promo_fake_1', percentOff: 20 }]]);
  private count = 0;
  private server: FastifyInstance | undefined;
  url = '';

  private nextId(prefix: string) {
    this.count += 1;
    return `${prefix}_fake_${this.count}`;
  }

  /** While set, every request fails with a 500 (Stripe down). */
  failing = false;

  async start(): Promise<string> {
    const app = Fastify();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
    );
    app.addHook('preHandler', async (request, reply) => {
      if (this.failing) {
        return reply.code(500).send({ error: { type: 'api_error', message: 'The fake fails.' } });
      }
      const url = new URL(request.url, 'http://fake');
      this.requests.push({
        method: request.method,
        path: url.pathname,
        params:
          request.method === 'GET'
            ? Object.fromEntries(url.searchParams)
            : ((request.body as Record<string, string> | undefined) ?? {}),
        authorization: request.headers.authorization,
      });
    });
    const missing = (type: string, id: string) => ({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${type}: '${id}'`,
      },
    });

    app.post('/v1/customers', async (request) => {
      const body = request.body as Record<string, string>;
      const customer = {
        id: this.nextId('cus'),
        name: body.name ?? '',
        metadata: { tenantId: body['metadata[tenantId]'] ?? '' },
      };
      this.customers.set(customer.id, customer);
      return { object: 'customer', ...customer, email: body.email ?? null };
    });

    // Deleting a customer cancels their subscriptions at once (as Stripe does).
    app.delete<{ Params: { id: string } }>('/v1/customers/:id', async (request, reply) => {
      const { id } = request.params;
      if (!this.customers.delete(id)) return reply.code(404).send(missing('customer', id));
      for (const subscription of this.subscriptions.values()) {
        if (subscription.customer === id) subscription.status = 'canceled';
      }
      return { id, object: 'customer', deleted: true };
    });

    app.get('/v1/promotion_codes', async (request) => {
      const code = (request.query as Record<string, string>).code ?? '';
      const found = this.promotionCodes.get(code.toUpperCase());
      const data =
        found === undefined
          ? []
          : [
              {
                id: found.id,
                object: 'promotion_code',
                code: code.toUpperCase(),
                active: true,
                promotion: {
                  type: 'coupon',
                  coupon: {
                    id: 'coupon_fake',
                    object: 'coupon',
                    percent_off: found.percentOff,
                    amount_off: null,
                    currency: null,
                    valid: true,
                  },
                },
              },
            ];
      return { object: 'list', data, has_more: false, url: '/v1/promotion_codes' };
    });

    app.post('/v1/checkout/sessions', async (request) => {
      const body = request.body as Record<string, string>;
      const mode = body.mode ?? 'subscription';
      // A payment's one line of price_data; a subscription's price is the fake's GBP 12.00.
      const unitAmount = Number(body['line_items[0][price_data][unit_amount]'] ?? 1200);
      const quantity = Number(body['line_items[0][quantity]'] ?? 1);
      const session: FakeSession = {
        id: this.nextId('cs'),
        mode,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? '',
        status: 'open',
        subscription: null,
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: unitAmount * quantity,
        currency: body['line_items[0][price_data][currency]'] ?? 'gbp',
        customer_email: body.customer_email ?? null,
        metadata: { giftGuid: body['metadata[giftGuid]'] ?? '' },
      };
      this.sessions.set(session.id, session);
      return {
        object: 'checkout.session',
        ...session,
        url: `https://checkout.stripe.test/pay/${session.id}`,
      };
    });

    app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
      const session = this.sessions.get(request.params.id);
      if (session === undefined)
        return reply.code(404).send(missing('checkout.session', request.params.id));
      return this.sessionObject(session);
    });

    // The one price checkout sells: GBP 12.00 a month, its product expanded when asked.
    app.get<{ Params: { id: string } }>('/v1/prices/:id', async (request) => {
      const expand = Object.values(request.query as Record<string, string>);
      const product = { id: 'prod_fake', object: 'product', name: 'Givedrop subscription' };
      return {
        id: request.params.id,
        object: 'price',
        currency: 'gbp',
        unit_amount: 1200,
        nickname: null,
        recurring: { interval: 'month', interval_count: 1 },
        product: expand.includes('product') ? product : product.id,
      };
    });

    app.get<{ Params: { id: string } }>('/v1/subscriptions/:id', async (request, reply) => {
      const subscription = this.subscriptions.get(request.params.id);
      if (subscription === undefined)
        return reply.code(404).send(missing('subscription', request.params.id));
      return this.subscriptionObject(subscription);
    });

    app.get('/v1/invoices', async (request) => {
      const customer = (request.query as Record<string, string>).customer ?? '';
      return {
        object: 'list',
        data: this.invoices.get(customer) ?? [],
        has_more: false,
        url: '/v1/invoices',
      };
    });

    app.post('/v1/billing_portal/sessions', async (request) => {
      const body = request.body as Record<string, string>;
      return {
        id: this.nextId('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/session/${body.customer}`,
      };
    });

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    this.server = app;
    this.url = `http://127.0.0.1:${address.port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  subscriptionObject(subscription: FakeSubscription) {
    return {
      object: 'subscription',
      id: subscription.id,
      customer: subscription.customer,
      status: subscription.status,
      cancel_at_period_end: subscription.cancel_at_period_end,
      trial_end: subscription.trial_end,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${subscription.id}`,
            object: 'subscription_item',
            current_period_end: subscription.current_period_end,
            current_period_start: subscription.current_period_end - 30 * DAY,
          },
        ],
      },
    };
  }

  /** The session as the API answers it (url null once made, as Stripe's retrieve). */
  sessionObject(session: FakeSession) {
    return { object: 'checkout.session', ...session, url: null };
  }

  /** What Stripe does when the person pays a one-off checkout: paid, with a PaymentIntent. */
  completePayment(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (session === undefined) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = this.nextId('pi');
    return session;
  }

  /** What Stripe does when the person pays: the session completes with a new subscription. */
  completeSession(sessionId: string, now: Date): FakeSubscription {
    const session = this.sessions.get(sessionId);
    if (session === undefined) throw new Error(`no session ${sessionId}`);
    const subscription: FakeSubscription = {
      id: this.nextId('sub'),
      customer: session.customer ?? '',
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: Math.floor(now.getTime() / 1000) + 30 * DAY,
      trial_end: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    session.status = 'complete';
    session.subscription = subscription.id;
    this.invoices.set(session.customer ?? '', [
      {
        id: 'in_fake_1',
        object: 'invoice',
        number: 'FAKE-0001',
        created: Math.floor(now.getTime() / 1000),
        status: 'paid',
        currency: 'gbp',
        total: 960,
        invoice_pdf: 'https://pay.stripe.test/invoice/in_fake_1/pdf',
      },
    ]);
    return subscription;
  }
}
