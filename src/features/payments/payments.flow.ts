import { checkoutReturn, PROVIDER_ID_MAX } from '../../../contract/paymentRoutes';
import { defineFlow } from '../../shared/flow';
import type { subscriptionPlanMachine } from './subscriptionPlanMachine';

export type PaymentsActors = { subscriptionPlan: typeof subscriptionPlanMachine };

/** What the return from checkout brings in the address (then removed from it). */
export interface PaymentsRouteInput {
  sessionId: string | null;
  checkoutCanceled: boolean;
}

/**
 * Subscription / Invoices (spec §2.3) at /account/organisation/payments: the subscription's
 * status, subscribing (Administrators), the invoice table. The payment provider's checkout sends
 * the browser back here with `session_id` (or `checkout=canceled`): read once, removed from the
 * address, and the session id is never shown to the inspector.
 */
export const paymentsFlow = defineFlow<PaymentsActors, PaymentsRouteInput>({
  id: 'payments',
  routes: [{ path: checkoutReturn.route, layout: 'app', title: 'Subscription / Invoices' }],
  access: 'user',
  readsQuery: [checkoutReturn.sessionIdParam, checkoutReturn.checkoutParam],
  secretQuery: [checkoutReturn.sessionIdParam],
  input: ({ search }) => {
    const query = new URLSearchParams(search);
    const sessionId = query.get(checkoutReturn.sessionIdParam)?.trim() ?? '';
    return {
      sessionId: sessionId !== '' && sessionId.length <= PROVIDER_ID_MAX ? sessionId : null,
      checkoutCanceled: query.get(checkoutReturn.checkoutParam) === 'canceled',
    };
  },
  load: () => import('./index'),
  machines: async () => {
    const [plan, invoices] = await Promise.all([
      import('./subscriptionPlanMachine'),
      import('./invoicesMachine'),
    ]);
    return [plan.subscriptionPlanMachine, invoices.invoicesMachine];
  },
});
