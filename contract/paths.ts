/** The configuration's path (outside the API base, spec §7.2); the calls' are in endpoints/. */
export const CONFIGURATION_PATH = '/api/configuration';

/**
 * The id of the data block (`<script type="application/json">`) in which the server's index.html
 * carries a copy of GET /api/configuration's answer, so that the app need not wait for that
 * request before its first render (server/http/indexPage.ts; the app falls back to the request).
 */
export const INLINE_CONFIGURATION_ID = 'givedrop-configuration';

/**
 * Client routes that emailed links open (the server builds the links, the SPA serves them).
 * Each key is appended as a path segment.
 */
export const linkRoutes = {
  activate: '/activate/',
  confirmEmail: '/account/confirm-email/',
  resetPassword: '/forgotten-password/',
} as const;

/** Client pages that mails link to without a key (the signup-attempt notice). */
export const sitePages = {
  login: '/login',
  forgottenPassword: '/forgotten-password',
} as const;

/**
 * Development stand-ins of the third parties, served by the reference server outside production
 * when no real keys are configured (paths under the API base).
 */
export const devStandInPaths = {
  /** POST {action}: a captcha token the server accepts. */
  captchaToken: 'dev/captcha/token',
  /** GET: the local consent page (popup) that returns an authorization code. */
  consentPage: 'dev/oauth/consent',
  /** GET / POST: the card payment stand-in's checkout page of a session (…/{sessionId}). */
  billingCheckout: 'dev/billing/checkout',
  /** GET / POST: the stand-in's checkout page of a one-off payment, a gift (…/{sessionId}). */
  billingPay: 'dev/billing/pay',
  /**
   * GET: the stand-in's one-off payments, newest first (for developers and the e2e; linked from
   * nowhere in the product); POST {action: refund | dispute, paymentId}: refunds or disputes one.
   */
  billingPayments: 'dev/billing/payments',
  /** GET / POST: the stand-in's billing portal (…/{portalSessionId}). */
  billingPortal: 'dev/billing/portal',
  /** GET: a stand-in invoice's PDF (…/{invoiceId}/pdf). */
  billingInvoices: 'dev/billing/invoices',
  /** POST {subscriptionId}: moves a stand-in subscription to its next period (next invoice). */
  billingAdvanceSubscription: 'dev/billing/advanceSubscription',
} as const;

/** The card payment provider's webhook (Stripe mode only), under the API base. */
export const STRIPE_WEBHOOK_PATH = 'stripe/webhook';
