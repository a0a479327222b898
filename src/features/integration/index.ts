import { fromPromise } from 'xstate';
import { UserRole } from '../../../contract/enums';
import { type FlowEntryFactory, startForUser } from '../../shared/flow';
import { createPaymentsApi } from '../../services/api/payments';
import type { IntegrationActors } from './integration.flow';
import { integrationMachine } from './integrationMachine';
import { IntegrationScreen } from './IntegrationScreen';

const entry: FlowEntryFactory<undefined, IntegrationActors> = (services) => {
  const payments = createPaymentsApi(services.http);
  const integration = integrationMachine.provide({
    actors: {
      getSubscription: fromPromise(() => payments.getSubscription()),
      createBillingPortalSession: fromPromise(() => payments.createBillingPortalSession()),
    },
    actions: {
      openPortal: (_, url) => services.loadPage(url),
    },
  });
  return {
    start: startForUser(services, 'Integration', (user) => ({
      integration: {
        logic: integration,
        input: { isAdministrator: user.userRole === UserRole.Administrator },
      },
    })),
    Screen: IntegrationScreen,
  };
};

export default entry;
