import { object } from 'superstruct';

/** The payload of a call that takes none: no body, or an empty object. */
export const EmptyRequest = object({});
