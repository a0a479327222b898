import { useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { IntegrationView } from './IntegrationView';
import type { IntegrationActors } from './integration.flow';
import {
  selectCanOpenPortal,
  selectIntegrationAlert,
  selectIntegrationFacts,
  selectIntegrationLoadFailed,
  selectIntegrationLoading,
  selectOpeningPortal,
} from './integrationMachine';

/** Integration at /account/organisation/integration, in the account area. */
export function IntegrationScreen({ flow, user }: FlowScreenProps<IntegrationActors>) {
  const ref = flow.integration;
  const view = (
    <IntegrationView
      loading={useSelector(ref, selectIntegrationLoading)}
      loadFailed={useSelector(ref, selectIntegrationLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      alert={useSelector(ref, selectIntegrationAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      facts={useSelector(ref, selectIntegrationFacts)}
      canOpenPortal={useSelector(ref, selectCanOpenPortal)}
      openingPortal={useSelector(ref, selectOpeningPortal)}
      onOpenPortal={() => ref.send({ type: 'portal.open' })}
    />
  );
  if (!user) return null;
  return (
    <AccountAreaFrame user={user} path="/account/organisation/integration">
      {view}
    </AccountAreaFrame>
  );
}
