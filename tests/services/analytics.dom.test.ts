/**
 * Spec §1 and §3 Configuration: the tag manager (Google Tag Manager) and the session recorder
 * (LogRocket) load at start-up only when their ids are configured; the recorder masks
 * sensitive fields and drops tokens and auth bodies from its network log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDACTED, redactUrl } from '../../src/app/redact';
import {
  createSessionRecordingOptions,
  loadSessionRecording,
  SESSION_RECORDING_SCRIPT_URL,
  type SessionRecordingOptions,
  type LogRocketApi,
} from '../../src/services/thirdParty/sessionRecording';
import { loadTagManager, tagManagerScriptUrl } from '../../src/services/thirdParty/tagManager';

const scriptSources = (): string[] =>
  Array.from(document.querySelectorAll('script'), (script) => script.getAttribute('src') ?? '');

const loaded = (src: string) => {
  const script = Array.from(document.querySelectorAll('script')).find(
    (element) => element.getAttribute('src') === src,
  );
  if (!script) throw new Error(`no script ${src}`);
  script.dispatchEvent(new Event('load'));
};

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  const win = window as Window & { dataLayer?: unknown[]; LogRocket?: LogRocketApi };
  delete win.dataLayer;
  delete win.LogRocket;
});

describe('the tag manager', () => {
  it('adds nothing when no id is configured', async () => {
    await expect(loadTagManager({ id: '' })).resolves.toBe(false);
    await expect(loadTagManager({ id: '  ' })).resolves.toBe(false);
    expect(scriptSources()).toEqual([]);
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toBeUndefined();
  });

  it("adds the container's script and the data layer's start event when an id is configured", async () => {
    const loading = loadTagManager({ id: 'GTM-XXXX', now: () => 1234 });
    expect(scriptSources()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-XXXX']);
    expect(tagManagerScriptUrl('GTM-XXXX')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-XXXX',
    );
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([
      { 'gtm.start': 1234, event: 'gtm.js' },
    ]);
    loaded(tagManagerScriptUrl('GTM-XXXX'));
    await expect(loading).resolves.toBe(true);
  });
});

describe('the session recording', () => {
  it('adds nothing when no app id is configured', async () => {
    await expect(loadSessionRecording({ appId: '', redactUrl })).resolves.toBe(false);
    expect(scriptSources()).toEqual([]);
  });

  it('adds the LogRocket script and starts it with the privacy options when configured', async () => {
    const init = vi.fn();
    const loading = loadSessionRecording({ appId: 'givedrop/web', redactUrl });
    expect(scriptSources()).toEqual([SESSION_RECORDING_SCRIPT_URL]);
    (window as Window & { LogRocket?: LogRocketApi }).LogRocket = { init };
    loaded(SESSION_RECORDING_SCRIPT_URL);
    await expect(loading).resolves.toBe(true);
    expect(init).toHaveBeenCalledExactlyOnceWith('givedrop/web', expect.any(Object));
    const options = init.mock.calls[0]?.[1] as SessionRecordingOptions;
    expect(options.dom.inputSanitizer).toBe(true);
    // The recorder is given the app's redaction of the flows' secrets.
    expect(options.browser.urlSanitizer('https://givedrop.example/activate/act-key')).toBe(
      `https://givedrop.example/activate/${REDACTED}`,
    );
  });

  it('fails when the script does not define LogRocket', async () => {
    const loading = loadSessionRecording({ appId: 'givedrop/web', redactUrl });
    loaded(SESSION_RECORDING_SCRIPT_URL);
    await expect(loading).rejects.toThrow('script_not_initialised');
  });

  it('masks every input and keeps tokens and auth bodies out of the network log', () => {
    const { requestSanitizer, responseSanitizer } =
      createSessionRecordingOptions(redactUrl).network;
    expect(
      requestSanitizer({
        reqId: '1',
        method: 'POST',
        url: 'http://localhost:3000/api/auth/login',
        body: '{"email":"a@b.c","password":"Giving!2026"}',
        headers: { Authorization: 'Bearer a.b.c', 'content-type': 'application/json' },
      }),
    ).toEqual({
      reqId: '1',
      method: 'POST',
      url: 'http://localhost:3000/api/auth/login',
      body: null,
      headers: { 'content-type': 'application/json' },
    });
    // Other calls keep their bodies (never the bearer token), and so do their answers.
    expect(
      requestSanitizer({
        reqId: '2',
        method: 'POST',
        url: 'http://localhost:3000/api/posts/feedList',
        body: '{"page":1}',
        headers: { authorization: 'Bearer a.b.c' },
      }),
    ).toEqual({
      reqId: '2',
      method: 'POST',
      url: 'http://localhost:3000/api/posts/feedList',
      body: '{"page":1}',
      headers: {},
    });
    expect(
      responseSanitizer({ reqId: '2', method: 'POST', status: 200, headers: {}, body: '{"a":1}' }),
    ).toMatchObject({ body: '{"a":1}' });
  });

  /**
   * One exchange as LogRocket hands it over (logrocket 12.4.0 dist/types.d.ts: the request
   * carries reqId, url, method, headers, body; the response reqId, status, method, headers, body
   * and only maybe a url): what the recording keeps of both.
   */
  function recorded(
    sanitizers: ReturnType<typeof createSessionRecordingOptions>['network'],
    reqId: string,
    request: { url: string; method?: string; body?: string },
    responseBody: string,
  ): string {
    const method = request.method ?? 'POST';
    const kept = sanitizers.requestSanitizer({
      reqId,
      method,
      url: request.url,
      headers: { Authorization: 'Bearer jwt-secret', 'Content-Type': 'application/json' },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    // The response objects carry no url: they are matched to their request by reqId.
    const answer = sanitizers.responseSanitizer({
      reqId,
      method,
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: responseBody,
    });
    return JSON.stringify([kept, answer]);
  }

  it('keeps the keys, tokens and secret query values of every call out of the network log', () => {
    const { network } = createSessionRecordingOptions(redactUrl);
    const api = 'https://givedrop.example/api/';
    const exchanges: [string, { url: string; method?: string; body?: string }, string][] = [
      [
        'login',
        { url: `${api}auth/login`, body: '{"email":"a@b.c","password":"pw-secret"}' },
        '{"data":{"jwtToken":"jwt-login-secret"}}',
      ],
      ['refresh', { url: `${api}auth/refreshToken`, body: '{}' }, '{"jwtToken":"jwt-refresh-x"}'],
      ['signup', { url: `${api}auth/signup` }, '{"data":{"jwtToken":"jwt-signup-x"}}'],
      ['impersonate', { url: `${api}auth/impersonate` }, '{"data":{"jwtToken":"jwt-imp-x"}}'],
      [
        'invitations',
        { url: `${api}userinvitations/list`, body: '{"page":1}' },
        '{"data":[{"userInvitationKey":"inv-list-secret"}]}',
      ],
      [
        'by key',
        {
          url: `${api}userInvitations/getUserByInvitationKey?key=inv-query-secret`,
          method: 'GET',
        },
        '{"data":{"userInvitationKey":"inv-answer-secret"}}',
      ],
      [
        'checkout',
        { url: `${api}stripe/validateSession`, body: '{"sessionId":"cs_secret"}' },
        '{"data":{"url":"https://pay.example/cs_secret_2"}}',
      ],
    ];
    const log = exchanges.map(([id, request, body]) => recorded(network, id, request, body));
    const text = log.join('\n');
    for (const secret of [
      'jwt-secret',
      'pw-secret',
      'jwt-login-secret',
      'jwt-refresh-x',
      'jwt-signup-x',
      'jwt-imp-x',
      'inv-list-secret',
      'inv-query-secret',
      'inv-answer-secret',
      'cs_secret',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(`${api}userInvitations/getUserByInvitationKey?key=${REDACTED}`);
  });

  it('drops the body of an answer whose request it never saw (and of one whose url is secret)', () => {
    const { responseSanitizer } = createSessionRecordingOptions(redactUrl).network;
    const unknown = responseSanitizer({
      reqId: 'never-seen',
      method: 'POST',
      headers: {},
      body: '{"jwtToken":"x"}',
    });
    expect(unknown?.body).toBeNull();
    const secretUrl = responseSanitizer({
      reqId: 'never-seen-2',
      method: 'GET',
      headers: { 'set-cookie': 'refresh=r' },
      url: 'https://givedrop.example/api/auth/refreshToken',
      body: '{"jwtToken":"x"}',
    });
    expect(secretUrl).toMatchObject({ body: null, headers: {} });
  });

  it('records page URLs without the keys of the emailed links or secret query values', () => {
    const { urlSanitizer } = createSessionRecordingOptions(redactUrl).browser;
    const origin = 'https://givedrop.example';
    const cases: [string, string][] = [
      [`${origin}/invitation/inv-key-1`, `${origin}/invitation/${REDACTED}`],
      [`${origin}/activate/act-key-2?x=1`, `${origin}/activate/${REDACTED}?x=1`],
      [`${origin}/account/confirm-email/conf-3`, `${origin}/account/confirm-email/${REDACTED}`],
      [`${origin}/forgotten-password/reset-4#top`, `${origin}/forgotten-password/${REDACTED}#top`],
      [
        `${origin}/auth/google/callback?code=code-5&state=state-6&x=2`,
        `${origin}/auth/google/callback?code=${REDACTED}&state=${REDACTED}&x=2`,
      ],
      [
        `${origin}/account/organisation/payments?session_id=cs_7`,
        `${origin}/account/organisation/payments?session_id=${REDACTED}`,
      ],
      [`${origin}/forgotten-password`, `${origin}/forgotten-password`],
      [`${origin}/feed?page=2`, `${origin}/feed?page=2`],
    ];
    for (const [url, expected] of cases) expect(urlSanitizer(url)).toBe(expected);
  });
});
