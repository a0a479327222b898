/**
 * The payments calls (spec §7.2 Payments, §3 Invoice, §3 Tenant status; issue 18 items 4 to 6).
 * The path prefix is named after the card payment provider (`stripe/...`) whichever adapter the
 * server runs: the real one (Stripe) or the development stand-in (same calls, same answers).
 *
 * Amounts: `total`, `amountOff` and the plan's `amount` are integers in the currency's minor unit
 * (1200 for GBP 12.00: contract/money.ts); currencies are ISO 4217 codes in lower case as the
 * provider gives them (the client shows them upper case: 'GBP 12.00'). Dates are ISO 8601.
 */
import {
  array,
  boolean,
  enums,
  integer,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';
import { MinorAmount } from './money';
import { PROVIDER_ID_MAX } from './paymentRoutes';

/** Longest promotional code accepted (Stripe's own limit is 500; ours are short). */
export const PROMOTIONAL_CODE_MAX = 200;
/** Longest provider id accepted (customer, checkout session, subscription). */
export { PROVIDER_ID_MAX };

const Text = (max: number) =>
  refine(size(string(), 1, max), 'notBlank', (value) => value.trim() !== '');

/** Which adapter answers: the provider itself, or the development stand-in of this server. */
export const billingProviders = ['stripe', 'standIn'] as const;
export type BillingProviderName = (typeof billingProviders)[number];

/** Spec §3 Invoice. */
export const Invoice = object({
  /** The provider's invoice number (e.g. 'GD0001-0002'); '' while a draft has none. */
  invoiceNumber: string(),
  /** When the invoice was created (ISO 8601). */
  created: string(),
  /** The provider's status: draft, open, paid, uncollectible or void. */
  status: string(),
  /** ISO 4217, lower case ('gbp'). */
  currency: string(),
  /** In the currency's minor unit (1200 for GBP 12.00). */
  total: integer(),
  /** The PDF's URL (opened in a new tab); '' when the provider has none yet. */
  invoicePdf: string(),
});
export type Invoice = Infer<typeof Invoice>;

/** POST stripe/getInvoices: the customer's invoices, newest first. */
export const GetInvoicesRequest = object({ customerId: Text(PROVIDER_ID_MAX) });
export type GetInvoicesRequest = Infer<typeof GetInvoicesRequest>;
export const InvoiceList = array(Invoice);

/** POST stripe/validatePromotionalCode. */
export const ValidatePromotionalCodeRequest = object({
  promotionalCode: Text(PROMOTIONAL_CODE_MAX),
});
export type ValidatePromotionalCodeRequest = Infer<typeof ValidatePromotionalCodeRequest>;

/** A valid promotional code: what it takes off the plan (one of percentOff / amountOff). */
export const PromotionalCode = object({
  promotionalCode: string(),
  /** A short description for the screen, e.g. '20% off' or 'GBP 5.00 off'. */
  description: string(),
  percentOff: nullable(number()),
  /** In the currency's minor unit (500 for GBP 5.00). */
  amountOff: nullable(MinorAmount),
  /** The currency of amountOff (lower case); null for a percentage. */
  currency: nullable(string()),
});
export type PromotionalCode = Infer<typeof PromotionalCode>;

/** POST stripe/createCheckoutSession: an optional promotional code (validated again). */
export const CreateCheckoutSessionRequest = object({
  promotionalCode: optional(nullable(size(string(), 0, PROMOTIONAL_CODE_MAX))),
});
export type CreateCheckoutSessionRequest = Infer<typeof CreateCheckoutSessionRequest>;

/**
 * The checkout to open: the browser goes to `url` (the provider's page, or the stand-in's); the
 * provider then sends it back to the Subscription / Invoices route with `?session_id={sessionId}`
 * ({@link checkoutReturn}), where the client calls stripe/validateSession.
 */
export const CheckoutSession = object({ sessionId: string(), url: string() });
export type CheckoutSession = Infer<typeof CheckoutSession>;

/** POST stripe/validateSession: the session id from the return URL's `session_id`. */
export const ValidateSessionRequest = object({ sessionId: Text(PROVIDER_ID_MAX) });
export type ValidateSessionRequest = Infer<typeof ValidateSessionRequest>;

/**
 * The plan checkout sells, shown before checkout (issue 34 point 3): its name, its price (in the
 * currency's minor unit, like every amount here) and how often it is charged.
 */
export const SubscriptionPlan = object({
  /** The product's name ('Givedrop subscription, monthly'). */
  description: string(),
  /** In the currency's minor unit (1200 for GBP 12.00). */
  amount: MinorAmount,
  /** ISO 4217, lower case ('gbp'). */
  currency: string(),
  /** 'day', 'week', 'month' or 'year'; null for a one-off price. */
  interval: nullable(string()),
});
export type SubscriptionPlan = Infer<typeof SubscriptionPlan>;

/**
 * GET stripe/getSubscription (and the answer of validateSession): the organisation's connection
 * to the payment provider (the Integration screen) and its subscription (the Subscription /
 * Invoices screen; the same fields as tenants/getCurrentTenantStatus).
 */
export const SubscriptionDetails = object({
  provider: enums(billingProviders),
  /** Whether the organisation has a customer at the provider (it is made at the first checkout). */
  customerExists: boolean(),
  customerId: nullable(string()),
  subscriptionId: nullable(string()),
  /** The provider's status: trialing, active, past_due, canceled, unpaid, incomplete, …; null when none. */
  subscriptionStatus: nullable(string()),
  isTrialing: boolean(),
  trialEndDate: nullable(string()),
  cancelAtPeriodEnd: boolean(),
  currentPeriodEndDate: nullable(string()),
  /** Whether checkout is offered: no subscription that is active, trialing or past due at the provider. */
  canSubscribe: boolean(),
  /**
   * The plan checkout would sell, when checkout is offered (getSubscription only); null when it
   * is not, or when the provider could not say (the screen then shows no price).
   */
  plan: nullable(SubscriptionPlan),
});
export type SubscriptionDetails = Infer<typeof SubscriptionDetails>;

/** POST stripe/createBillingPortalSession: where the browser goes to manage the subscription. */
export const BillingPortalSession = object({ url: string() });
export type BillingPortalSession = Infer<typeof BillingPortalSession>;

export { checkoutReturn, PORTAL_RETURN_ROUTE } from './paymentRoutes';

/** The server's refusals (4xx messages) and the screens' errors (spec §8 Account). */
export const paymentTexts = {
  invoicesFailed: 'Error getting invoices',
  subscriptionStatusFailed: 'Error getting subscription status',
  promotionalCodeRequired: 'Please enter a promotional code',
  promotionalCodeInvalid: 'This promotional code is not valid.',
  customerNotFound: "This billing customer is not your organisation's.",
  noCustomer: 'This organisation has no billing account yet; subscribe first.',
  sessionNotFound: 'This checkout session was not found for your organisation.',
  sessionIdRequired: 'A checkout session id is required.',
  sessionAlreadyConfirmed: 'This checkout has already been confirmed.',
  sessionNotComplete: 'The checkout has not been completed.',
  alreadySubscribed:
    'This organisation already has a subscription; manage it from the billing portal.',
  unavailable: 'Payments are not available at the moment, please try again later.',
} as const;
