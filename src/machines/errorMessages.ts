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

/** ', please try again.' or '. Please try again.' at the end of a failure's text. */
const RETRY_ADVICE = /[,.]\s*please try again\.?$/i;

/**
 * The failure's text as a title above the server's own messages: without its advice to try
 * again. The server said why it refused (a name already taken, a rule broken): sending the same
 * again would be refused again, so the title only says what did not happen (issue 34: 'please
 * try again' above 'A country named … already exists.').
 */
export function failureTitle(text: string): string {
  return text.replace(RETRY_ADVICE, '');
}

/**
 * A failure's alert: titled with the call's text above the server's messages when the server
 * gave some (without advice to try again, failureTitle), else the text alone (never the same
 * words twice).
 */
export function titledFailure(
  error: unknown,
  text: string,
): { title: string | null; messages: string[] } {
  const messages = messagesFrom(error, text);
  return messages.length === 1 && messages[0] === text
    ? { title: null, messages }
    : { title: failureTitle(text), messages };
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
