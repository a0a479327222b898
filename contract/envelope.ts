import { array, enums, object, string, unknown, type Infer } from 'superstruct';
import { ResponseStatus } from './enums';

/** Every API response: `{ status, messages, data }` (spec §7.1). */
export const Envelope = object({
  status: enums(Object.values(ResponseStatus)),
  messages: array(string()),
  data: unknown(),
});
export type Envelope = Infer<typeof Envelope>;

export interface TypedEnvelope<T> {
  status: ResponseStatus;
  messages: string[];
  data: T;
}
