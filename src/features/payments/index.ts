import { fromPromise } from 'xstate';
import { UserRole } from '../../../contract/enums';
import { type FlowEntryFactory, startForUser } from '../../shared/flow';
import { createPaymentsApi } from '../../services/api/payments';
import { invoicesMachine } from './invoicesMachine';
import type { PaymentsActors, PaymentsRouteInput } from './payments.flow';
import { PaymentsScreen } from './PaymentsScreen';
import { subscriptionPlanMachine } from './subscriptionPlanMachine';

const entry: FlowEntryFactory<PaymentsRouteInput, PaymentsActors> = (services) => {
  const payments = createPaymentsApi(services.http);
  const invoices = invoicesMachine.provide({
    actors: {
      getInvoices: fromPromise(({ input }) => payments.getInvoices(input.customerId)),
    },
  });
  const subscriptionPlan = subscriptionPlanMachine.provide({
    actors: {
      getSubscription: fromPromise(async () => ({
        details: await payments.getSubscription(),
        at: Date.now(),
      })),
      validateSession: fromPromise(async ({ input }) => ({
        details: await payments.validateSession(input.sessionId),
        at: Date.now(),
      })),
      validatePromotionalCode: fromPromise(({ input }) =>
        payments.validatePromotionalCode(input.promotionalCode),
      ),
      createCheckoutSession: fromPromise(({ input }) =>
        payments.createCheckoutSession(input.promotionalCode ?? null),
      ),
      createBillingPortalSession: fromPromise(() => payments.createBillingPortalSession()),
      invoices,
    },
    actions: {
      openCheckout: (_, url) => services.loadPage(url),
      openPortal: (_, url) => services.loadPage(url),
    },
  });
  return {
    start: startForUser(services, 'Subscription / Invoices', (user, input) => ({
      subscriptionPlan: {
        logic: subscriptionPlan,
        input: {
          isAdministrator: user.userRole === UserRole.Administrator,
          sessionId: input.sessionId,
          checkoutCanceled: input.checkoutCanceled,
        },
      },
    })),
    Screen: PaymentsScreen,
  };
};

export default entry;
