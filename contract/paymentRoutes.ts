/**
 * Where the payment provider sends the browser back to (issue 18): plain constants in a module of
 * their own, so the flow definitions (loaded eagerly, on the landing route) name them without
 * loading the payments structs. contract/payments.ts re-exports them.
 */

/** The longest provider id accepted (customer, checkout session, subscription). */
export const PROVIDER_ID_MAX = 255;

/** The query parameters of the return from checkout (to the Subscription / Invoices route). */
export const checkoutReturn = {
  /** The client route the provider sends the browser back to. */
  route: '/account/organisation/payments',
  /** Present after a completed checkout: the session id to confirm with validateSession. */
  sessionIdParam: 'session_id',
  /** 'canceled' when the person left the checkout without paying. */
  checkoutParam: 'checkout',
} as const;

/** The route the billing portal sends the browser back to (the Integration screen). */
export const PORTAL_RETURN_ROUTE = '/account/organisation/integration';
