import { PORTAL_RETURN_ROUTE } from '../../../contract/paymentRoutes';
import { defineFlow } from '../../shared/flow';
import type { integrationMachine } from './integrationMachine';

export type IntegrationActors = { integration: typeof integrationMachine };

/**
 * Integration (issue 18 item 5) at /account/organisation/integration: the organisation's
 * connection to the payment provider and a button to its billing portal (which sends the browser
 * back here).
 */
export const integrationFlow = defineFlow<IntegrationActors>({
  id: 'integration',
  routes: [{ path: PORTAL_RETURN_ROUTE, layout: 'app', title: 'Integration' }],
  access: 'user',
  load: () => import('./index'),
  machines: () => import('./integrationMachine').then((m) => [m.integrationMachine]),
});
