import { paymentEndpoints as e } from '../../../contract/endpoints/payments';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The payments calls (spec §7.2 Payments; the prefix is named after the card payment provider). */
export function createPaymentsApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /** GET stripe/getSubscription: the organisation's customer, subscription and its status. */
    getSubscription: (options?: CallOptions) => data(e.getSubscription, {}, options),
    /** POST stripe/getInvoices {customerId}: newest first. */
    getInvoices: (customerId: string, options?: CallOptions) =>
      data(e.getInvoices, { customerId }, options),
    /** POST stripe/validatePromotionalCode {promotionalCode}: refused with a 400 and a message. */
    validatePromotionalCode: (promotionalCode: string, options?: CallOptions) =>
      data(e.validatePromotionalCode, { promotionalCode }, options),
    /** POST stripe/createCheckoutSession {promotionalCode?}: the checkout page's URL. */
    createCheckoutSession: (promotionalCode: string | null, options?: CallOptions) =>
      data(e.createCheckoutSession, { promotionalCode }, options),
    /** POST stripe/validateSession {sessionId}: the subscription after a completed checkout. */
    validateSession: (sessionId: string, options?: CallOptions) =>
      data(e.validateSession, { sessionId }, options),
    /** POST stripe/createBillingPortalSession: the billing portal's URL. */
    createBillingPortalSession: (options?: CallOptions) =>
      data(e.createBillingPortalSession, {}, options),
  };
}

export type PaymentsApi = ReturnType<typeof createPaymentsApi>;
