import { useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { useAccountPanelStatus } from '../../shared/useAccountPanelStatus';
import { IntegrationView } from './IntegrationView';
import type { IntegrationActors } from './integration.flow';
import * as chart from './integrationMachine';

/** Integration at /account/organisation/integration, in the account area. */
export function IntegrationScreen({ flow, user }: FlowScreenProps<IntegrationActors>) {
  const ref = flow.integration;
  const status = useAccountPanelStatus(ref, {
    loading: chart.selectIntegrationLoading,
    loadFailed: chart.selectIntegrationLoadFailed,
    alert: chart.selectIntegrationAlert,
  });
  const view = (
    <IntegrationView
      {...status}
      facts={useSelector(ref, chart.selectIntegrationFacts)}
      canOpenPortal={useSelector(ref, chart.selectCanOpenPortal)}
      openingPortal={useSelector(ref, chart.selectOpeningPortal)}
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
