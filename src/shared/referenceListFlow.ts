import type { referenceListMachine } from '../machines/referenceListMachine';
import type { FlowRoute } from '../machines/flows';
import { defineFlow, type FlowDefinition } from './flow';

export type ReferenceListActors = { referenceList: typeof referenceListMachine };

/**
 * A reference list of the admin area (Countries, Currencies, Product Categories; issue 19): one
 * admin page, hosts' Administrators only, run by the shared reference list machine. The flow's
 * own folder gives its id, its page and its entry (`() => import('./index')`, which names the
 * list's calls).
 */
export function referenceListFlow(
  id: string,
  page: FlowRoute,
  load: FlowDefinition<ReferenceListActors>['load'],
): FlowDefinition<ReferenceListActors> {
  return defineFlow<ReferenceListActors>({
    id,
    routes: [page],
    access: 'host',
    load,
    machines: () =>
      import('../machines/referenceListMachine').then((m) => [m.referenceListMachine]),
  });
}
