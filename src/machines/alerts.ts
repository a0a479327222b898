import { titledFailure } from './errorMessages';

/**
 * An alert a screen's machine shows: its `kind` (what the view and the tests tell it by, never the
 * title), its level, a title (null for none) and its messages. Pure; no I/O.
 */
export interface MachineAlert<
  Kind extends string,
  Level extends 'success' | 'danger' = 'success' | 'danger',
> {
  kind: Kind;
  level: Level;
  title: string | null;
  messages: string[];
}

/**
 * A failed call's alert: danger, the spec's text as the title above the server's messages when the
 * server gave some, else the spec's text alone (titledFailure).
 */
export function failureAlert<Kind extends string>(
  kind: Kind,
  error: unknown,
  text: string,
): MachineAlert<Kind, 'danger'> {
  return { kind, level: 'danger', ...titledFailure(error, text) };
}

/** An alert of one message: its kind, level, title (null for none) and the spec's text. */
export function textAlert<Kind extends string, Level extends 'success' | 'danger'>(
  kind: Kind,
  level: Level,
  title: string | null,
  text: string,
): MachineAlert<Kind, Level> {
  return { kind, level, title, messages: [text] };
}
