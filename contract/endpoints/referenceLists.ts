/**
 * The reference lists' maintenance calls (spec §7.2 "Countries and currencies" and "Topics";
 * issue 19): under countries/…, currencies/… and userinterestedtopics/…, POST create, upsert,
 * list, update, setEnabled, changeorder, moveOrderToIndex, deleteAndReorder; GET get; DELETE
 * delete. Every write is for hosts only.
 *
 * countries/list (public: the phone pickers) and userinterestedtopics/list (signed in:
 * onboarding) stay where their callers find them (identityEndpoints.countriesList,
 * topicEndpoints.list); they take the same {@link ReferenceListRequest}, and
 * `includeDisabled: true` there is a host's request (403 for anyone else).
 *
 * Answers: create, upsert, update, setEnabled and get answer the row; changeorder,
 * moveOrderToIndex and deleteAndReorder answer every row in its new Order (disabled ones
 * too); delete answers `{ deleted: true }`.
 */
import { literal, object, type Describe, type Struct } from 'superstruct';
import { Country, CountryList } from '../lists';
import {
  ChangeOrderRequest,
  CountryCreateRequest,
  CountryUpdateRequest,
  CountryUpsertRequest,
  Currency,
  CurrencyCreateRequest,
  CurrencyList,
  CurrencyUpdateRequest,
  CurrencyUpsertRequest,
  IdRequest,
  MoveOrderToIndexRequest,
  ReferenceListRequest,
  SetEnabledRequest,
  TopicCreateRequest,
  TopicUpdateRequest,
  TopicUpsertRequest,
  referenceListTexts as t,
} from '../referenceLists';
import { Topic, TopicList } from '../topics';
import { endpoint, type FieldMessages } from './define';

/** DELETE …/delete answers this. */
export const Deleted = object({ deleted: literal(true) });
export interface Deleted {
  deleted: true;
}

const nameMessages = { name: { required: t.nameRequired, tooLong: t.nameRequired } };
const countryMessages: FieldMessages = {
  ...nameMessages,
  code: { required: t.countryCodeInvalid, invalid: t.countryCodeInvalid },
  callingCode: { required: t.callingCodeInvalid, invalid: t.callingCodeInvalid },
};
const currencyMessages: FieldMessages = {
  ...nameMessages,
  code: { required: t.currencyCodeInvalid, invalid: t.currencyCodeInvalid },
  symbol: { tooLong: t.symbolTooLong },
};

/** The maintenance calls of one list under `base`, all for hosts. */
function maintenance<Item, Create, Update, Upsert>(
  base: string,
  item: Describe<Item> | Struct<Item>,
  list: Struct<{ list: Item[]; totalCount: number | null }>,
  requests: { create: Struct<Create>; update: Struct<Update>; upsert: Struct<Upsert> },
  messages: FieldMessages,
) {
  return {
    create: endpoint({
      method: 'POST',
      path: `${base}/create`,
      request: requests.create,
      response: item as Struct<Item>,
      auth: 'host',
      messages,
    }),
    upsert: endpoint({
      method: 'POST',
      path: `${base}/upsert`,
      request: requests.upsert,
      response: item as Struct<Item>,
      auth: 'host',
      messages,
    }),
    update: endpoint({
      method: 'POST',
      path: `${base}/update`,
      request: requests.update,
      response: item as Struct<Item>,
      auth: 'host',
      messages,
    }),
    setEnabled: endpoint({
      method: 'POST',
      path: `${base}/setEnabled`,
      request: SetEnabledRequest,
      response: item as Struct<Item>,
      auth: 'host',
    }),
    changeOrder: endpoint({
      method: 'POST',
      path: `${base}/changeorder`,
      request: ChangeOrderRequest,
      response: list,
      auth: 'host',
    }),
    moveOrderToIndex: endpoint({
      method: 'POST',
      path: `${base}/moveOrderToIndex`,
      request: MoveOrderToIndexRequest,
      response: list,
      auth: 'host',
    }),
    deleteAndReorder: endpoint({
      method: 'POST',
      path: `${base}/deleteAndReorder`,
      request: IdRequest,
      response: list,
      auth: 'host',
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/get`,
      request: IdRequest,
      response: item as Struct<Item>,
      auth: 'host',
    }),
    delete: endpoint({
      method: 'DELETE',
      path: `${base}/delete`,
      request: IdRequest,
      response: Deleted as Struct<Deleted>,
      auth: 'host',
    }),
  };
}

/** One list's maintenance calls. */
export type MaintenanceEndpoints<Item, Create, Update, Upsert> = ReturnType<
  typeof maintenance<Item, Create, Update, Upsert>
>;

export const countryEndpoints = maintenance(
  'countries',
  Country,
  CountryList,
  { create: CountryCreateRequest, update: CountryUpdateRequest, upsert: CountryUpsertRequest },
  countryMessages,
);

export const currencyEndpoints = {
  /**
   * POST currencies/list: the enabled currencies, by Name unless asked otherwise; every
   * currency with includeDisabled (hosts only). Signed-in callers.
   */
  list: endpoint({
    method: 'POST',
    path: 'currencies/list',
    request: ReferenceListRequest,
    response: CurrencyList,
    auth: 'user',
  }),
  ...maintenance(
    'currencies',
    Currency,
    CurrencyList,
    {
      create: CurrencyCreateRequest,
      update: CurrencyUpdateRequest,
      upsert: CurrencyUpsertRequest,
    },
    currencyMessages,
  ),
};

export const topicMaintenanceEndpoints = maintenance(
  'userinterestedtopics',
  Topic,
  TopicList,
  { create: TopicCreateRequest, update: TopicUpdateRequest, upsert: TopicUpsertRequest },
  nameMessages,
);
