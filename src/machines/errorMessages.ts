/**
 * Error texts a machine shows: the server's messages when the failure carries them,
 * otherwise the spec's default text for that call. Pure; no I/O.
 */
export function messagesFrom(error: unknown, fallback: string): string[] {
  if (typeof error === 'object' && error !== null && 'messages' in error) {
    // A failure that says its messages are not the server's carries a generic text:
    // the call's own text is more helpful then.
    if ('fromServer' in error && (error as { fromServer: unknown }).fromServer === false) {
      return [fallback];
    }
    const { messages } = error as { messages: unknown };
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
      if (texts.length > 0) return texts;
    }
  }
  return [fallback];
}

/**
 * A failure's alert: titled with the spec's text above the server's messages when the server
 * gave some, else the spec's text alone (never the same words twice).
 */
export function titledFailure(
  error: unknown,
  text: string,
): { title: string | null; messages: string[] } {
  const messages = messagesFrom(error, text);
  return messages.length === 1 && messages[0] === text
    ? { title: null, messages }
    : { title: text, messages };
}

/**
 * How a call failed, as its error tells (a failed call's ApiError: its kind, and whether its
 * messages are the server's): refused with the server's own messages ('server'); an answer that
 * refused without messages of its own ('refused'); no answer, or none that could be read
 * ('noAnswer'); anything else ('unknown'). A plain `{ messages }` counts as the server's.
 */
export type FailureKind = 'server' | 'refused' | 'noAnswer' | 'unknown';
export function failureKindOf(error: unknown): FailureKind {
  if (typeof error !== 'object' || error === null) return 'unknown';
  const { kind, fromServer } = error as { kind?: unknown; fromServer?: unknown };
  if (kind === 'network' || kind === 'invalid-response') return 'noAnswer';
  if ((kind === 'http' || kind === 'status') && fromServer === false) return 'refused';
  const fallback = '';
  return messagesFrom(error, fallback)[0] === fallback ? 'unknown' : 'server';
}
