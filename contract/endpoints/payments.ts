/**
 * The payments calls of spec §7.2 (prefix named after the card payment provider) and the
 * Integration screen's (issue 18 items 4 and 5). Who may call each:
 *
 * - reading (getSubscription, getInvoices): any member of the organisation (`user`; the server
 *   checks again that their login to it is enabled). Spec §6 gives every app screen to both roles
 *   and the invoices are the organisation's, not an Administrator's; a Standard User sees them
 *   read-only as they see the organisation's details.
 * - spending or changing the subscription (validatePromotionalCode, createCheckoutSession,
 *   validateSession, createBillingPortalSession): its Administrators (`tenantAdmin`, re-read from
 *   the database), as for every other change to the organisation (users, details).
 *
 * Every id in a payload must be the caller's current organisation's (another's: 403/404).
 */
import {
  BillingPortalSession,
  CheckoutSession,
  CreateCheckoutSessionRequest,
  GetInvoicesRequest,
  InvoiceList,
  PromotionalCode,
  SubscriptionDetails,
  ValidatePromotionalCodeRequest,
  ValidateSessionRequest,
  paymentTexts,
} from '../payments';
import { EmptyRequest } from './common';
import { endpoint } from './define';

export const paymentEndpoints = {
  /** GET stripe/getSubscription: the organisation's customer, subscription and its status. */
  getSubscription: endpoint({
    method: 'GET',
    path: 'stripe/getSubscription',
    request: EmptyRequest,
    response: SubscriptionDetails,
    auth: 'user',
  }),
  /** POST stripe/getInvoices {customerId}: that customer's invoices, newest first. */
  getInvoices: endpoint({
    method: 'POST',
    path: 'stripe/getInvoices',
    request: GetInvoicesRequest,
    response: InvoiceList,
    auth: 'user',
    messages: { customerId: { required: paymentTexts.noCustomer } },
  }),
  /** POST stripe/validatePromotionalCode {promotionalCode}: 400 with a message when unknown. */
  validatePromotionalCode: endpoint({
    method: 'POST',
    path: 'stripe/validatePromotionalCode',
    request: ValidatePromotionalCodeRequest,
    response: PromotionalCode,
    auth: 'tenantAdmin',
    messages: {
      promotionalCode: {
        required: paymentTexts.promotionalCodeRequired,
        invalid: paymentTexts.promotionalCodeRequired,
        tooLong: paymentTexts.promotionalCodeInvalid,
      },
    },
  }),
  /**
   * POST stripe/createCheckoutSession {promotionalCode?}: makes the organisation's customer when
   * it has none and answers the checkout's URL; 409 when it already has a live subscription.
   */
  createCheckoutSession: endpoint({
    method: 'POST',
    path: 'stripe/createCheckoutSession',
    request: CreateCheckoutSessionRequest,
    response: CheckoutSession,
    auth: 'tenantAdmin',
    messages: { promotionalCode: { tooLong: paymentTexts.promotionalCodeInvalid } },
  }),
  /**
   * POST stripe/validateSession {sessionId}: confirms the return from a completed checkout of
   * this organisation, once (a second time: 409), and answers the subscription as it now is.
   */
  validateSession: endpoint({
    method: 'POST',
    path: 'stripe/validateSession',
    request: ValidateSessionRequest,
    response: SubscriptionDetails,
    auth: 'tenantAdmin',
    messages: { sessionId: { required: paymentTexts.sessionIdRequired } },
  }),
  /** POST stripe/createBillingPortalSession: the provider's billing portal for this organisation. */
  createBillingPortalSession: endpoint({
    method: 'POST',
    path: 'stripe/createBillingPortalSession',
    request: EmptyRequest,
    response: BillingPortalSession,
    auth: 'tenantAdmin',
  }),
} as const;
