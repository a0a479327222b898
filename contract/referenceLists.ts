/**
 * The reference lists a host maintains (spec §7.2 "Countries and currencies" and "Topics", §3
 * List request/response; issue 19): countries, currencies and interest topics (shown as Product
 * Categories in the admin area). Each has a name, an Order (1..n over every row, enabled or not)
 * and an enabled flag; countries and currencies also a unique code.
 *
 * `includeDisabled` on a list request: the admin area's view of every row. Only a host may ask
 * for it (403 otherwise); without it every list answers the enabled rows only, as the phone
 * picker and onboarding always have.
 */
import {
  assign,
  boolean,
  integer,
  min,
  object,
  optional,
  pattern,
  size,
  string,
  type Describe,
  type Infer,
} from 'superstruct';
import { ListRequest, ListResponse } from './lists';
import { MINIMUM_TOPICS } from './topics';
import { Id } from './structs';

/** spec §3 List request, plus the admin's `includeDisabled` (hosts only). */
export const ReferenceListRequest = assign(
  ListRequest,
  object({ includeDisabled: optional(boolean()) }),
);
export type ReferenceListRequest = Infer<typeof ReferenceListRequest>;

/**
 * POST userinterestedtopics/list (spec §7.2 Topics: page, pageSize 999, sortBy Order,
 * sortByDescending false, getTotalCount false, showFirstGuid): the reference list request with
 * the spec's showFirstGuid. The client sends it empty (no topic is asked to lead); the topics
 * come by Order whatever it holds.
 */
export const TopicListRequest = assign(
  ReferenceListRequest,
  object({ showFirstGuid: optional(size(string(), 0, 64)) }),
);
export type TopicListRequest = Infer<typeof TopicListRequest>;

/** A currency of the reference list: ISO 4217 code and the sign shown before an amount. */
export interface Currency {
  id: number;
  name: string;
  /** ISO 4217, upper case ('GBP'). */
  code: string;
  /** '£'; '' when none. */
  symbol: string;
  enabled: boolean;
  order: number;
}
export const Currency: Describe<Currency> = object({
  id: integer(),
  name: string(),
  code: size(string(), 3, 3),
  symbol: string(),
  enabled: boolean(),
  order: integer(),
});
export const CurrencyList = ListResponse(Currency);

export const NAME_MAX = 128;
export const SYMBOL_MAX = 8;

const Name = size(string(), 1, NAME_MAX);
/** ISO 3166-1 alpha-2, upper case. */
const CountryCode = pattern(string(), /^[A-Z]{2}$/);
/** Digits only, without '+': 1 to 4 of them (ITU-T E.164 country codes). */
const CallingCode = pattern(string(), /^[0-9]{1,4}$/);
/** ISO 4217, upper case. */
const CurrencyCode = pattern(string(), /^[A-Z]{3}$/);
const CurrencySymbol = size(string(), 0, SYMBOL_MAX);

/** What a form sends for a new or changed row (create and update; `enabled` on create only). */
export const CountryFields = object({ name: Name, code: CountryCode, callingCode: CallingCode });
export type CountryFields = Infer<typeof CountryFields>;
export const CurrencyFields = object({ name: Name, code: CurrencyCode, symbol: CurrencySymbol });
export type CurrencyFields = Infer<typeof CurrencyFields>;
export const TopicFields = object({ name: Name });
export type TopicFields = Infer<typeof TopicFields>;

/** POST …/create: a new row, last in Order; enabled unless told otherwise. */
export const CountryCreateRequest = assign(CountryFields, object({ enabled: optional(boolean()) }));
export const CurrencyCreateRequest = assign(
  CurrencyFields,
  object({ enabled: optional(boolean()) }),
);
export const TopicCreateRequest = assign(TopicFields, object({ enabled: optional(boolean()) }));

/** POST …/update: the row's fields (its Order and enabled flag have calls of their own). */
export const CountryUpdateRequest = assign(object({ id: Id }), CountryFields);
export const CurrencyUpdateRequest = assign(object({ id: Id }), CurrencyFields);
export const TopicUpdateRequest = assign(object({ id: Id }), TopicFields);

/** POST …/upsert: update the row of `id`, or create one when `id` is absent or 0. */
export const CountryUpsertRequest = assign(
  object({ id: optional(min(integer(), 0)), enabled: optional(boolean()) }),
  CountryFields,
);
export const CurrencyUpsertRequest = assign(
  object({ id: optional(min(integer(), 0)), enabled: optional(boolean()) }),
  CurrencyFields,
);
export const TopicUpsertRequest = assign(
  object({ id: optional(min(integer(), 0)), enabled: optional(boolean()) }),
  TopicFields,
);

/** GET …/get, DELETE …/delete, POST …/deleteAndReorder: one row by id. */
export const IdRequest = object({ id: Id });
export type IdRequest = Infer<typeof IdRequest>;
/** POST …/setEnabled (id, value). */
export const SetEnabledRequest = object({ id: Id, value: boolean() });
export type SetEnabledRequest = Infer<typeof SetEnabledRequest>;
/** POST …/changeorder: one step up (towards Order 1) or down, swapping with the neighbour. */
export const ChangeOrderRequest = object({ id: Id, moveUp: boolean() });
export type ChangeOrderRequest = Infer<typeof ChangeOrderRequest>;
/** POST …/moveOrderToIndex: to the 0-based place `index` of the list in Order. */
export const MoveOrderToIndexRequest = object({ id: Id, index: min(integer(), 0) });
export type MoveOrderToIndexRequest = Infer<typeof MoveOrderToIndexRequest>;

/** The three lists, by the name their paths and texts use. */
export type ReferenceListKind = 'countries' | 'currencies' | 'topics';

/** The refusals and field messages of each list (shown to the host as they are). */
export const referenceListTexts = {
  nameRequired: 'Please enter a name',
  countryCodeInvalid: 'Please enter a two-letter ISO 3166-1 code (e.g. GB)',
  callingCodeInvalid: 'Please enter the calling code: 1 to 4 digits, without +',
  currencyCodeInvalid: 'Please enter a three-letter ISO 4217 code (e.g. GBP)',
  symbolTooLong: `The symbol may have at most ${SYMBOL_MAX} characters`,
  indexOutOfRange: (size: number) =>
    `The new place must be between 1 and ${size}; reload the list and try again.`,
  alreadyFirst: 'It is already first.',
  alreadyLast: 'It is already last.',
  countries: {
    notFound: 'Country not found; reload the list.',
    nameTaken: (name: string) => `A country named '${name}' already exists.`,
    codeTaken: (code: string) => `A country with the code ${code} already exists.`,
    defaultCountry: (code: string) =>
      `${code} is the default phone country: it cannot be disabled, deleted or given another code.`,
    lastEnabled: 'At least one country must stay enabled.',
  },
  currencies: {
    notFound: 'Currency not found; reload the list.',
    nameTaken: (name: string) => `A currency named '${name}' already exists.`,
    codeTaken: (code: string) => `A currency with the code ${code} already exists.`,
    lastEnabled: 'At least one currency must stay enabled.',
  },
  topics: {
    notFound: 'Topic not found; reload the list.',
    nameTaken: (name: string) => `A topic named '${name}' already exists.`,
    minimumEnabled: `At least ${MINIMUM_TOPICS} topics must stay enabled: onboarding asks for ${MINIMUM_TOPICS}.`,
  },
} as const;
