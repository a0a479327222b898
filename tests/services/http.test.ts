/**
 * The transport rules of spec §7.1 against real local HTTP servers: the API server, and a second
 * server standing for any other origin.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTimeout as realSleep } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';
import { array, number, object, string } from 'superstruct';
import { ResponseStatus } from '../../contract/enums';
import {
  ApiError,
  GENERIC_ERROR_TEXT,
  UNKNOWN_ERROR_TEXT,
  dataOrThrow,
} from '../../src/services/apiResponse';
import { createHttp, type HttpClient, type HttpOptions } from '../../src/services/http';
import { createRateLimitWaits } from '../../src/services/rateLimitWaits';
import { createReloadFlag, type ReloadFlag } from '../../src/services/version';
import {
  envelope,
  sendJson,
  startServer,
  until,
  useTestServer,
  type RecordedRequest,
} from './helpers/testServer';

const Item = object({ id: number(), name: string() });
const Echo = object({ ok: number() });

const api = useTestServer();
const other = useTestServer();
let token: string | null;
let flag: ReloadFlag;
/** The credentials mode of each Request handed to fetch, in order. */
let credentialsSeen: RequestCredentials[];

function makeClient(overrides: Partial<HttpOptions> = {}): HttpClient {
  return createHttp({
    getApiBaseUrl: () => `${api.origin}/api`,
    getToken: () => token,
    versionFlag: flag,
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      credentialsSeen.push(request.credentials);
      return globalThis.fetch(request);
    },
    ...overrides,
  });
}

function authorizationOf(request: RecordedRequest | undefined): string | undefined {
  return request?.headers.authorization;
}

function bodyOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(request?.body.toString('utf8') ?? 'null') as unknown;
}

/**
 * Fakes setTimeout (only: the sockets keep running) and tells when a timer of `ms` was started
 * by anything but Node's fetch (undici), so a test advances the simulated clock only once the
 * wait under test has begun. undici starts timers of its own through the same setTimeout: a
 * socket kept alive after the 429 gets one of the server's 5 s hint less 2 s, 3 s, which is
 * the very length of the default wait, and which comes first depends on the machine's load.
 */
function fakeTimers(): { started(ms: number): boolean } {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const fakeSetTimeout = globalThis.setTimeout;
  const started: number[] = [];
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    handler: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (!(new Error().stack ?? '').includes('undici')) started.push(ms ?? 0);
    return fakeSetTimeout(handler, ms, ...args);
  }) as typeof setTimeout);
  return { started: (ms) => started.includes(ms) };
}

