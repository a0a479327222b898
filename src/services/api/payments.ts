import { paymentEndpoints } from '../../../contract/endpoints/payments';
import type {
  BillingPortalSession,
  CheckoutSession,
  Invoice,
  PromotionalCode,
  SubscriptionDetails,
} from '../../../contract/payments';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** The payments calls (spec §7.2 Payments; the prefix is named after the card payment provider). */
export interface PaymentsApi {
  /** GET stripe/getSubscription: the organisation's customer, subscription and its status. */
  getSubscription(options?: CallOptions): Promise<SubscriptionDetails>;
  /** POST stripe/getInvoices {customerId}: newest first. */
  getInvoices(customerId: string, options?: CallOptions): Promise<Invoice[]>;
  /** POST stripe/validatePromotionalCode {promotionalCode}: refused with a 400 and a message. */
  validatePromotionalCode(promotionalCode: string, options?: CallOptions): Promise<PromotionalCode>;
  /** POST stripe/createCheckoutSession {promotionalCode?}: the checkout page's URL. */
  createCheckoutSession(
    promotionalCode: string | null,
    options?: CallOptions,
  ): Promise<CheckoutSession>;
  /** POST stripe/validateSession {sessionId}: the subscription after a completed checkout. */
  validateSession(sessionId: string, options?: CallOptions): Promise<SubscriptionDetails>;
  /** POST stripe/createBillingPortalSession: the billing portal's URL. */
  createBillingPortalSession(options?: CallOptions): Promise<BillingPortalSession>;
}

export function createPaymentsApi(http: HttpClient): PaymentsApi {
  const call = createCall(http);
  const e = paymentEndpoints;
  return {
    getSubscription: async (options) => dataOrThrow(await call(e.getSubscription, {}, options)),
    getInvoices: async (customerId, options) =>
      dataOrThrow(await call(e.getInvoices, { customerId }, options)),
    validatePromotionalCode: async (promotionalCode, options) =>
      dataOrThrow(await call(e.validatePromotionalCode, { promotionalCode }, options)),
    createCheckoutSession: async (promotionalCode, options) =>
      dataOrThrow(await call(e.createCheckoutSession, { promotionalCode }, options)),
    validateSession: async (sessionId, options) =>
      dataOrThrow(await call(e.validateSession, { sessionId }, options)),
    createBillingPortalSession: async (options) =>
      dataOrThrow(await call(e.createBillingPortalSession, {}, options)),
  };
}
