import { identityEndpoints } from '../../../contract/endpoints/identity';
import {
  countryEndpoints,
  currencyEndpoints,
  topicMaintenanceEndpoints,
} from '../../../contract/endpoints/referenceLists';
import { topicEndpoints } from '../../../contract/endpoints/topics';
import { REFERENCE_LIST_REQUEST, type Country } from '../../../contract/lists';
import type {
  CountryFields,
  Currency,
  CurrencyFields,
  ReferenceListKind,
  TopicFields,
} from '../../../contract/referenceLists';
import type { Topic } from '../../../contract/topics';
import { dataOrThrow } from '../apiResponse';
import { createCall } from '../call';
import type { HttpClient } from '../http';

/** The rows and fields of each list, as the contract has them. */
export interface ReferenceListShapes {
  countries: { item: Country; fields: CountryFields };
  currencies: { item: Currency; fields: CurrencyFields };
  topics: { item: Topic; fields: TopicFields };
}

/** A host's calls on one reference list (spec §7.2; issue 19). */
export interface ReferenceListApi<K extends ReferenceListKind> {
  /**
   * Every row, disabled ones too (includeDisabled): page 1, pageSize 999, sorted as the spec
   * says (countries and currencies by Name, topics by Order), no total count.
   */
  list(): Promise<ReferenceListShapes[K]['item'][]>;
  create(fields: ReferenceListShapes[K]['fields']): Promise<ReferenceListShapes[K]['item']>;
  update(
    id: number,
    fields: ReferenceListShapes[K]['fields'],
  ): Promise<ReferenceListShapes[K]['item']>;
  setEnabled(id: number, value: boolean): Promise<ReferenceListShapes[K]['item']>;
  changeOrder(id: number, moveUp: boolean): Promise<ReferenceListShapes[K]['item'][]>;
  moveOrderToIndex(id: number, index: number): Promise<ReferenceListShapes[K]['item'][]>;
  deleteAndReorder(id: number): Promise<ReferenceListShapes[K]['item'][]>;
}

const ADMIN_LIST = { ...REFERENCE_LIST_REQUEST, includeDisabled: true };

export function createReferenceListApi<K extends ReferenceListKind>(
  http: HttpClient,
  kind: K,
): ReferenceListApi<K> {
  const call = createCall(http);
  const maintenance = {
    countries: countryEndpoints,
    currencies: currencyEndpoints,
    topics: topicMaintenanceEndpoints,
  }[kind];
  const list = async () => {
    if (kind === 'countries') {
      return dataOrThrow(await call(identityEndpoints.countriesList, ADMIN_LIST)).list;
    }
    if (kind === 'currencies') {
      return dataOrThrow(await call(currencyEndpoints.list, ADMIN_LIST)).list;
    }
    // Spec §7.2 Topics: the list request carries showFirstGuid (empty: no topic leads).
    return dataOrThrow(
      await call(topicEndpoints.list, { ...ADMIN_LIST, sortBy: 'Order', showFirstGuid: '' }),
    ).list;
  };
  // The endpoints of the three lists differ only in their rows' fields: one shape serves them.
  const e = maintenance as unknown as typeof countryEndpoints;
  type Item = ReferenceListShapes[K]['item'];
  return {
    list: list as () => Promise<Item[]>,
    create: async (fields) =>
      dataOrThrow(await call(e.create, fields as CountryFields)) as unknown as Item,
    update: async (id, fields) =>
      dataOrThrow(await call(e.update, { ...(fields as CountryFields), id })) as unknown as Item,
    setEnabled: async (id, value) =>
      dataOrThrow(await call(e.setEnabled, { id, value })) as unknown as Item,
    changeOrder: async (id, moveUp) =>
      dataOrThrow(await call(e.changeOrder, { id, moveUp })).list as unknown as Item[],
    moveOrderToIndex: async (id, index) =>
      dataOrThrow(await call(e.moveOrderToIndex, { id, index })).list as unknown as Item[],
    deleteAndReorder: async (id) =>
      dataOrThrow(await call(e.deleteAndReorder, { id })).list as unknown as Item[],
  };
}