beforeEach(() => {
  token = 'tok-123';
  flag = createReloadFlag();
  credentialsSeen = [];
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('bearer only for the API base, credentials included', () => {
  it('a call under the API base carries Bearer <token> and credentials: include', async () => {
    const http = makeClient();
    await http.get('auth/ping', Echo).catch(() => undefined);
    expect(api.calls()).toHaveLength(1);
    expect(api.calls()[0]?.url).toBe('/api/auth/ping');
    expect(authorizationOf(api.calls()[0])).toBe('Bearer tok-123');
    expect(credentialsSeen).toEqual(['include']);
  });

  it('a full URL to another origin never gets the token', async () => {
    const http = makeClient();
    other.handle((_r, res) => sendJson(res, 200, envelope({ ok: 1 })));
    const result = await http.post(`${other.origin}/api/auth/login`, Echo, { a: 1 });
    expect(result.data).toEqual({ ok: 1 });
    expect(other.calls()).toHaveLength(1);
    expect(authorizationOf(other.calls()[0])).toBeUndefined();
    expect(api.calls()).toHaveLength(0);
  });

  it('the same server under another host name (another origin) does not get the token', async () => {
    const http = makeClient();
    const port = new URL(api.origin).port;
    await http.get(`http://localhost:${port}/api/x`, Echo).catch(() => undefined);
    expect(api.calls()).toHaveLength(1);
    expect(authorizationOf(api.calls()[0])).toBeUndefined();
  });

  it('the API origin outside the base path does not get the token', async () => {
    const http = makeClient({ origin: api.origin });
    await http.get(`${api.origin}/apix/x`, Echo).catch(() => undefined);
    await http.get('auth/../../other', Echo).catch(() => undefined);
    await http.get('/elsewhere', Echo, undefined, {}).catch(() => undefined);
    expect(api.calls().map((r) => r.url)).toEqual(['/apix/x', '/other', '/elsewhere']);
    expect(api.calls().map(authorizationOf)).toEqual([undefined, undefined, undefined]);
  });

  it('a relative apiBaseUrl is resolved against the origin', async () => {
    const http = makeClient({ getApiBaseUrl: () => '/api', origin: api.origin });
    await http.get('users/get', Echo).catch(() => undefined);
    expect(api.calls()[0]?.url).toBe('/api/users/get');
    expect(authorizationOf(api.calls()[0])).toBe('Bearer tok-123');
    expect(http.url('auth/login')).toBe(`${api.origin}/api/auth/login`);
  });

  it('without a token there is no Authorization header', async () => {
    token = null;
    await makeClient()
      .get('auth/ping', Echo)
      .catch(() => undefined);
    expect(authorizationOf(api.calls()[0])).toBeUndefined();
  });

  it('the token is read at each call (a refreshed token is used by the next call)', async () => {
    const http = makeClient();
    await http.get('a', Echo).catch(() => undefined);
    token = 'tok-456';
    await http.get('b', Echo).catch(() => undefined);
    expect(api.calls().map(authorizationOf)).toEqual(['Bearer tok-123', 'Bearer tok-456']);
  });

  it('an anonymous call under the base has no token and credentials: omit', async () => {
    await makeClient()
      .get('x', Echo, undefined, { anonymous: true })
      .catch(() => undefined);
    expect(authorizationOf(api.calls()[0])).toBeUndefined();
    expect(credentialsSeen).toEqual(['omit']);
  });
});

describe('payload: query string for GET and DELETE, JSON body otherwise', () => {
  const payload = { a: 'x y', b: undefined, c: null, d: '', e: 0, f: false, g: ['1', '', '2'] };

  it.each(['get', 'delete'] as const)(
    '%s sends a query string without empty values and no body',
    async (method) => {
      await makeClient()
        [method]('items/list', Echo, payload)
        .catch(() => undefined);
      const request = api.calls()[0];
      expect(request?.method).toBe(method.toUpperCase());
      expect(request?.url).toBe('/api/items/list?a=x+y&e=0&f=false&g=1&g=2');
      expect(request?.body.length).toBe(0);
    },
  );

  it.each(['post', 'put'] as const)('%s sends the payload as a JSON body', async (method) => {
    const body = { name: 'Zoë', list: [1, 2], nested: { empty: '' }, nothing: null };
    await makeClient()
      [method]('items/update', Echo, body)
      .catch(() => undefined);
    const request = api.calls()[0];
    expect(request?.method).toBe(method.toUpperCase());
    expect(request?.url).toBe('/api/items/update');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(bodyOf(request)).toEqual(body);
  });

  it('a POST without payload sends an empty JSON object', async () => {
    await makeClient()
      .post('auth/revokeToken', Echo)
      .catch(() => undefined);
    expect(bodyOf(api.calls()[0])).toEqual({});
  });
});

describe('the envelope {status, messages, data}', () => {
  it('an Ok envelope gives the data validated with the struct', async () => {
    api.handle((_r, res) => sendJson(res, 200, envelope([{ id: 1, name: 'A' }], 1, ['done'])));
    const result = await makeClient().get('items', array(Item));
    expect(result).toEqual({
      status: ResponseStatus.Ok,
      messages: ['done'],
      data: [{ id: 1, name: 'A' }],
    });
    expect(dataOrThrow(result)).toEqual([{ id: 1, name: 'A' }]);
  });

  it('a 2xx Warning envelope is returned as is; dataOrThrow raises its messages', async () => {
    api.handle((_r, res) => sendJson(res, 200, envelope(null, 2, ['Check your inbox'])));
    const result = await makeClient().post('auth/requestPasswordReset', Item, { email: 'a@b.c' });
    expect(result).toEqual({
      status: ResponseStatus.Warning,
      messages: ['Check your inbox'],
      data: null,
    });
    const error = (() => {
      try {
        dataOrThrow(result);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'status',
      status: 2,
      messages: ['Check your inbox'],
      fromServer: true,
    });
  });

  it('a non-Ok envelope keeps data that passes the struct', async () => {
    api.handle((_r, res) => sendJson(res, 200, envelope({ id: 3, name: 'C' }, 3, ['nope'])));
    const result = await makeClient().get('items/get', Item);
    expect(result.data).toEqual({ id: 3, name: 'C' });
  });

  it('Ok data failing the struct is an invalid response with the generic text', async () => {
    api.handle((_r, res) => sendJson(res, 200, envelope({ id: 'one' })));
    await expect(makeClient().get('items/get', Item)).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'invalid-response',
      httpStatus: 200,
      messages: [GENERIC_ERROR_TEXT],
      fromServer: false,
    });
  });

  it('a 2xx body that is not an envelope is an invalid response', async () => {
    api.handle((_r, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    await expect(makeClient().get('items/get', Item)).rejects.toMatchObject({
      kind: 'invalid-response',
      messages: [GENERIC_ERROR_TEXT],
    });
    api.handle((_r, res) =>
      sendJson(res, 200, JSON.stringify({ status: 9, messages: [], data: null })),
    );
    await expect(makeClient().get('items/get', Item)).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('a non-2xx answer with an envelope throws ApiError with the server messages', async () => {
    api.handle((_r, res) =>
      sendJson(res, 400, envelope(null, 3, ['Email is required', 'Password is required'])),
    );
    const failure = await makeClient()
      .post('auth/login', Item, {})
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      kind: 'http',
      httpStatus: 400,
      status: ResponseStatus.Error,
      messages: ['Email is required', 'Password is required'],
      fromServer: true,
    });
  });

  it('a non-2xx answer without an envelope (or with no messages) gets the generic text', async () => {
    api.handle((_r, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    });
    await expect(makeClient().get('x', Item)).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 500,
      status: ResponseStatus.Unknown,
      messages: [GENERIC_ERROR_TEXT],
      fromServer: false,
    });
    api.handle((_r, res) => sendJson(res, 401, envelope(null, 5, [])));
    await expect(makeClient().get('x', Item)).rejects.toMatchObject({
      httpStatus: 401,
      status: ResponseStatus.Unauthorized,
      messages: [GENERIC_ERROR_TEXT],
    });
  });

  it('a dropped connection is a network ApiError with the unknown-error text, not retried', async () => {
    api.handle((_r, res) => {
      res.socket?.destroy();
    });
    await expect(makeClient().post('x', Item, {})).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'network',
      httpStatus: null,
      status: ResponseStatus.Unknown,
      messages: [UNKNOWN_ERROR_TEXT],
      fromServer: false,
    });
    // One call: no retry of a network failure (a client library's default would make three).
    expect(api.calls()).toHaveLength(1);
  });

  it('no answer at all (connection refused) is a network ApiError with the unknown-error text', async () => {
    const closed = await startServer();
    await closed.close();
    const http = makeClient({ getApiBaseUrl: () => `${closed.origin}/api` });
    await expect(http.get('x', Item)).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'network',
      httpStatus: null,
      messages: [UNKNOWN_ERROR_TEXT],
    });
  });

  it("the caller's abort is rethrown as is, not as an ApiError", async () => {
    api.handle(() => undefined); // never answers
    const controller = new AbortController();
    const pending = makeClient().get('slow', Item, undefined, { signal: controller.signal });
    await until(() => api.calls().length === 1);
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('getJson reads a plain JSON body (not an envelope) and getBlob a file', async () => {
    api.handle((request, res) => {
      if (request.url.startsWith('/api/file')) {
        res.writeHead(200, { 'content-type': 'application/zip' });
        res.end(Buffer.from([80, 75, 3, 4]));
      } else sendJson(res, 200, JSON.stringify({ id: 5, name: 'plain' }));
    });
    const http = makeClient();
    await expect(http.getJson('preset', Item, { id: 5 })).resolves.toEqual({
      id: 5,
      name: 'plain',
    });
    const blob = await http.getBlob('file', { refresh: true });
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([80, 75, 3, 4]);
    expect(api.calls().map((r) => r.url)).toEqual(['/api/preset?id=5', '/api/file?refresh=true']);
  });
});

