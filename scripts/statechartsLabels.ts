/**
 * The words of the exported diagrams (architecture.md §8): every arrow is labelled for a product
 * owner — the transition's description (the spec's words) when it is short, otherwise a short
 * readable form of its event (`xstate.done.actor.restoreSession` → "restore session done",
 * `xstate.after.searchDebounce…` → "after search debounce (400 ms)", eventless → "immediately"),
 * with its guard in words. No arrow shows an `xstate.` name (checked by `npm run
 * statecharts:check`). The full description stays in the tables beneath the diagram.
 */

/** The longest arrow label drawn; a longer description is shown in the table only. */
export const MAX_ARROW_LABEL = 48;

/** `restoreSession` → "restore session"; `session.stopImpersonating` → "session stop impersonating". */
export function words(name: string): string {
  return name
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A delay's duration in words: 400 → "400 ms", 60000 → "1 min", 2000 → "2 s". */
export function duration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** The delay's value in words, or undefined when it is computed when the state is entered. */
export function delayValue(delays: Record<string, unknown>, name: string): string | undefined {
  const value = delays[name];
  if (typeof value === 'number') return duration(value);
  const numeric = Number(name);
  if (value === undefined && Number.isFinite(numeric)) return duration(numeric);
  return undefined;
}

/**
 * An event in words. Built-in events become what happened: an invoked actor's done event
 * "… done", its error "… failed", a delayed one "after <delay> (<duration>)", a compound
 * state's completion "… finished", a child's snapshot "… changed", eventless "immediately".
 */
export function eventWords(eventType: string, delays: Record<string, unknown> = {}): string {
  if (eventType === '') return 'immediately';
  if (eventType === '*') return 'any other event';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) {
    const [, kind = '', src = ''] = actor;
    return `${src === '*' ? 'a flow' : words(src)} ${kind === 'done' ? 'done' : 'failed'}`;
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) {
    const [, delay = ''] = after;
    const value = delayValue(delays, delay);
    if (Number.isFinite(Number(delay))) return `after ${value}`;
    return value ? `after ${words(delay)} (${value})` : `after ${words(delay)}`;
  }
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (doneState) return `${words((doneState[1] ?? '').split('.').pop() ?? '')} finished`;
  const snapshot = /^xstate\.snapshot\.(.+)$/.exec(eventType);
  if (snapshot) return `${words(snapshot[1] ?? '')} changed`;
  if (eventType.startsWith('xstate.')) return words(eventType.slice('xstate.'.length));
  return words(eventType);
}

interface GuardLike {
  type?: unknown;
  name?: string;
  guards?: unknown[];
  stateValue?: unknown;
  params?: unknown;
}

/** A guard in words: `isOtherOrganisation` → "is other organisation", `not(x)` → "not x". */
export function guardWords(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return words(guard);
  if (typeof guard === 'function' || typeof guard === 'object') {
    const g = guard as GuardLike;
    if (g.stateValue !== undefined) return `in ${words(JSON.stringify(g.stateValue))}`;
    if (Array.isArray(g.guards)) {
      const parts = g.guards.map(guardWords);
      const op = typeof g.name === 'string' ? g.name : '';
      if (op === 'not' || op.endsWith('not')) return `not ${parts.join(', ')}`;
      if (op === 'or' || op.endsWith('or')) return parts.join(' or ');
      return parts.join(' and ');
    }
    if (typeof g.type === 'string') return words(g.type.replace(/^xstate\./, ''));
    if (typeof guard === 'function' && g.name) return words(g.name);
  }
  return 'a condition';
}

/** "Spec §4 Session: …" → "§4 Session"; the first spec reference in a text, if any. */
export function specSection(text: string | undefined): string | undefined {
  const match =
    /Spec (§[0-9]+(?:\.[0-9]+)*)(?!\.?[0-9])(?: ([A-Za-z][^:;.()]*?))?(?=[:;.()]|$)/.exec(
      text ?? '',
    );
  if (!match) return undefined;
  const [, section = '', name] = match;
  return name ? `${section} ${name.trim()}` : section;
}

/**
 * The head of a description, as a diagram label: the spec reference and parenthetical asides
 * dropped, cut at the first ':', ';' or sentence end. Undefined when it is too long or says
 * nothing on its own (only a quoted message or "the server's messages").
 */
export function shortDescription(description: string | undefined): string | undefined {
  if (!description) return undefined;
  let text = description
    .replace(/^Spec §[0-9.]+[^:]*:\s*/, '')
    .replace(/\s*\([^)]*\)/g, '')
    .trim();
  text = (/^(.*?)(?:[:;]\s|\.(?:\s|$)|$)/.exec(text)?.[1] ?? text).trim();
  if (text.length < 4 || text.length > MAX_ARROW_LABEL) return undefined;
  if (/^['"‘“]/.test(text) || /^(the server's messages|error|warning)$/i.test(text)) {
    return undefined;
  }
  return text;
}

export interface TransitionWords {
  /** What triggers it, in words ("restore session done", "after search debounce (400 ms)"). */
  when: string;
  /** The guard in words, or ''. */
  guard: string;
  /** The arrow's label: the short description, or the trigger, with the guard in brackets. */
  arrow: string;
}

/** The words of one transition: its trigger, its guard and its arrow label. */
export function transitionWords(
  transition: { eventType: string; guard?: unknown; description?: string },
  delays: Record<string, unknown> = {},
): TransitionWords {
  const when = eventWords(transition.eventType, delays);
  const guard = guardWords(transition.guard);
  // A delayed transition says when it fires (the delay and its duration) rather than why.
  const delayed = transition.eventType.startsWith('xstate.after.');
  const head = (delayed ? undefined : shortDescription(transition.description)) ?? when;
  const withGuard = guard ? `${head} [${guard}]` : head;
  const arrow = withGuard.length <= MAX_ARROW_LABEL + 12 || !guard ? withGuard : head;
  return { when, guard, arrow };
}

/** The labels among `labels` that show an internal `xstate.` name (none may). */
export function internalNames(labels: readonly string[]): string[] {
  return labels.filter((l) => /xstate\./i.test(l));
}
