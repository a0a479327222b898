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
import { endpoint, type FieldMessages, type HttpMethod } from './define';

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
  /** A host's call `name` under `base`. */
  const hostCall = <Request, Data>(
    method: HttpMethod,
    name: string,
    request: Struct<Request>,
    response: Struct<Data>,
    fieldMessages?: FieldMessages,
  ) =>
    endpoint({
      method,
      path: `${base}/${name}`,
      request,
      response,
      auth: 'host',
      ...(fieldMessages === undefined ? {} : { messages: fieldMessages }),
    });
  const row = item as Struct<Item>;
  return {
    create: hostCall('POST', 'create', requests.create, row, messages),
    upsert: hostCall('POST', 'upsert', requests.upsert, row, messages),
    update: hostCall('POST', 'update', requests.update, row, messages),
    setEnabled: hostCall('POST', 'setEnabled', SetEnabledRequest, row),
    changeOrder: hostCall('POST', 'changeorder', ChangeOrderRequest, list),
    moveOrderToIndex: hostCall('POST', 'moveOrderToIndex', MoveOrderToIndexRequest, list),
    deleteAndReorder: hostCall('POST', 'deleteAndReorder', IdRequest, list),
    get: hostCall('GET', 'get', IdRequest, row),
    delete: hostCall('DELETE', 'delete', IdRequest, Deleted as Struct<Deleted>),
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
