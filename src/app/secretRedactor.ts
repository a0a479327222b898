import { is } from 'superstruct';
import type { InspectionEvent } from 'xstate';
import { secretStructs, type SecretStruct } from '../../contract/secrets';
import { actorSecrets, type ActorSecrets } from './actorSecrets';
import { REDACTED, redactSecretPath, urlSecretValues } from './redact';

/**
 * What the Stately inspector receives, with every secret hidden (issue 33, deliverable 5;
 * architecture.md "The inspector"). Development and test builds only: nothing in the production
 * bundle imports this module.
 *
 * Redaction goes by what a value IS, not by the name it happens to sit under:
 * - the contract declares which fields of its structs are secrets (contract/secrets.ts): an
 *   object that validates against such a struct gives up the values of those fields;
 * - the flows' actors declare the secrets they hold before a call carries them
 *   (src/app/actorSecrets.ts: a typed password, a typed code, a captcha token);
 * - the flows' URL secrets (`secretParams`, `secretQuery`) give up their values in any path;
 * - the inspector (src/app/inspector.ts) also shows it the API's requests and answers.
 * Every value learned so is then replaced by '[redacted]' wherever it appears — under any key,
 * inside a URL, a header or a message — and the declared places are redacted even when their
 * value is too short to be searched for.
 */

/** Shorter secrets are redacted at their declared places only (searching them would hide noise). */
export const MIN_SEARCHED_SECRET = 4;
const DEPTH_LIMIT = 10;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values at `path` ('a.b'; '' is the value itself; arrays are entered on the way). */
function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const key of path === '' ? [] : path.split('.')) {
    const next: unknown[] = [];
    for (const item of current) {
      for (const entry of Array.isArray(item) ? item : [item]) {
        if (isRecord(entry) && key in entry) next.push(entry[key]);
      }
    }
    current = next;
  }
  return current;
}

/** Replaces what sits at `path` in a plain copy with '[redacted]' (null and undefined stay). */
function redactAt(copy: unknown, path: string): unknown {
  if (path === '') return copy === null || copy === undefined ? copy : REDACTED;
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const entries = Array.isArray(copy) ? copy : [copy];
  for (const entry of entries) {
    if (isRecord(entry) && key in entry) entry[key] = redactAt(entry[key], rest.join('.'));
  }
  return copy;
}

/** The string leaves of a value (an object declared secret as a whole gives up all of them). */
function stringsIn(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth > DEPTH_LIMIT || value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap((item) => stringsIn(item, depth + 1));
}

export interface SecretDeclarations {
  structs: readonly SecretStruct[];
  actors: Readonly<Record<string, ActorSecrets>>;
}

export interface SecretRedactor {
  /** Learns the secrets in a value: declared struct fields, URL secrets, at any depth. */
  learn(value: unknown): void;
  /** Learns the values at these paths of a value (declared secrets). */
  learnAt(value: unknown, paths: Iterable<string>): void;
  /** Learns the secrets of an inspection event as it happens (before the inspector sends it). */
  observe(event: InspectionEvent): void;
  /** A plain, cycle-free, depth-limited copy of `value` with every known secret redacted. */
  redact(value: unknown): unknown;
  /** What the inspector sends (a Stately inspection event), redacted, with its actor's rules. */
  redactInspectionEvent(event: unknown): unknown;
  /** Whether a value has been learned as a secret (tests). */
  knows(value: string): boolean;
}

/** The actor a declaration is keyed by: its machine's id, or its name in the parent's setup. */
function declarationKey(actorRef: {
  id: string;
  src?: unknown;
  logic?: unknown;
}): string | undefined {
  const config = (actorRef.logic as { config?: { id?: unknown } } | undefined)?.config;
  if (typeof config?.id === 'string') return config.id;
  return typeof actorRef.src === 'string' ? actorRef.src : actorRef.id;
}