describe('HTTP 429: one retry after Retry-After seconds, or 3 s', () => {
  function rateLimitOnce(headers: Record<string, string>): void {
    let count = 0;
    api.handle((_r, res: ServerResponse) => {
      count += 1;
      if (count === 1) sendJson(res, 429, envelope(null, 3, ['Too many requests']), headers);
      else sendJson(res, 200, envelope({ ok: count }));
    });
  }

  it('with Retry-After: 1 the retry comes about 1 s later (real clock)', async () => {
    rateLimitOnce({ 'retry-after': '1' });
    const result = await makeClient().get('items', Echo);
    expect(result.data).toEqual({ ok: 2 });
    const [first, second] = api.calls();
    const gap = (second?.at ?? 0) - (first?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(2500);
  });

  it('without Retry-After the retry waits exactly the 3 s default (simulated clock)', async () => {
    const timers = fakeTimers();
    rateLimitOnce({});
    const pending = makeClient().get('items', Echo);
    await until(() => timers.started(3_000)); // the 429 came and its wait began
    await vi.advanceTimersByTimeAsync(2_999);
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => api.calls().length === 2);
    await expect(pending).resolves.toMatchObject({ data: { ok: 2 } });
  });

  it('with Retry-After: 2 the retry waits 2 s, not the 3 s default (simulated clock)', async () => {
    const timers = fakeTimers();
    rateLimitOnce({ 'retry-after': '2' });
    const pending = makeClient().get('items', Echo);
    await until(() => timers.started(2_000));
    await vi.advanceTimersByTimeAsync(1_999);
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => api.calls().length === 2);
    await expect(pending).resolves.toMatchObject({ data: { ok: 2 } });
  });

  it.each(['post', 'put', 'delete'] as const)(
    '%s is retried too, with the same payload and token',
    async (method) => {
      rateLimitOnce({ 'retry-after': '0' });
      const result = await makeClient()[method]('items/save', Echo, { id: 9, name: 'n' });
      expect(result.data).toEqual({ ok: 2 });
      const [first, second] = api.calls();
      expect(second?.method).toBe(method.toUpperCase());
      expect(second?.url).toBe(first?.url);
      expect(second?.body.toString()).toBe(first?.body.toString());
      expect(authorizationOf(second)).toBe('Bearer tok-123');
    },
  );

  it('retries only once: a second 429 throws ApiError 429 with the server messages', async () => {
    api.handle((_r, res) =>
      sendJson(res, 429, envelope(null, 3, ['Slow down']), { 'retry-after': '0' }),
    );
    await expect(makeClient().post('auth/login', Echo, {})).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 429,
      messages: ['Slow down'],
    });
    expect(api.calls()).toHaveLength(2);
  });

  it('a Retry-After over a minute is waited for too, then retried once (spec §7.1; simulated clock)', async () => {
    const timers = fakeTimers();
    rateLimitOnce({ 'retry-after': '900' });
    const pending = makeClient().post('auth/login', Echo, {});
    await until(() => timers.started(900_000));
    await vi.advanceTimersByTimeAsync(899_999);
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => api.calls().length === 2);
    await expect(pending).resolves.toMatchObject({ data: { ok: 2 } });
  });

  it("a long wait is cancellable: the caller's abort ends it, and nothing is sent again", async () => {
    const timers = fakeTimers();
    rateLimitOnce({ 'retry-after': '900' });
    const controller = new AbortController();
    const pending = makeClient().post('auth/login', Echo, {}, { signal: controller.signal });
    await until(() => timers.started(900_000));
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect((failure as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(900_000);
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
  });

  it('a wait of 10 s or more is announced with the messages and the retry time, then ends', async () => {
    const timers = fakeTimers();
    const waits = createRateLimitWaits();
    rateLimitOnce({ 'retry-after': '900' });
    const before = Date.now();
    const pending = makeClient({ rateLimitWaits: waits }).post('auth/login', Echo, {});
    await until(() => timers.started(900_000));
    const [announced, ...others] = waits.current();
    expect(others).toHaveLength(0);
    expect(announced?.messages).toEqual(['Too many requests']);
    expect(announced?.retryAt).toBeGreaterThanOrEqual(before + 900_000);
    expect(announced?.retryAt).toBeLessThanOrEqual(Date.now() + 900_000);
    await vi.advanceTimersByTimeAsync(900_000);
    await expect(pending).resolves.toMatchObject({ data: { ok: 2 } });
    expect(waits.current()).toHaveLength(0);
  });

  it('a shorter wait (the 3 s default, 9 s) is not announced', async () => {
    const timers = fakeTimers();
    const waits = createRateLimitWaits();
    rateLimitOnce({ 'retry-after': '9' });
    const pending = makeClient({ rateLimitWaits: waits }).get('items', Echo);
    await until(() => timers.started(9_000));
    expect(waits.current()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(9_000);
    await expect(pending).resolves.toMatchObject({ data: { ok: 2 } });
  });

  it('stopping the announced wait answers the 429 at once: no retry, the server messages', async () => {
    const timers = fakeTimers();
    const waits = createRateLimitWaits();
    rateLimitOnce({ 'retry-after': '86000' });
    const pending = makeClient({ rateLimitWaits: waits }).post('userinvitations/upsert', Echo, {});
    await until(() => timers.started(86_000_000));
    waits.cancelAll();
    await expect(pending).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 429,
      messages: ['Too many requests'],
    });
    expect(waits.current()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(86_000_000);
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
  });

  it('is never sent again as someone else: a caller changed during the wait gets the 429', async () => {
    const timers = fakeTimers();
    let caller = 'olivia/1/';
    rateLimitOnce({ 'retry-after': '2' });
    const pending = makeClient({ getCaller: () => caller }).post(
      'userinvitations/upsert',
      Echo,
      {},
    );
    await until(() => timers.started(2_000));
    caller = 'marcus/2/';
    const answered = expect(pending).rejects.toMatchObject({ httpStatus: 429 });
    await vi.advanceTimersByTimeAsync(2_000);
    await answered;
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
  });

  it('without a caller of its own, a new token (another sign-in) is a new caller', async () => {
    const timers = fakeTimers();
    rateLimitOnce({ 'retry-after': '2' });
    const pending = makeClient().delete('users/deleteMyAccount', Echo);
    await until(() => timers.started(2_000));
    token = 'someone-else';
    const answered = expect(pending).rejects.toMatchObject({ httpStatus: 429 });
    await vi.advanceTimersByTimeAsync(2_000);
    await answered;
    expect(api.calls()).toHaveLength(1);
  });

  it("the caller's abort ends an announced wait too: AbortError, and the notice goes", async () => {
    const timers = fakeTimers();
    const waits = createRateLimitWaits();
    rateLimitOnce({ 'retry-after': '900' });
    const controller = new AbortController();
    const pending = makeClient({ rateLimitWaits: waits }).post(
      'auth/login',
      Echo,
      {},
      { signal: controller.signal },
    );
    await until(() => timers.started(900_000));
    expect(waits.current()).toHaveLength(1);
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect((failure as Error).name).toBe('AbortError');
    expect(waits.current()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(900_000);
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
  });

  it('other statuses are not retried (503 with Retry-After, 500)', async () => {
    api.handle((_r, res) =>
      sendJson(res, 503, envelope(null, 3, ['down']), { 'retry-after': '0' }),
    );
    await expect(makeClient().get('x', Echo)).rejects.toMatchObject({ httpStatus: 503 });
    api.handle((_r, res) => sendJson(res, 500, envelope(null, 3, ['boom'])));
    await expect(makeClient().get('x', Echo)).rejects.toMatchObject({ httpStatus: 500 });
    expect(api.calls()).toHaveLength(2);
  });
});

describe('no default request timeout', () => {
  it('a call answered after a minute (simulated clock) still succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let release: (() => void) | undefined;
    api.handle((_r, res) => {
      release = () => sendJson(res, 200, envelope({ ok: 1 }));
    });
    const pending = makeClient().get('slow', Echo);
    await until(() => release !== undefined);
    await vi.advanceTimersByTimeAsync(60_000); // no timeout (a client library's default would abort at 10 s)
    release?.();
    await expect(pending).resolves.toMatchObject({ data: { ok: 1 } });
  });
});

describe('x-client-version sets the reload flag when newer than 1.0.1', () => {
  it.each([
    ['1.0.2', true],
    ['1.0.10', true],
    ['1.1', true],
    ['1.0.1', false],
    ['1.0.0', false],
    ['0.9.9', false],
    ['', false],
  ])('header %j -> %s', async (version, expected) => {
    api.handle((_r, res) =>
      sendJson(res, 200, envelope({ ok: 1 }), version ? { 'x-client-version': version } : {}),
    );
    await makeClient().get('x', Echo);
    expect(flag.isSet()).toBe(expected);
  });

  it('an error answer carrying a newer version also sets the flag', async () => {
    api.handle((_r, res) =>
      sendJson(res, 400, envelope(null, 3, ['bad']), { 'x-client-version': '2.0.0' }),
    );
    await makeClient()
      .get('x', Echo)
      .catch(() => undefined);
    expect(flag.isSet()).toBe(true);
  });

  it('without a header the flag stays clear', async () => {
    await makeClient()
      .get('x', Echo)
      .catch(() => undefined);
    expect(flag.isSet()).toBe(false);
  });
});
