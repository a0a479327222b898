import type { FlowRules } from '../machines/flows';
import { flowRegistry } from './flowList';

export const REDACTED = '[redacted]';

/**
 * The query names whose values a request URL recorded by the session recording (production) never
 * shows: the API's GET calls carry emailed keys and codes in their query
 * (`userInvitations/getUserByInvitationKey?key=`). The session recording cannot learn secret
 * values as the development inspector does (src/app/secretRedactor.ts), so it goes by name.
 */
const URL_SECRET_NAMES = ['key', 'code', 'token', 'password', 'sessionId'];

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

/** The first secret route a path's segments match (its params are any segment), if any. */
function secretRouteOf(actual: readonly string[]): SecretRoute | undefined {
  return SECRET_ROUTES.find(
    (route) =>
      actual.length >= route.segments.length &&
      route.segments.every(
        (segment, index) =>
          segment.startsWith(':') || segment.toLowerCase() === actual[index]?.toLowerCase(),
      ),
  );
}

function redactPath(text: string): string {
  if (!text.startsWith('/')) return text;
  const end = text.search(/[?#]/);
  const path = end < 0 ? text : text.slice(0, end);
  const actual = path.split('/');
  const route = secretRouteOf(actual);
  if (route) {
    const redacted = actual.map((segment, index) =>
      route.secret[index] && segment !== '' ? REDACTED : segment,
    );
    return redacted.join('/') + text.slice(path.length);
  }
  return text;
}

/**
 * The names whose values are redacted in the query of a full URL (a page's or a request's): the
 * flows' `secretQuery` and {@link URL_SECRET_NAMES}.
 */
const URL_SECRET_QUERY = new Set(
  [...SECRET_QUERY, ...URL_SECRET_NAMES].map((name) => name.toLowerCase()),
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

/**
 * The values of the flows' URL secrets in a path or search (`/invitation/<key>`,
 * `?session_id=<id>`), decoded: what the development inspector learns as secrets. Pure.
 */
export function urlSecretValues(text: string): string[] {
  const values: string[] = [];
  const add = (value: string) => {
    if (value === '' || value === REDACTED) return;
    values.push(value);
    try {
      const decoded = decodeURIComponent(value);
      if (decoded !== value) values.push(decoded);
    } catch {
      // A malformed escape: the value as it is.
    }
  };
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(text)?.[0] ?? '';
  const rest = text.slice(origin.length);
  if (rest.startsWith('/')) {
    const end = rest.search(/[?#]/);
    const actual = (end < 0 ? rest : rest.slice(0, end)).split('/');
    const route = secretRouteOf(actual);
    if (route) {
      route.secret.forEach((secret, index) => {
        if (secret) add(actual[index] ?? '');
      });
    }
  }
  if (SECRET_QUERY_PATTERN && (rest.startsWith('/') || rest.startsWith('?'))) {
    for (const match of rest.matchAll(SECRET_QUERY_PATTERN)) {
      add(match[0].slice(match[1]?.length ?? 0));
    }
  }
  return values;
}

/**
 * A path or search with the flows' URL secrets (secret route params, secret query params)
 * replaced by '[redacted]'; any other text as it is. Pure.
 */
export const redactSecretPath = (text: string): string => redactText(text);
