/**
 * The billing stand-in's pages and its development call, under the API base (never registered
 * in production, nor when the Stripe keys are set):
 *
 * - GET / POST {API}/dev/billing/checkout/{sessionId}: the checkout page and its test card form
 *   (303 to the session's success URL once paid; 422 with the form's messages when refused);
 * - GET / POST {API}/dev/billing/portal/{portalSessionId}: the billing portal (cancel at period
 *   end, keep, advance to the next period);
 * - GET {API}/dev/billing/invoices/{invoiceId}/pdf: an invoice's PDF;
 * - POST {API}/dev/billing/advanceSubscription {subscriptionId}: the next period.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { devEndpoints } from '../../contract/endpoints/dev';
import { devStandInPaths } from '../../contract/paths';
import { notFound } from '../domain/errors';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { cardTexts, type CardInput, type StandInBilling } from './standIn';
import { renderCheckoutPage, renderGonePage, renderPortalPage } from './standInPages';

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
      const card: CardInput = {
        number: formValue(request.body, 'number'),
        expiry: formValue(request.body, 'expiry'),
        cvc: formValue(request.body, 'cvc'),
        name: formValue(request.body, 'name'),
      };
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
