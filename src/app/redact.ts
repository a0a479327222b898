import type { FlowRules } from '../machines/flows';
import { flowRegistry } from './flowList';

export const REDACTED = '[redacted]';

/** Keys whose values never leave the app (the Stately inspector receives a copy without them). */
const SECRET_KEYS = new Set([
  'jwtToken',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'refreshToken',
  'token',
  'authCodeResponse',
  'reCaptchaToken',
  // Single-use secrets of the emailed links and the verification mail: whoever holds a
  // password-reset key can set the account's password.
  'key',
  'code',
  // A checkout session's id (the return from checkout): whoever holds it may confirm it.
  'sessionId',
]);

/** A route whose segments carry secret params: its segments, and which of them are secret. */
interface SecretRoute {
  segments: string[];
  secret: boolean[];
}

/**
 * The routes whose params are secrets (the flows' `secretParams`: the emailed keys of reset,
 * activation, email confirmation), derived from the flow registry.
 */
export function secretRoutes(flows: readonly FlowRules[]): SecretRoute[] {
  return flows.flatMap((flow) =>
    flow.routes
      .map((route) => {
        const segments = route.path.split('/');
        const secret = segments.map(
          (segment) =>
            segment.startsWith(':') && (flow.secretParams ?? []).includes(segment.slice(1)),
        );
        return { segments, secret };
      })
      .filter((route) => route.secret.some(Boolean)),
  );
}

const SECRET_ROUTES = secretRoutes(flowRegistry);

/** The query params that are secrets (the flows' `secretQuery`: a checkout session's id). */
export const secretQueryParams = (flows: readonly FlowRules[]): string[] => [
  ...new Set(flows.flatMap((flow) => flow.secretQuery ?? [])),
];

const SECRET_QUERY = secretQueryParams(flowRegistry);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `name=value` of a secret query param, after `?` or `&`. */
const SECRET_QUERY_PATTERN =
  SECRET_QUERY.length === 0
    ? null
    : new RegExp(`([?&](?:${SECRET_QUERY.map(escapeRegExp).join('|')})=)[^&#]*`, 'g');

/** A path or search with the values of secret query params replaced by '[redacted]'. */
function redactQuery(text: string): string {
  if (!SECRET_QUERY_PATTERN || !(text.startsWith('/') || text.startsWith('?'))) return text;
  return text.replace(SECRET_QUERY_PATTERN, (_, name: string) => `${name}${REDACTED}`);
}

/**
 * A path with the secret segments of a secret route replaced by '[redacted]', and the values of
 * secret query params too; other text as it is.
 */
function redactText(text: string): string {
  return redactPath(redactQuery(text));
}

function redactPath(text: string): string {
  if (!text.startsWith('/')) return text;
  const end = text.search(/[?#]/);
  const path = end < 0 ? text : text.slice(0, end);
  const actual = path.split('/');
  for (const route of SECRET_ROUTES) {
    if (actual.length < route.segments.length) continue;
    const matches = route.segments.every(
      (segment, index) =>
        segment.startsWith(':') || segment.toLowerCase() === actual[index]?.toLowerCase(),
    );
    if (!matches) continue;
    const redacted = actual.map((segment, index) =>
      route.secret[index] && segment !== '' ? REDACTED : segment,
    );
    return redacted.join('/') + text.slice(path.length);
  }
  return text;
}

/**
 * The names whose values are redacted in the query of a full URL (a page's or a request's): the
 * flows' `secretQuery` and the secret keys (e.g. `userInvitations/getUserByInvitationKey?key=`).
 */
const URL_SECRET_QUERY = new Set(
  [...SECRET_QUERY, ...SECRET_KEYS].map((name) => name.toLowerCase()),
);

/** `name=value` pairs of a query or fragment, with the values of secret names redacted. */
function redactPairs(text: string): string {
  return text.replace(/([?#&;])([^=&#;]*)=([^&#;]*)/g, (pair, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: compare the name as it is.
    }
    return URL_SECRET_QUERY.has(decoded.trim().toLowerCase())
      ? `${separator}${name}=${REDACTED}`
      : pair;
  });
}

/**
 * A URL (absolute, or a path) with the secret path segments of the secret routes and the values
 * of secret query (and fragment) params replaced by '[redacted]'; for what leaves the browser
 * (the session recording's page and request URLs). Pure.
 */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const end = rest.search(/[?#]/);
  const path = end < 0 ? rest : rest.slice(0, end);
  const tail = end < 0 ? '' : rest.slice(end);
  const redactedPath = path.startsWith('/') ? redactPath(path) : redactPath(`/${path}`).slice(1);
  return origin + redactedPath + redactPairs(tail);
}

/** A deep copy of `value` with every secret replaced by '[redacted]'. Pure. */
export function redactSecrets<T>(value: T, seen = new WeakMap<object, unknown>()): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value) as T;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(redactSecrets(item, seen));
    return copy as T;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    // Actor refs, errors, dates and the like: keep as they are (they carry no secrets of ours).
    return value;
  }
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, item] of Object.entries(value)) {
    copy[key] =
      SECRET_KEYS.has(key) && item !== null && item !== undefined
        ? REDACTED
        : redactSecrets(item, seen);
  }
  return copy as T;
}

const DEPTH_LIMIT = 10;

/**
 * What the Stately inspector receives: a plain, cycle-free copy (functions dropped, depth
 * limited) with every secret redacted — including the input and output of invoked actors that
 * the inspector forwards with their snapshots (e.g. the login call's password, a token).
 */
export function toInspectable(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const plain = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return redactText(item);
    if (item === null || typeof item !== 'object') {
      return typeof item === 'function' || typeof item === 'symbol' ? undefined : item;
    }
    if (depth > DEPTH_LIMIT) return '[…]';
    if (seen.has(item)) return '[Circular]';
    seen.add(item);
    try {
      if (Array.isArray(item)) return item.map((entry) => plain(entry, depth + 1) ?? null);
      if (item instanceof Date) return item.toISOString();
      if (item instanceof Error) return { name: item.name, message: item.message };
      const copy: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(item)) {
        const converted =
          SECRET_KEYS.has(key) && entry !== null && entry !== undefined
            ? REDACTED
            : plain(entry, depth + 1);
        if (converted !== undefined) copy[key] = converted;
      }
      return copy;
    } finally {
      seen.delete(item);
    }
  };
  return plain(value, 0);
}
