import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  countryEndpoints,
  currencyEndpoints,
  topicMaintenanceEndpoints,
  type MaintenanceEndpoints,
} from '../../../contract/endpoints/referenceLists';
import type { ReferenceListKind } from '../../../contract/referenceLists';
import type { DomainContext } from '../../domain/context';
import { ok } from '../../http/envelope';
import { answer, route, scopeFor } from '../../http/route';
import {
  changeOrder,
  createRow,
  deleteAndReorder,
  deleteRow,
  getRow,
  moveOrderToIndex,
  setEnabled,
  updateRow,
  upsertRow,
} from './domain';
import { listCurrencies } from './currencies';

export interface ReferenceListRouteDeps {
  domain: DomainContext;
}

/**
 * The reference lists' maintenance calls (spec §7.2; issue 19), all for hosts, and the
 * currencies list. countries/list and userinterestedtopics/list are registered by the identity
 * and topics routes, where their callers have always found them.
 */
export function referenceListRoutes(deps: ReferenceListRouteDeps): FastifyPluginAsync {
  const { domain } = deps;
  return async (app) => {
    route(app, currencyEndpoints.list, async ({ payload, request }) => {
      // Disabled currencies are the admin area's: a host's request only.
      if (payload.includeDisabled === true) await scopeFor(request, 'host');
      return ok(await listCurrencies(domain.db, payload));
    });
    registerList(app, domain, 'countries', countryEndpoints);
    registerList(app, domain, 'currencies', currencyEndpoints);
    registerList(app, domain, 'topics', topicMaintenanceEndpoints);
  };
}

/**
 * One list's maintenance calls. The domain answers the list's rows, which are the contract's
 * items field for field (the answers are checked against the contract's structs in the tests).
 */
function registerList<K extends ReferenceListKind, Item, Create, Update, Upsert>(
  app: FastifyInstance,
  domain: DomainContext,
  kind: K,
  endpoints: MaintenanceEndpoints<Item, Create, Update, Upsert>,
): void {
  const item = (row: unknown) => ok(row as Item);
  const list = (rows: { list: unknown[]; totalCount: number | null }) =>
    ok(rows as { list: Item[]; totalCount: number | null });
  route(app, endpoints.create, async ({ payload }) =>
    item(await createRow(domain, kind, payload as never)),
  );
  route(app, endpoints.upsert, async ({ payload }) =>
    item(await upsertRow(domain, kind, payload as never)),
  );
  route(app, endpoints.update, async ({ payload }) =>
    item(await updateRow(domain, kind, payload as never)),
  );
  route(app, endpoints.setEnabled, async ({ payload }) =>
    item(await setEnabled(domain, kind, payload)),
  );
  route(app, endpoints.changeOrder, async ({ payload }) =>
    list(await changeOrder(domain, kind, payload)),
  );
  route(app, endpoints.moveOrderToIndex, async ({ payload }) =>
    list(await moveOrderToIndex(domain, kind, payload)),
  );
  route(app, endpoints.deleteAndReorder, async ({ payload }) =>
    list(await deleteAndReorder(domain, kind, payload.id)),
  );
  route(app, endpoints.get, async ({ payload }) => item(await getRow(domain, kind, payload.id)));
  answer(app, endpoints.delete, (payload) => deleteRow(domain, kind, payload.id));
}
