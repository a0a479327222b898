// @vitest-environment jsdom
/**
 * Multipart uploads over jsdom's real XMLHttpRequest against real local servers. The page is
 * jsdom's default http://localhost:3000, so the API at 127.0.0.1:<port> is cross-origin and the
 * servers answer CORS (credentials allowed, x-client-version and retry-after exposed).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTimeout as realSleep } from 'node:timers/promises';
import { array, number, object, string } from 'superstruct';
import { ApiError, GENERIC_ERROR_TEXT, UNKNOWN_ERROR_TEXT } from '../../src/services/apiResponse';
import { createHttp, type HttpClient, type HttpOptions } from '../../src/services/http';
import { createRateLimitWaits } from '../../src/services/rateLimitWaits';
import { createReloadFlag, type ReloadFlag } from '../../src/services/version';
import { envelope, sendJson, until, useTestServer } from './helpers/testServer';
import {
  computable,
  expectRisingPercentages,
  formOf,
  jsdomInstance,
  xhrReporting,
} from './helpers/uploads';

const Saved = object({ id: number() });
const PendingUpload = array(object({ fileId: string() }));

const api = useTestServer({ corsOrigin: location.origin });
const media = useTestServer({ corsOrigin: location.origin });
let flag: ReloadFlag;
let token: string | null;

function client(overrides: Partial<HttpOptions> = {}): HttpClient {
  return createHttp({
    getApiBaseUrl: () => `${api.origin}/api`,
    getToken: () => token,
    versionFlag: flag,
    ...overrides,
  });
}

function file(content: string, name: string, type = 'image/png'): File {
  return new File([content], name, { type });
}

beforeEach(() => {
  flag = createReloadFlag();
  token = 'tok-9';
  jsdomInstance.cookieJar.removeAllCookiesSync();
  api.handle((_r, res) => sendJson(res, 200, envelope({ id: 1 })));
  media.handle((_r, res) => sendJson(res, 200, JSON.stringify([{ fileId: 'pending-1' }])));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

it('runs in jsdom, cross-origin to the test servers', () => {
  expect(location.origin).toBe('http://localhost:3000');
  expect(new URL(api.origin).origin).not.toBe(location.origin);
});

describe('multipart with files', () => {
  it('sends the payload fields and the file part as multipart/form-data', async () => {
    const result = await client().upload('users/updatePersonalDetails', Saved, {
      payload: { firstName: 'Zoë', phone: '', middle: null, consent: false, ids: [1, 2] },
      files: { file: file('PNGDATA', 'me.png') },
    });
    expect(result.data).toEqual({ id: 1 });
    const [request] = api.calls();
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/users/updatePersonalDetails');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(request);
    expect(form.get('firstName')).toBe('Zoë');
    expect(form.get('consent')).toBe('false');
    expect(form.getAll('ids')).toEqual(['1', '2']);
    expect(form.has('phone')).toBe(false);
    expect(form.has('middle')).toBe(false);
    const part = form.get('file');
    expect(typeof part).toBe('object'); // a file part, not a text field
    expect((part as File).name).toBe('me.png');
    expect((part as File).type).toBe('image/png');
    expect(await (part as File).text()).toBe('PNGDATA');
  });

  it('without files the payload is sent as a JSON body instead', async () => {
    await client().upload('users/updatePersonalDetails', Saved, { payload: { firstName: 'Zoë' } });
    const [request] = api.calls();
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({ firstName: 'Zoë' });
  });

  it('reports upload progress in percent, from 0 to 100, never decreasing', async () => {
    const progress: number[] = [];
    await client().upload('posts/createWithFile', Saved, {
      payload: { message: 'hi' },
      files: { file: new File([new Uint8Array(512 * 1024)], 'big.bin') },
      onUploadProgress: (percent) => progress.push(percent),
    });
    expectRisingPercentages(progress);
  });

  it('turns computable progress events into rounded percentages', async () => {
    const createXhr = xhrReporting([
      ...computable(1000, [1, 333, 250, 666, 1000]),
      { lengthComputable: false, loaded: 5, total: 0 },
    ]);
    const progress: number[] = [];
    await client({ createXhr }).upload('posts/createWithFile', Saved, {
      files: { file: file('x', 'x.png') },
      onUploadProgress: (percent) => progress.push(percent),
    });
    expect(progress).toEqual([0, 33, 67, 100]);
  });
});

describe('the transport rules hold for uploads', () => {
  it('the bearer token and credentials go to the API base', async () => {
    jsdomInstance.cookieJar.setCookieSync('refresh=r1; Path=/', `${api.origin}/`);
    await client().upload('users/updatePersonalDetails', Saved, {
      files: { file: file('a', 'a.png') },
    });
    const [request] = api.calls();
    expect(request?.headers.authorization).toBe('Bearer tok-9');
    expect(request?.headers.cookie).toBe('refresh=r1');
  });

  it('another origin (the media service) never gets the token; anonymous sends no cookies', async () => {
    jsdomInstance.cookieJar.setCookieSync('tracking=t1; Path=/', `${media.origin}/`);
    const result = await client().uploadJson(
      `${media.origin}/UploadPending`,
      PendingUpload,
      {
        payload: { validationPresetId: 'avatar', reference: 'r' },
        files: { file: file('a', 'a.png') },
      },
      { anonymous: true, headers: { 'x-api-key': 'media-key' } },
    );
    expect(result).toEqual([{ fileId: 'pending-1' }]);
    const [request] = media.calls();
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers['x-api-key']).toBe('media-key');
    expect((await formOf(request)).get('validationPresetId')).toBe('avatar');
  });

  it('another origin gets no token even with credentials', async () => {
    await client().uploadJson(`${media.origin}/UploadPending`, PendingUpload, {
      files: { file: file('a', 'a.png') },
    });
    expect(media.calls()[0]?.headers.authorization).toBeUndefined();
  });

  it('a non-2xx envelope throws ApiError with the server messages; other failures the generic texts', async () => {
    api.handle((_r, res) => sendJson(res, 400, envelope(null, 3, ['File too large'])));
    const upload = (): Promise<unknown> =>
      client().upload('posts/createWithFile', Saved, { files: { file: file('a', 'a.png') } });
    await expect(upload()).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 400,
      messages: ['File too large'],
    });
    api.handle((_r, res) => sendJson(res, 200, envelope({ id: 'x' })));
    await expect(upload()).rejects.toMatchObject({
      kind: 'invalid-response',
      messages: [GENERIC_ERROR_TEXT],
    });
    api.handle((_r, res) => {
      res.socket?.destroy();
    });
    const failure = await upload().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'network', messages: [UNKNOWN_ERROR_TEXT] });
  });

  it('a newer x-client-version sets the reload flag, an equal one does not', async () => {
    api.handle((_r, res) =>
      sendJson(res, 200, envelope({ id: 1 }), { 'x-client-version': '1.0.1' }),
    );
    await client().upload('a', Saved, { files: { file: file('a', 'a.png') } });
    expect(flag.isSet()).toBe(false);
    api.handle((_r, res) =>
      sendJson(res, 200, envelope({ id: 1 }), { 'x-client-version': '1.0.2' }),
    );
    await client().upload('a', Saved, { files: { file: file('a', 'a.png') } });
    expect(flag.isSet()).toBe(true);
  });

  it('an abort of the caller rejects with the abort, not an ApiError', async () => {
    api.handle(() => undefined);
    const controller = new AbortController();
    const pending = client().upload(
      'a',
      Saved,
      { files: { file: file('a', 'a.png') } },
      { signal: controller.signal },
    );
    await until(() => api.calls().length === 1);
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect((failure as Error).name).toBe('AbortError');
  });
});

describe('HTTP 429 during an upload', () => {
  function rateLimitOnce(headers: Record<string, string>): void {
    let count = 0;
    api.handle((_r, res) => {
      count += 1;
      if (count === 1) sendJson(res, 429, envelope(null, 3, ['Too many requests']), headers);
      else sendJson(res, 200, envelope({ id: count }));
    });
  }

  it('is retried once after Retry-After seconds (real clock), with the whole form again', async () => {
    rateLimitOnce({ 'retry-after': '1' });
    const result = await client().upload('a', Saved, {
      payload: { n: 1 },
      files: { file: file('abc', 'a.png') },
    });
    expect(result.data).toEqual({ id: 2 });
    const [first, second] = api.calls();
    const gap = (second?.at ?? 0) - (first?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(2500);
    expect(await ((await formOf(second)).get('file') as File).text()).toBe('abc');
    expect(second?.headers.authorization).toBe('Bearer tok-9');
  });

  it('waits the 3 s default without Retry-After (simulated clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    rateLimitOnce({});
    const pending = client().upload('a', Saved, { files: { file: file('a', 'a.png') } });
    await until(() => setTimeoutSpy.mock.calls.some((call) => call[1] === 3_000));
    await vi.advanceTimersByTimeAsync(2_999);
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => api.calls().length === 2);
    await expect(pending).resolves.toMatchObject({ data: { id: 2 } });
  });

  it('a long wait is announced, and stopping it answers the 429 without sending the form again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const waits = createRateLimitWaits();
    rateLimitOnce({ 'retry-after': '600' });
    const pending = client({ rateLimitWaits: waits }).upload('a', Saved, {
      files: { file: file('a', 'a.png') },
    });
    await until(() => setTimeoutSpy.mock.calls.some((call) => call[1] === 600_000));
    expect(waits.current().map((wait) => wait.messages)).toEqual([['Too many requests']]);
    waits.cancelAll();
    await expect(pending).rejects.toMatchObject({
      httpStatus: 429,
      messages: ['Too many requests'],
    });
    await vi.advanceTimersByTimeAsync(600_000);
    await realSleep(100);
    expect(api.calls()).toHaveLength(1);
    expect(waits.current()).toHaveLength(0);
  });

  it('is retried only once', async () => {
    api.handle((_r, res) =>
      sendJson(res, 429, envelope(null, 3, ['Slow down']), { 'retry-after': '0' }),
    );
    await expect(
      client().upload('a', Saved, { files: { file: file('a', 'a.png') } }),
    ).rejects.toMatchObject({
      httpStatus: 429,
      messages: ['Slow down'],
    });
    expect(api.calls()).toHaveLength(2);
  });
});
