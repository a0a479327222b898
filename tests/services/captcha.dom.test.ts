// @vitest-environment jsdom
/**
 * The captcha adapters. jsdom does not fetch scripts, so "the script loaded" is simulated: the
 * test installs a fake `grecaptcha` on the window and fires the element's load (or error) event.
 * The stand-in asks a real local server for its token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/apiResponse';
import { createHttp, type HttpClient } from '../../src/services/http';
import {
  loadCaptcha,
  NO_CAPTCHA_TOKEN,
  RECAPTCHA_SCRIPT_URL,
  type Grecaptcha,
} from '../../src/services/thirdParty/captcha';
import { scriptFailures, SCRIPT_TIMEOUT_MS } from '../../src/services/thirdParty/script';
import { scripts, settled } from './helpers/scripts';
import { envelope, sendJson, useTestServer } from './helpers/testServer';

type CaptchaWindow = Window & { grecaptcha?: Grecaptcha };

const server = useTestServer({ corsOrigin: location.origin });

function http(): HttpClient {
  return createHttp({ getApiBaseUrl: () => `${server.origin}/api`, getToken: () => null });
}

function onlyScript(): HTMLScriptElement {
  const [script, ...rest] = scripts();
  expect(rest).toHaveLength(0);
  if (!script) throw new Error('no script injected');
  return script;
}

/** A grecaptcha whose ready() callbacks run when the test says so. */
function fakeGrecaptcha(token: string | Promise<string> = 'recaptcha-token') {
  const readyCallbacks: Array<() => void> = [];
  const fake = {
    ready: vi.fn((callback: () => void) => {
      readyCallbacks.push(callback);
    }),
    execute: vi.fn((_siteKey: string, _options: { action: string }) => Promise.resolve(token)),
    fireReady() {
      for (const callback of readyCallbacks.splice(0)) callback();
    },
  };
  return fake;
}

/** What the browser does when the reCAPTCHA script has run: the global exists, then load. */
function scriptLoads(script: HTMLScriptElement, grecaptcha: Grecaptcha | undefined): void {
  if (grecaptcha !== undefined) (window as CaptchaWindow).grecaptcha = grecaptcha;
  script.dispatchEvent(new Event('load'));
}

afterEach(() => {
  vi.useRealTimers();
  for (const script of scripts()) script.remove();
  delete (window as CaptchaWindow).grecaptcha;
});

