import { ResponseStatus } from '../../contract/enums';
import type { TypedEnvelope } from '../../contract/envelope';

export function envelope<T>(
  status: ResponseStatus,
  data: T,
  messages: string[] = [],
): TypedEnvelope<T> {
  return { status, messages, data };
}

export const ok = <T>(data: T, messages: string[] = []) =>
  envelope(ResponseStatus.Ok, data, messages);

export const failure = (status: ResponseStatus, messages: string[]) =>
  envelope(status, null, messages);
