import type { FastifyPluginAsync } from 'fastify';
import { paymentEndpoints as endpoints } from '../../../contract/endpoints/payments';
import { ResponseStatus } from '../../../contract/enums';
import { STRIPE_WEBHOOK_PATH } from '../../../contract/paths';
import {
  APPLIED_EVENT_TYPES,
  PAYMENT_EVENT_TYPES,
  WebhookSignatureError,
  type BillingEvent,
  type WebhookParser,
} from '../../billing/provider';
import { failure, ok } from '../../http/envelope';
import { answer, passTo } from '../../http/route';
import {
  applyBillingEvent,
  createBillingPortalSession,
  createCheckoutSession,
  getInvoices,
  getSubscription,
  isPaymentEvent,
  validatePromotionalCode,
  validateSession,
  type PaymentsDeps,
} from './domain';

/** The payments calls (spec §7.2 Payments), under stripe/. */
export function paymentRoutes(deps: PaymentsDeps): FastifyPluginAsync {
  return async (app) => {
    answer(app, endpoints.getSubscription, passTo(deps, getSubscription));
    answer(app, endpoints.getInvoices, passTo(deps, getInvoices));
    answer(app, endpoints.validatePromotionalCode, passTo(deps, validatePromotionalCode));
    answer(app, endpoints.createCheckoutSession, passTo(deps, createCheckoutSession));
    answer(app, endpoints.validateSession, passTo(deps, validateSession));
    answer(app, endpoints.createBillingPortalSession, passTo(deps, createBillingPortalSession));
  };
}

export const WEBHOOK_SIGNATURE_INVALID = 'The webhook signature is not valid.';
/** Largest webhook delivery accepted (Stripe's events are well under it). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST {API}/stripe/webhook (Stripe mode only): not a call of the client, so not a contract
 * endpoint. The body is read raw (the signature covers its exact bytes) and verified with
 * STRIPE_WEBHOOK_SECRET; a delivery that is not genuine gets 400 and changes nothing. Applied
 * events are recorded by id, so Stripe's retries change nothing twice.
 */
export function stripeWebhookRoutes(
  deps: PaymentsDeps,
  parser: WebhookParser,
  /** Applies an event of a one-off payment (a gift: server/features/giving). */
  applyPayment: (event: BillingEvent) => Promise<string>,
): FastifyPluginAsync {
  const applied: readonly string[] = APPLIED_EVENT_TYPES;
  const payments: readonly string[] = PAYMENT_EVENT_TYPES;
  return async (app) => {
    // Encapsulated: only this plugin's JSON stays raw.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    app.post(`/${STRIPE_WEBHOOK_PATH}`, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
        return reply.code(400).send(failure(ResponseStatus.Error, [WEBHOOK_SIGNATURE_INVALID]));
      }
      let event;
      try {
        event = parser.parseWebhook(body, signature);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn('a webhook delivery with a signature that is not valid was refused');
        return reply.code(400).send(failure(ResponseStatus.Error, [WEBHOOK_SIGNATURE_INVALID]));
      }
      let outcome: string = 'ignored';
      if (isPaymentEvent(event)) {
        if (payments.includes(event.type)) outcome = await applyPayment(event);
      } else if (applied.includes(event.type)) {
        outcome = await applyBillingEvent(deps, event);
      }
      return ok({ received: true, outcome });
    });
  };
}
