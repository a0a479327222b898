/**
 * Spec §1 and §3 Configuration: the tag manager (Google Tag Manager) and the session recorder
 * (LogRocket) load at start-up only when their ids are configured; the recorder masks
 * sensitive fields and drops tokens and auth bodies from its network log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadSessionRecording,
  SESSION_RECORDING_SCRIPT_URL,
  sessionRecordingOptions,
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
    await expect(loadSessionRecording({ appId: '' })).resolves.toBe(false);
    expect(scriptSources()).toEqual([]);
  });

  it('adds the LogRocket script and starts it with the privacy options when configured', async () => {
    const init = vi.fn();
    const loading = loadSessionRecording({ appId: 'givedrop/web' });
    expect(scriptSources()).toEqual([SESSION_RECORDING_SCRIPT_URL]);
    (window as Window & { LogRocket?: LogRocketApi }).LogRocket = { init };
    loaded(SESSION_RECORDING_SCRIPT_URL);
    await expect(loading).resolves.toBe(true);
    expect(init).toHaveBeenCalledExactlyOnceWith('givedrop/web', sessionRecordingOptions);
  });

  it('fails when the script does not define LogRocket', async () => {
    const loading = loadSessionRecording({ appId: 'givedrop/web' });
    loaded(SESSION_RECORDING_SCRIPT_URL);
    await expect(loading).rejects.toThrow('script_not_initialised');
  });

  it('masks every input and keeps tokens and auth bodies out of the network log', () => {
    expect(sessionRecordingOptions.dom.inputSanitizer).toBe(true);
    const { requestSanitizer, responseSanitizer } = sessionRecordingOptions.network;
    expect(
      requestSanitizer({
        url: 'http://localhost:3000/api/auth/login',
        body: '{"email":"a@b.c","password":"Giving!2026"}',
        headers: { Authorization: 'Bearer a.b.c', 'content-type': 'application/json' },
      }),
    ).toEqual({
      url: 'http://localhost:3000/api/auth/login',
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(
      responseSanitizer({
        url: 'http://localhost:3000/api/auth/refreshToken',
        body: '{"jwtToken":"x"}',
      }),
    ).toMatchObject({ body: undefined });
    // Other calls keep their bodies (never the bearer token).
    expect(
      requestSanitizer({
        url: 'http://localhost:3000/api/posts/feedList',
        body: '{"page":1}',
        headers: { authorization: 'Bearer a.b.c' },
      }),
    ).toEqual({ url: 'http://localhost:3000/api/posts/feedList', body: '{"page":1}', headers: {} });
  });
});
