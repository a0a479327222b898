/**
 * The billing stand-in's pages and its development call, under the API base (never registered
 * in production, nor when the Stripe keys are set):
 *
 * - GET / POST {API}/dev/billing/checkout/{sessionId}: the checkout page and its test card form
 *   (303 to the session's success URL once paid; 422 with the form's messages when refused);
 * - GET / POST {API}/dev/billing/portal/{portalSessionId}: the billing portal (cancel at period
 *   end, keep, advance to the next period);
 * - GET / POST {API}/dev/billing/pay/{sessionId}: a one-off payment's checkout page (a gift) and
 *   its test card form (303 to the success URL once paid; 422 when refused; 404 when unknown,
 *   expired or already paid);
 * - GET / POST {API}/dev/billing/payments: the one-off payments, newest first, with Refund and
 *   Dispute (POST {action, paymentId}; each once: 409 the second time, 404 for no such payment);
 * - GET {API}/dev/billing/invoices/{invoiceId}/pdf: an invoice's PDF;
 * - POST {API}/dev/billing/advanceSubscription {subscriptionId}: the next period.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { devEndpoints } from '../../contract/endpoints/dev';
import { devStandInPaths } from '../../contract/paths';
import { notFound } from '../domain/errors';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import {
  cardTexts,
  paymentPageTexts,
  type CardInput,
  type PaymentFlagResult,
  type StandInBilling,
} from './standIn';
import {
  renderCheckoutPage,
  renderGonePage,
  renderPaymentPage,
  renderPaymentsPage,
  renderPortalPage,
} from './standInPages';

export const SUBSCRIPTION_NOT_FOUND = 'There is no such subscription, or it is canceled.';
const PORTAL_GONE = 'This billing portal link has expired; open the portal again from Givedrop.';
const FORM_MAX = 4096;

/** The pages post plain forms; their redirects may go to SITE_URL's origin. */
function pageSecurityPolicy(siteUrl: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${new URL(siteUrl).origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const formValue = (form: unknown, name: string): string => {
  if (typeof form !== 'object' || form === null) return '';
  const value = (form as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, 256) : '';
};

const cardOf = (form: unknown): CardInput => ({
  number: formValue(form, 'number'),
  expiry: formValue(form, 'expiry'),
  cvc: formValue(form, 'cvc'),
  name: formValue(form, 'name'),
});

/** The payments page's notice and status for a refund's or a dispute's result. */
const FLAG_ANSWERS: Record<
  'refund' | 'dispute',
  Record<PaymentFlagResult, { notice: string; code: number }>
> = {
  refund: {
    done: { notice: paymentPageTexts.refunded, code: 200 },
    already: { notice: paymentPageTexts.alreadyRefunded, code: 409 },
    unknown: { notice: paymentPageTexts.unknown, code: 404 },
  },
  dispute: {
    done: { notice: paymentPageTexts.disputed, code: 200 },
    already: { notice: paymentPageTexts.alreadyDisputed, code: 409 },
    unknown: { notice: paymentPageTexts.unknown, code: 404 },
  },
};

export function standInRoutes(standIn: StandInBilling, siteUrl: string): FastifyPluginAsync {
  const csp = pageSecurityPolicy(siteUrl);
  const sendHtml = (reply: FastifyReply, html: string, code = 200) =>
    reply
      .code(code)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .send(html);

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_MAX },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body.toString())));
      },
    );

    const checkout = `/${devStandInPaths.billingCheckout}/:sessionId`;
    app.get<{ Params: { sessionId: string } }>(checkout, async (request, reply) => {
      const view = await standIn.checkoutView(request.params.sessionId);
      if (view === null) {
        const back = await standIn.cancelUrlOf(request.params.sessionId);
        return sendHtml(reply, renderGonePage(cardTexts.sessionGone, back), 404);
      }
      return sendHtml(reply, renderCheckoutPage({ view, cancelUrl: view.session.cancelUrl }));
    });

    app.post<{ Params: { sessionId: string } }>(checkout, async (request, reply) => {
      const card = cardOf(request.body);
      const result = await standIn.completeCheckout(request.params.sessionId, card);
      if (result.kind === 'paid') return reply.redirect(result.redirectTo, 303);
      if (result.kind === 'gone') {
        const back = await standIn.cancelUrlOf(request.params.sessionId);
        return sendHtml(reply, renderGonePage(cardTexts.sessionGone, back), 404);
      }
      return sendHtml(
        reply,
        renderCheckoutPage({
          view: result.view,
          cancelUrl: result.view.session.cancelUrl,
          values: { ...card, cvc: '' },
          errors: result.errors,
          declined: result.declined,
        }),
        422,
      );
    });

    const pay = `/${devStandInPaths.billingPay}/:sessionId`;
    const goneOf = (view: { kind: 'gone' | 'unknown'; cancelUrl: string | null }) =>
      view.kind === 'unknown'
        ? renderGonePage(cardTexts.sessionUnknown, null)
        : renderGonePage(cardTexts.sessionGone, view.cancelUrl);

    app.get<{ Params: { sessionId: string } }>(pay, async (request, reply) => {
      const view = await standIn.paymentView(request.params.sessionId);
      if (view.kind !== 'open') return sendHtml(reply, goneOf(view), 404);
      return sendHtml(reply, renderPaymentPage({ payment: view.payment }));
    });

    app.post<{ Params: { sessionId: string } }>(pay, async (request, reply) => {
      const card = cardOf(request.body);
      const result = await standIn.completePayment(request.params.sessionId, card);
      if (result.kind === 'paid') return reply.redirect(result.redirectTo, 303);
      if (result.kind === 'gone') {
        const view = await standIn.paymentView(request.params.sessionId);
        return sendHtml(
          reply,
          goneOf(view.kind === 'open' ? { kind: 'gone', cancelUrl: null } : view),
          404,
        );
      }
      return sendHtml(
        reply,
        renderPaymentPage({
          payment: result.payment,
          values: { ...card, cvc: '' },
          errors: result.errors,
          declined: result.declined,
        }),
        422,
      );
    });

    const payments = `/${devStandInPaths.billingPayments}`;
    const paymentsPage = async (notice?: string) =>
      renderPaymentsPage(await standIn.listPayments(), (row) => standIn.statusOf(row), notice);

    app.get(payments, async (_request, reply) => sendHtml(reply, await paymentsPage()));

    app.post(payments, async (request, reply) => {
      const action = formValue(request.body, 'action');
      const paymentId = formValue(request.body, 'paymentId');
      if (action !== 'refund' && action !== 'dispute') {
        return sendHtml(reply, await paymentsPage(paymentPageTexts.unknown), 404);
      }
      const result =
        action === 'refund'
          ? await standIn.refundPayment(paymentId)
          : await standIn.disputePayment(paymentId);
      const answer = FLAG_ANSWERS[action][result];
      return sendHtml(reply, await paymentsPage(answer.notice), answer.code);
    });

    const portal = `/${devStandInPaths.billingPortal}/:portalId`;
    app.get<{ Params: { portalId: string } }>(portal, async (request, reply) => {
      const view = await standIn.portalView(request.params.portalId);
      if (view === null) return sendHtml(reply, renderGonePage(PORTAL_GONE, null), 404);
      return sendHtml(reply, renderPortalPage(view));
    });

    app.post<{ Params: { portalId: string } }>(portal, async (request, reply) => {
      const before = await standIn.portalView(request.params.portalId);
      if (before === null) return sendHtml(reply, renderGonePage(PORTAL_GONE, null), 404);
      const action = formValue(request.body, 'action');
      const subscriptionId = formValue(request.body, 'subscriptionId');
      const own = before.subscriptions.some((subscription) => subscription.id === subscriptionId);
      let notice = SUBSCRIPTION_NOT_FOUND;
      if (own && (action === 'cancel' || action === 'resume')) {
        const changed = await standIn.setCancelAtPeriodEnd(
          before.customer.id,
          subscriptionId,
          action === 'cancel',
        );
        if (changed !== null) {
          notice = changed.cancelAtPeriodEnd
            ? 'The subscription will be canceled at the end of the period.'
            : 'The subscription will renew.';
        }
      } else if (own && action === 'advance') {
        const advanced = await standIn.advanceSubscription(subscriptionId);
        if (advanced !== null) notice = 'The subscription moved to its next period.';
      }
      const after = await standIn.portalView(request.params.portalId);
      return sendHtml(reply, renderPortalPage(after ?? before, notice), own ? 200 : 404);
    });

    app.get<{ Params: { invoiceId: string } }>(
      `/${devStandInPaths.billingInvoices}/:invoiceId/pdf`,
      async (request, reply) => {
        const invoice = await standIn.invoicePdf(request.params.invoiceId);
        if (invoice === null) throw notFound('There is no such invoice.');
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="invoice-${invoice.number}.pdf"`)
          .header('cache-control', 'private, max-age=3600')
          .send(invoice.pdf);
      },
    );

    route(app, devEndpoints.advanceSubscription, async ({ payload }) => {
      const advanced = await standIn.advanceSubscription(payload.subscriptionId);
      if (advanced === null) throw notFound(SUBSCRIPTION_NOT_FOUND);
      const { subscription } = advanced;
      return ok({
        subscriptionId: subscription.id,
        status: subscription.status,
        currentPeriodEndDate: subscription.currentPeriodEnd.toISOString(),
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        invoiceCount: advanced.invoiceCount,
      });
    });
  };
}
