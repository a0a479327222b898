// @vitest-environment jsdom
/** createThirdParties: real adapters load at start-up only when the configuration has keys. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp, type HttpClient } from '../../src/services/http';
import { createThirdParties } from '../../src/services/thirdParty';
import { envelope, sendJson, useTestServer } from './helpers/testServer';

const server = useTestServer({ corsOrigin: location.origin });

function http(): HttpClient {
  return createHttp({ getApiBaseUrl: () => `${server.origin}/api`, getToken: () => null });
}

const scriptSources = (): string[] =>
  Array.from(document.querySelectorAll('script'), (script) => script.getAttribute('src') ?? '');

afterEach(() => {
  vi.restoreAllMocks();
  for (const script of document.querySelectorAll('script')) script.remove();
});

const noAnalytics = { tagManagerId: '', sessionRecordingAppId: '' };
const privacy = { redactUrl: (url: string) => url };

describe('createThirdParties', () => {
  it('with both keys, starts loading reCAPTCHA and Google Identity Services at once', () => {
    const parties = createThirdParties(
      {
        reCaptchaSiteKey: 'site-key-1',
        googleClientId: 'client-id-1',
        apiBaseUrl: '/api',
        ...noAnalytics,
      },
      http(),
      privacy,
    );
    parties.captcha.ready().catch(() => undefined);
    parties.signIn.ready().catch(() => undefined);
    expect(scriptSources().sort()).toEqual([
      'https://accounts.google.com/gsi/client',
      'https://www.google.com/recaptcha/api.js?render=site-key-1',
    ]);
    expect(server.calls()).toHaveLength(0);
  });

  it('with one key, loads only that third party', () => {
    createThirdParties(
      { reCaptchaSiteKey: '', googleClientId: 'client-id-1', apiBaseUrl: '/api', ...noAnalytics },
      http(),
      privacy,
    );
    expect(scriptSources()).toEqual(['https://accounts.google.com/gsi/client']);
  });

  it('without keys, loads nothing and uses the reference server stand-ins', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    server.handle((_r, res) => sendJson(res, 200, envelope({ token: 'dev-token' })));
    const parties = createThirdParties(
      {
        reCaptchaSiteKey: '',
        googleClientId: '',
        apiBaseUrl: `${server.origin}/api`,
        ...noAnalytics,
      },
      http(),
      privacy,
    );
    expect(scriptSources()).toEqual([]);
    await expect(parties.captcha.ready()).resolves.toBeUndefined();
    await expect(parties.signIn.ready()).resolves.toBeUndefined();
    await expect(parties.captcha.execute('signup')).resolves.toBe('dev-token');
    expect(server.calls().map((r) => r.url)).toEqual(['/api/dev/captcha/token']);
    await expect(parties.signIn.requestCode()).rejects.toThrow('popup_failed_to_open');
    expect(String(open.mock.calls[0]?.[0])).toMatch(
      new RegExp(`^${server.origin}/api/dev/oauth/consent\\?state=[0-9a-f]{32}&origin=`),
    );
  });
});