export function createSecretRedactor(
  declarations: SecretDeclarations = { structs: secretStructs, actors: actorSecrets },
): SecretRedactor {
  const known = new Set<string>();
  let pattern: RegExp | null = null;
  let patternSize = -1;
  /** The declaration key of every actor seen, by session id (the inspector's events carry it). */
  const keyBySession = new Map<string, string>();
  /** The actors announced and not yet sent, by session id (their systemId is read at sending). */
  const actors = new Map<string, { systemId?: unknown }>();
  /** The declared structs by each of their secret fields' first key: only those are tried. */
  const structsByKey = new Map<string, SecretStruct[]>();
  for (const declared of declarations.structs) {
    for (const key of new Set(Object.keys(declared.fields).map((path) => path.split('.')[0]))) {
      if (key === undefined) continue;
      structsByKey.set(key, [...(structsByKey.get(key) ?? []), declared]);
    }
  }

  const remember = (value: string) => {
    if (value === REDACTED || value.length < MIN_SEARCHED_SECRET) return;
    known.add(value);
    const encoded = encodeURIComponent(value);
    if (encoded !== value) known.add(encoded);
  };

  const learnAt = (value: unknown, paths: Iterable<string>) => {
    for (const path of paths) {
      for (const found of valuesAt(value, path)) stringsIn(found).forEach(remember);
    }
  };

  /** The declared structs `value` is, by validation against the contract's struct. */
  const structsOf = (value: Record<string, unknown>): SecretStruct[] => {
    const candidates = new Set<SecretStruct>();
    for (const key of Object.keys(value)) {
      for (const declared of structsByKey.get(key) ?? []) candidates.add(declared);
    }
    return [...candidates].filter((declared) => is(value, declared.struct));
  };

  const learn = (value: unknown) => {
    const seen = new WeakSet<object>();
    const walk = (item: unknown, depth: number) => {
      if (typeof item === 'string') {
        urlSecretValues(item).forEach(remember);
        return;
      }
      if (item === null || typeof item !== 'object' || depth > DEPTH_LIMIT || seen.has(item)) {
        return;
      }
      seen.add(item);
      if (Array.isArray(item)) {
        item.forEach((entry) => walk(entry, depth + 1));
        return;
      }
      if (!isRecord(item)) return;
      const proto: unknown = Object.getPrototypeOf(item);
      if (proto !== Object.prototype && proto !== null) return;
      for (const declared of structsOf(item)) learnAt(item, Object.keys(declared.fields));
      for (const entry of Object.values(item)) walk(entry, depth + 1);
    };
    walk(value, 0);
  };

  const currentPattern = (): RegExp | null => {
    if (patternSize !== known.size) {
      patternSize = known.size;
      // A secret of digits only (a verification code) is not searched inside longer numbers.
      const values = [...known]
        .sort((a, b) => b.length - a.length)
        .map((value) => (/^\d+$/.test(value) ? `(?<!\\d)${value}(?!\\d)` : escapeRegExp(value)));
      pattern = values.length === 0 ? null : new RegExp(values.join('|'), 'g');
    }
    return pattern;
  };

  const redactString = (text: string): string => {
    const found = currentPattern();
    const replaced = found ? text.replace(found, REDACTED) : text;
    return redactSecretPath(replaced);
  };

  /** A JSON-like plain copy (toJSON honoured, functions dropped) with secrets redacted. */
  const redact = (value: unknown): unknown => {
    learn(value);
    const seen = new WeakSet<object>();
    const plain = (item: unknown, depth: number): unknown => {
      if (typeof item === 'string') return redactString(item);
      if (item === null || typeof item !== 'object') {
        return typeof item === 'function' || typeof item === 'symbol' ? undefined : item;
      }
      if (depth > DEPTH_LIMIT) return '[…]';
      if (seen.has(item)) return '[Circular]';
      seen.add(item);
      try {
        if (Array.isArray(item)) return item.map((entry) => plain(entry, depth + 1) ?? null);
        if (item instanceof Error) {
          return { name: item.name, message: redactString(item.message) };
        }
        const toJSON = (item as { toJSON?: unknown }).toJSON;
        if (typeof toJSON === 'function') {
          const json: unknown = toJSON.call(item);
          if (json !== item) return plain(json, depth);
        }
        const copy: Record<string, unknown> = {};
        for (const [key, entry] of Object.entries(item)) {
          const converted = plain(entry, depth + 1);
          if (converted !== undefined) copy[key] = converted;
        }
        // Declared fields are redacted where they are, however short their value.
        if (isRecord(item) && Object.getPrototypeOf(item) === Object.prototype) {
          for (const declared of structsOf(item)) {
            for (const path of Object.keys(declared.fields)) redactAt(copy, path);
          }
        }
        return copy;
      } finally {
        seen.delete(item);
      }
    };
    return plain(value, 0);
  };

  const declarationOf = (sessionId: unknown): ActorSecrets | undefined => {
    const key = typeof sessionId === 'string' ? keyBySession.get(sessionId) : undefined;
    return key === undefined ? undefined : declarations.actors[key];
  };

  /** The declared places of an actor's secrets in an inspection event (paths in the event). */
  const placesIn = (event: Record<string, unknown>): string[] => {
    const places: string[] = [];
    const own = declarationOf(event.sessionId);
    const type = event.type;
    if (type === '@xstate.actor' || type === '@xstate.snapshot') {
      for (const path of Object.keys(own?.context ?? {}))
        places.push(join('snapshot.context', path));
      for (const path of Object.keys(own?.input ?? {})) places.push(join('snapshot.input', path));
      for (const path of Object.keys(own?.output ?? {})) places.push(join('snapshot.output', path));
    }
    if (type === '@xstate.event' || type === '@xstate.snapshot') {
      const received = event.event;
      const eventType = isRecord(received) ? received.type : undefined;
      if (typeof eventType === 'string') {
        for (const path of Object.keys(own?.events?.[eventType] ?? {})) {
          places.push(join('event', path));
        }
        // A child's output reaches its parent as `xstate.done.actor.<id>`.
        if (eventType.startsWith('xstate.done.actor.')) {
          const child = declarationOf(event.sourceId) ?? childDeclaration(eventType);
          for (const path of Object.keys(child?.output ?? {})) {
            places.push(join('event.output', path));
          }
        }
      }
    }
    return places;
  };

  /** Done events name their actor by id; the declaration of the actor of that id, if any. */
  const idKeys = new Map<string, string>();
  const childDeclaration = (eventType: string): ActorSecrets | undefined => {
    const key = idKeys.get(eventType.slice('xstate.done.actor.'.length));
    return key === undefined ? undefined : declarations.actors[key];
  };

  const observe = (event: InspectionEvent) => {
    const actorRef = event.actorRef as unknown as {
      id: string;
      sessionId: string;
      src?: unknown;
      logic?: unknown;
      systemId?: unknown;
    };
    // (An actor is announced before its systemId is set: it is read when the event is sent.)
    if (event.type === '@xstate.actor') actors.set(actorRef.sessionId, actorRef);
    const key = declarationKey(actorRef);
    if (key !== undefined && declarations.actors[key]) {
      keyBySession.set(actorRef.sessionId, key);
      idKeys.set(actorRef.id, key);
    }
    const own = key === undefined ? undefined : declarations.actors[key];
    if (event.type === '@xstate.event') {
      const received = event.event as Record<string, unknown>;
      learnAt(received, Object.keys(own?.events?.[received.type as string] ?? {}));
      const source = event.sourceRef as typeof actorRef | undefined;
      const sourceKey = source ? declarationKey(source) : undefined;
      const child = sourceKey === undefined ? undefined : declarations.actors[sourceKey];
      if (received.type === `xstate.done.actor.${source?.id ?? ''}`) {
        learnAt(received.output, Object.keys(child?.output ?? {}));
      }
      learn(received);
    }
    if (event.type === '@xstate.snapshot') {
      // (An actor's first snapshot cannot be read while it is created: its input and context
      // are read from its snapshots, and its declared places at sending.)
      const snapshot = event.snapshot as unknown as Record<string, unknown>;
      if (own) {
        learnAt(snapshot.context, Object.keys(own.context ?? {}));
        learnAt(snapshot.input, Object.keys(own.input ?? {}));
        learnAt(snapshot.output, Object.keys(own.output ?? {}));
      }
      learn(snapshot.context);
    }
  };

  const redactInspectionEvent = (event: unknown): unknown => {
    if (!isRecord(event)) return redact(event);
    const places = placesIn(event);
    for (const path of places) learnAt(event, [path]);
    const copy = redact(event);
    for (const path of places) redactAt(copy, path);
    // The actor's systemId (the name the app gives it in the system: 'app', 'session', a flow's
    // actors), which the Stately inspector's own events leave out.
    if (event.type === '@xstate.actor' && typeof event.sessionId === 'string') {
      const systemId = actors.get(event.sessionId)?.systemId;
      actors.delete(event.sessionId);
      if (typeof systemId === 'string' && isRecord(copy)) copy.systemId = systemId;
    }
    return copy;
  };

  return {
    learn,
    learnAt,
    observe,
    redact,
    redactInspectionEvent,
    knows: (value) => known.has(value),
  };
}

const join = (base: string, path: string) => (path === '' ? base : `${base}.${path}`);
