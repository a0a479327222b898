/** List requests and responses (spec §3) and the countries reference list (spec §7.2). */
import {
  array,
  boolean,
  integer,
  max,
  min,
  nullable,
  object,
  optional,
  size,
  string,
  type Describe,
  type Infer,
  type Struct,
} from 'superstruct';

export const LIST_PAGE_SIZE_MAX = 999;

/** spec §3 List request. */
export const ListRequest = object({
  sortBy: optional(size(string(), 0, 64)),
  sortByDescending: optional(boolean()),
  page: optional(min(integer(), 1)),
  pageSize: optional(max(min(integer(), 1), LIST_PAGE_SIZE_MAX)),
  searchString: optional(size(string(), 0, 256)),
  getTotalCount: optional(boolean()),
});
export type ListRequest = Infer<typeof ListRequest>;

/** spec §3 List response: list, totalCount (null when not requested). */
export function ListResponse<T>(item: Struct<T>) {
  return object({ list: array(item), totalCount: nullable(integer()) });
}
export interface ListResponse<T> {
  list: T[];
  totalCount: number | null;
}

/** The request every reference list uses: page 1, pageSize 999, by Name ascending, no count. */
export const REFERENCE_LIST_REQUEST: ListRequest = {
  page: 1,
  pageSize: LIST_PAGE_SIZE_MAX,
  sortBy: 'Name',
  sortByDescending: false,
  getTotalCount: false,
};

/** A country of the reference list: ISO 3166-1 alpha-2 code and its international calling code. */
export interface Country {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2, upper case ('GB'). */
  code: string;
  /** Digits only, without '+' ('44'). */
  callingCode: string;
  enabled: boolean;
  order: number;
}
export const Country: Describe<Country> = object({
  id: integer(),
  name: string(),
  code: size(string(), 2, 2),
  callingCode: size(string(), 1, 8),
  enabled: boolean(),
  order: integer(),
});
export const CountryList = ListResponse(Country);

/** The default phone country (spec §9). */
export const DEFAULT_PHONE_COUNTRY = 'GB';
