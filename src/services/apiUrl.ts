/**
 * URL rules of the transport (spec §6 last line, §7.1): where a call goes and whether it may
 * carry the bearer token.
 */

/** A query or form value; null, undefined and '' are "empty" and skipped. */
export type FieldValue = string | number | boolean | null | undefined;
/** A GET/DELETE payload: each value once, or a list sent as repeated keys. */
export type QueryPayload = Readonly<Record<string, FieldValue | readonly FieldValue[]>>;

export function isEmptyValue(value: FieldValue): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

/**
 * The configuration's apiBaseUrl (absolute, or relative such as '/api') as an absolute URL
 * whose path ends with '/', without query or fragment. Null when no base is configured yet.
 */
export function resolveApiBase(apiBaseUrl: string, origin: string | undefined): URL | null {
  if (apiBaseUrl.trim() === '') return null;
  const base = new URL(apiBaseUrl, origin);
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}

/**
 * Where a call goes: an absolute URL as is; a root-relative path ('/api/configuration')
 * against the origin; any other path ('auth/login') under the API base.
 */
export function resolveRequestUrl(path: string, base: URL | null, origin: string | undefined): URL {
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return new URL(path);
  if (path.startsWith('/')) {
    if (origin === undefined) throw new Error(`No origin to resolve "${path}" against`);
    return new URL(path, origin);
  }
  if (base === null) throw new Error(`The API base URL is not configured (request "${path}")`);
  return new URL(path, base);
}

/**
 * True when `url` is under the API base: same origin (scheme, host, port) and a path inside
 * the base path. Only such requests may carry the bearer token.
 */
export function isUnderApiBase(url: string | URL, base: URL | null): boolean {
  if (base === null) return false;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return target.origin === base.origin && target.pathname.startsWith(base.pathname);
}

/** Appends the payload to the URL's query string, skipping empty values. */
export function withQuery(url: URL, payload: QueryPayload | undefined): URL {
  const result = new URL(url);
  if (payload === undefined) return result;
  for (const [key, raw] of Object.entries(payload)) {
    const values: readonly FieldValue[] = Array.isArray(raw) ? raw : [raw as FieldValue];
    for (const value of values) {
      if (!isEmptyValue(value)) result.searchParams.append(key, String(value));
    }
  }
  return result;
}