describe('reCAPTCHA v3 (a site key is configured)', () => {
  it('injects the script with the site key at once: one src element, no inline code', () => {
    loadCaptcha({ siteKey: 'site-key-1', http: http() });
    const script = onlyScript();
    expect(script.getAttribute('src')).toBe(`${RECAPTCHA_SCRIPT_URL}?render=site-key-1`);
    expect(script.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1');
    expect(script.text).toBe('');
    expect(script.async).toBe(true);
    expect(script.parentElement).toBe(document.head);
  });

  it('a second adapter reuses the element already in the page', async () => {
    const first = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    const second = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    const grecaptcha = fakeGrecaptcha();
    scriptLoads(onlyScript(), grecaptcha);
    grecaptcha.fireReady();
    await expect(first.ready()).resolves.toBeUndefined();
    await expect(second.ready()).resolves.toBeUndefined();
  });

  it('ready() waits for grecaptcha.ready, then execute asks for a token for the action', async () => {
    const captcha = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    const grecaptcha = fakeGrecaptcha('token-for-signup');
    const ready = captcha.ready();
    expect(await settled(ready)).toBe('pending');
    scriptLoads(onlyScript(), grecaptcha);
    expect(await settled(ready)).toBe('pending');
    expect(grecaptcha.ready).toHaveBeenCalledTimes(1);
    grecaptcha.fireReady();
    await expect(ready).resolves.toBeUndefined();
    await expect(captcha.execute('signup')).resolves.toBe('token-for-signup');
    expect(grecaptcha.execute).toHaveBeenCalledWith('site-key-1', { action: 'signup' });
    expect(server.calls()).toHaveLength(0);
  });

  it('execute before the script is ready waits for it', async () => {
    const captcha = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    const grecaptcha = fakeGrecaptcha('late-token');
    const token = captcha.execute('signup');
    expect(await settled(token)).toBe('pending');
    scriptLoads(onlyScript(), grecaptcha);
    grecaptcha.fireReady();
    await expect(token).resolves.toBe('late-token');
  });

  it('does not inject the script again when grecaptcha is already in the page', async () => {
    const grecaptcha = fakeGrecaptcha();
    (window as CaptchaWindow).grecaptcha = grecaptcha;
    const captcha = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    expect(scripts()).toHaveLength(0);
    grecaptcha.fireReady();
    await expect(captcha.ready()).resolves.toBeUndefined();
  });

  it('a script that fails to load rejects ready() and execute()', async () => {
    const captcha = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    onlyScript().dispatchEvent(new Event('error'));
    await expect(captcha.ready()).rejects.toThrow(scriptFailures.loadFailed);
    await expect(captcha.execute('signup')).rejects.toThrow(scriptFailures.loadFailed);
  });

  it('a failure no one has asked about yet is not an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      loadCaptcha({ siteKey: 'site-key-1', http: http() });
      onlyScript().dispatchEvent(new Event('error'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a script that loads without defining grecaptcha rejects', async () => {
    const captcha = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    scriptLoads(onlyScript(), undefined);
    await expect(captcha.ready()).rejects.toThrow(scriptFailures.notInitialised);
  });

  it('times out after 10 s when the script never loads or never gets ready', async () => {
    vi.useFakeTimers();
    const never = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    const neverReady = never.ready();
    neverReady.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(SCRIPT_TIMEOUT_MS - 1);
    expect(await settled(neverReady)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(neverReady).rejects.toThrow(scriptFailures.timeout);

    for (const script of scripts()) script.remove();
    const stuck = loadCaptcha({ siteKey: 'site-key-2', http: http(), timeoutMs: 2000 });
    scriptLoads(onlyScript(), fakeGrecaptcha());
    const stuckReady = stuck.ready();
    stuckReady.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(stuckReady).rejects.toThrow(scriptFailures.timeout);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('loading that succeeds clears its time limit', async () => {
    vi.useFakeTimers();
    const captcha = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    const grecaptcha = fakeGrecaptcha();
    expect(vi.getTimerCount()).toBe(1);
    scriptLoads(onlyScript(), grecaptcha);
    grecaptcha.fireReady();
    await expect(captcha.ready()).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('execute rejects when reCAPTCHA fails or answers no token', async () => {
    const captcha = loadCaptcha({ siteKey: 'site-key-1', http: http() });
    const grecaptcha = fakeGrecaptcha('');
    scriptLoads(onlyScript(), grecaptcha);
    grecaptcha.fireReady();
    await expect(captcha.execute('signup')).rejects.toThrow('captcha_no_token');
    grecaptcha.execute.mockImplementationOnce(() => Promise.reject(new Error('network')));
    await expect(captcha.execute('signup')).rejects.toThrow('network');
  });

  it('a blank site key counts as none (the stand-in)', () => {
    loadCaptcha({ siteKey: '   ', http: http() });
    expect(scripts()).toHaveLength(0);
  });
});

describe('development stand-in (no site key)', () => {
  it('loads nothing and is ready at once', async () => {
    const captcha = loadCaptcha({ siteKey: '', http: http() });
    expect(scripts()).toHaveLength(0);
    await expect(captcha.ready()).resolves.toBeUndefined();
    expect(server.calls()).toHaveLength(0);
  });

  it('execute posts the action to dev/captcha/token under the API base and returns data.token', async () => {
    server.handle((_r, res) => sendJson(res, 200, envelope({ token: 'dev.signed.token' })));
    const captcha = loadCaptcha({ siteKey: '', http: http() });
    await expect(captcha.execute('signup')).resolves.toBe('dev.signed.token');
    const [request, ...rest] = server.calls();
    expect(rest).toHaveLength(0);
    expect([request?.method, request?.url]).toEqual(['POST', '/api/dev/captcha/token']);
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({ action: 'signup' });
  });

  it('a server without the stand-in (404: production with CAPTCHA_OPT_OUT) has no captcha: the no-captcha token', async () => {
    const captcha = loadCaptcha({ siteKey: '', http: http() });
    server.handle((_r, res) => sendJson(res, 404, envelope(null, 3, ['Not found'])));
    await expect(captcha.execute('signup')).resolves.toBe(NO_CAPTCHA_TOKEN);
  });

  it('execute rejects with an ApiError when the server refuses or answers no token', async () => {
    const captcha = loadCaptcha({ siteKey: '', http: http() });
    server.handle((_r, res) =>
      sendJson(res, 429, envelope(null, 3, ['Slow down']), { 'retry-after': '0' }),
    );
    await expect(captcha.execute('signup')).rejects.toMatchObject({
      httpStatus: 429,
      messages: ['Slow down'],
    });
    server.handle((_r, res) => sendJson(res, 200, envelope({ token: '' })));
    await expect(captcha.execute('signup')).rejects.toBeInstanceOf(ApiError);
  });
});
