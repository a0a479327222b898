// @vitest-environment jsdom
/**
 * The sign-in adapters. The stand-in opens a fake popup (window.open is stubbed) and gets its
 * answer as a `message` event, as the consent page's postMessage would arrive. Google Identity
 * Services is a fake `google.accounts.oauth2` installed when the test "loads" the script.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AuthCodeResponse } from '../../contract/identity';
import { scriptFailures, SCRIPT_TIMEOUT_MS } from '../../src/services/thirdParty/script';
import {
  CONSENT_WINDOW_FEATURES,
  CONSENT_WINDOW_NAME,
  DEV_OAUTH_MESSAGE_TYPE,
  GIS_SCRIPT_URL,
  loadSignIn,
  POPUP_POLL_MS,
  SIGN_IN_SCOPE,
  signInFailures,
  type GisCodeClientConfig,
  type GisOauth2,
} from '../../src/services/thirdParty/signIn';
import { scripts, settled } from './helpers/scripts';

const APP_ORIGIN = 'http://localhost:3000';

interface FakePopup {
  closed: boolean;
  close: () => void;
}

let open: MockInstance<typeof window.open>;
let popups: FakePopup[];
let messageListeners: number;

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  popups.push(popup);
  return popup;
}

/** The URL the stand-in opened, and the state it put in it. */
function opened(index = 0): { url: URL; state: string } {
  const call = open.mock.calls[index];
  if (!call) throw new Error('no popup opened');
  const url = new URL(String(call[0]));
  return { url, state: url.searchParams.get('state') ?? '' };
}

/** What arrives in this window when the consent page posts its answer. */
function postFromConsentPage(data: unknown, origin = APP_ORIGIN): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

type GisWindow = Window & { google?: { accounts: { oauth2: GisOauth2 } } };

beforeEach(() => {
  vi.useFakeTimers();
  popups = [];
  messageListeners = 0;
  open = vi.spyOn(window, 'open').mockImplementation(() => fakePopup() as unknown as Window);
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type === 'message') messageListeners += 1;
    add(type, listener, options);
  });
  vi.spyOn(window, 'removeEventListener').mockImplementation((type, listener, options) => {
    if (type === 'message') messageListeners -= 1;
    remove(type, listener, options);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const script of scripts()) script.remove();
  delete (window as GisWindow).google;
});

/** Nothing left behind: no message listener, no poll. */
function expectCleanedUp(): void {
  expect(messageListeners).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
}

describe('development stand-in (no client id): the consent page in a popup', () => {
  const signIn = () => loadSignIn({ clientId: '', apiBaseUrl: '/api' });

  it('loads nothing and is ready at once', async () => {
    await expect(signIn().ready()).resolves.toBeUndefined();
    expect(scripts()).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the consent page under the API base synchronously, with a random state and the origin', () => {
    const provider = signIn();
    void provider.requestCode().catch(() => undefined);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.slice(1)).toEqual([CONSENT_WINDOW_NAME, CONSENT_WINDOW_FEATURES]);
    expect(CONSENT_WINDOW_NAME).toBe('givedrop-consent');
    expect(CONSENT_WINDOW_FEATURES).toBe('popup,width=480,height=640');
    const { url, state } = opened();
    expect(`${url.origin}${url.pathname}`).toBe(`${APP_ORIGIN}/api/dev/oauth/consent`);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(url.searchParams.get('origin')).toBe(APP_ORIGIN);
    void provider.requestCode().catch(() => undefined);
    expect(opened(1).state).not.toBe(state);
  });

  it('resolves with the code when the consent page answers from its origin with the state', async () => {
    const pending = signIn().requestCode();
    const { state } = opened();
    postFromConsentPage({ type: DEV_OAUTH_MESSAGE_TYPE, code: 'dev-code-1', state });
    await expect(pending).resolves.toEqual({
      code: 'dev-code-1',
      state,
    } satisfies AuthCodeResponse);
    expectCleanedUp();
  });

  it('ignores answers from another origin, with another state, or of another shape', async () => {
    const pending = signIn().requestCode();
    const { state } = opened();
    postFromConsentPage({ type: DEV_OAUTH_MESSAGE_TYPE, code: 'evil', state }, 'http://evil.test');
    postFromConsentPage({ type: DEV_OAUTH_MESSAGE_TYPE, code: 'stale', state: 'other-state' });
    postFromConsentPage({ type: 'something-else', code: 'x', state });
    postFromConsentPage({ type: DEV_OAUTH_MESSAGE_TYPE, code: '', state });
    postFromConsentPage(`${DEV_OAUTH_MESSAGE_TYPE}:${state}`);
    expect(await settled(pending)).toBe('pending');
    postFromConsentPage({ type: DEV_OAUTH_MESSAGE_TYPE, code: 'good', state, extra: 1 });
    await expect(pending).resolves.toEqual({ code: 'good', state });
    expectCleanedUp();
  });

  it('an API on another origin: only that origin is listened to', async () => {
    const pending = loadSignIn({
      clientId: '',
      apiBaseUrl: 'http://127.0.0.1:4000/api/',
    }).requestCode();
    const { url, state } = opened();
    expect(url.href.startsWith('http://127.0.0.1:4000/api/dev/oauth/consent?')).toBe(true);
    expect(url.searchParams.get('origin')).toBe(APP_ORIGIN);
    postFromConsentPage({ type: DEV_OAUTH_MESSAGE_TYPE, code: 'c', state }, APP_ORIGIN);
    expect(await settled(pending)).toBe('pending');
    postFromConsentPage(
      { type: DEV_OAUTH_MESSAGE_TYPE, code: 'c', state },
      'http://127.0.0.1:4000',
    );
    await expect(pending).resolves.toEqual({ code: 'c', state });
  });

  it('a popup closed without an answer rejects with popup_closed (polled every 500 ms)', async () => {
    const pending = signIn().requestCode();
    pending.catch(() => undefined);
    const popup = popups[0];
    if (!popup) throw new Error('no popup');
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS * 3);
    expect(await settled(pending)).toBe('pending');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS * 2);
    await expect(pending).rejects.toThrow(signInFailures.popupClosed);
    expect(signInFailures.popupClosed).toBe('popup_closed');
    expectCleanedUp();
  });

  it('an answer already on its way when the popup closes still counts', async () => {
    const pending = signIn().requestCode();
    const { state } = opened();
    const popup = popups[0];
    if (!popup) throw new Error('no popup');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);
    postFromConsentPage({ type: DEV_OAUTH_MESSAGE_TYPE, code: 'just-in-time', state });
    await expect(pending).resolves.toEqual({ code: 'just-in-time', state });
    expectCleanedUp();
  });

  it('a blocked popup rejects at once with popup_failed_to_open', async () => {
    open.mockImplementation(() => null);
    await expect(signIn().requestCode()).rejects.toThrow(signInFailures.popupBlocked);
    expectCleanedUp();
  });

  it('aborting rejects with the reason and closes the popup', async () => {
    const controller = new AbortController();
    const pending = signIn().requestCode({ signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
    expect(popups[0]?.close).toHaveBeenCalled();
    expectCleanedUp();
    const aborted = signIn().requestCode({ signal: controller.signal });
    await expect(aborted).rejects.toThrow('left the page');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('a second request replaces the first, which rejects', async () => {
    const provider = signIn();
    const first = provider.requestCode();
    const second = provider.requestCode();
    await expect(first).rejects.toThrow(signInFailures.superseded);
    const { state } = opened(1);
    postFromConsentPage({ type: DEV_OAUTH_MESSAGE_TYPE, code: 'second', state });
    await expect(second).resolves.toEqual({ code: 'second', state });
    expectCleanedUp();
  });

  it('without an API base it rejects without opening anything', async () => {
    await expect(loadSignIn({ clientId: '', apiBaseUrl: '' }).requestCode()).rejects.toThrow(
      /API base/,
    );
    expect(open).not.toHaveBeenCalled();
    expectCleanedUp();
  });
});

/** A fake `google.accounts.oauth2`: records each code client and its requestCode calls. */
function fakeGis() {
  const clients: Array<{ config: GisCodeClientConfig; requestCode: ReturnType<typeof vi.fn> }> = [];
  const oauth2: GisOauth2 = {
    initCodeClient: vi.fn((config: GisCodeClientConfig) => {
      const client = { config, requestCode: vi.fn() };
      clients.push(client);
      return client;
    }),
  };
  const last = () => {
    const client = clients.at(-1);
    if (!client) throw new Error('no code client');
    return client;
  };
  return { oauth2, clients, last };
}

function gisScript(): HTMLScriptElement {
  const [script, ...rest] = scripts();
  expect(rest).toHaveLength(0);
  if (!script) throw new Error('no script injected');
  return script;
}

function gisLoads(oauth2: GisOauth2 | undefined): void {
  if (oauth2 !== undefined) (window as GisWindow).google = { accounts: { oauth2 } };
  gisScript().dispatchEvent(new Event('load'));
}

describe('Google Identity Services code flow (a client id is configured)', () => {
  const signIn = () => loadSignIn({ clientId: 'client-id-1', apiBaseUrl: '/api' });
  /** A provider whose GIS script has loaded and is ready. */
  async function loadedSignIn() {
    const gis = fakeGis();
    const provider = signIn();
    gisLoads(gis.oauth2);
    await provider.ready();
    return { gis, provider };
  }

  it('injects the GIS script at once: one src element, no inline code', () => {
    signIn();
    const script = gisScript();
    expect(script.getAttribute('src')).toBe(GIS_SCRIPT_URL);
    expect(script.src).toBe('https://accounts.google.com/gsi/client');
    expect(script.text).toBe('');
    signIn();
    expect(scripts()).toHaveLength(1);
  });

  it('ready() resolves when the script has defined google.accounts.oauth2', async () => {
    const provider = signIn();
    const ready = provider.ready();
    expect(await settled(ready)).toBe('pending');
    gisLoads(fakeGis().oauth2);
    await expect(ready).resolves.toBeUndefined();
  });

  it('requestCode starts the popup code flow with the client id and resolves {code, scope}', async () => {
    const { gis, provider } = await loadedSignIn();
    const pending = provider.requestCode();
    // Loaded: the code client is created and its popup requested within the same click.
    const client = gis.last();
    expect(client.requestCode).toHaveBeenCalledTimes(1);
    expect(client.config).toMatchObject({
      client_id: 'client-id-1',
      scope: SIGN_IN_SCOPE,
      ux_mode: 'popup',
    });
    expect(SIGN_IN_SCOPE).toBe('openid email profile');
    expect(client.config.state).toMatch(/^[0-9a-f]{32}$/);
    client.config.callback({
      code: 'google-code',
      scope: 'email profile openid',
      state: client.config.state,
    });
    await expect(pending).resolves.toEqual({
      code: 'google-code',
      scope: 'email profile openid',
    } satisfies AuthCodeResponse);
  });

  it('requestCode before the script is ready waits for it', async () => {
    const gis = fakeGis();
    const provider = signIn();
    const pending = provider.requestCode();
    expect(await settled(pending)).toBe('pending');
    expect(gis.clients).toHaveLength(0);
    gisLoads(gis.oauth2);
    await vi.advanceTimersByTimeAsync(0);
    gis.last().config.callback({ code: 'later' });
    await expect(pending).resolves.toEqual({ code: 'later' });
  });

  it('the popup closed or failing to open rejects with what went wrong', async () => {
    const { gis, provider } = await loadedSignIn();
    const closed = provider.requestCode();
    gis.last().config.error_callback?.({ type: 'popup_closed', message: 'Popup window closed' });
    await expect(closed).rejects.toThrow('popup_closed');
    const blocked = provider.requestCode();
    gis.last().config.error_callback?.({ type: 'popup_failed_to_open' });
    await expect(blocked).rejects.toThrow(signInFailures.popupBlocked);
    const odd = provider.requestCode();
    gis.last().config.error_callback?.({});
    await expect(odd).rejects.toThrow(signInFailures.unknown);
  });

  it('an error answer, another state or no code rejects', async () => {
    const { gis, provider } = await loadedSignIn();
    const denied = provider.requestCode();
    gis.last().config.callback({ error: 'access_denied', error_description: 'The user denied' });
    await expect(denied).rejects.toThrow('access_denied');
    const forged = provider.requestCode();
    gis.last().config.callback({ code: 'x', state: 'not-mine' });
    await expect(forged).rejects.toThrow(signInFailures.stateMismatch);
    const empty = provider.requestCode();
    gis.last().config.callback({});
    await expect(empty).rejects.toThrow(signInFailures.noCode);
  });

  it('late callbacks of a settled or replaced request are ignored', async () => {
    const { gis, provider } = await loadedSignIn();
    const first = provider.requestCode();
    const firstClient = gis.last();
    const second = provider.requestCode();
    await expect(first).rejects.toThrow(signInFailures.superseded);
    firstClient.config.callback({ code: 'stale' });
    expect(await settled(second)).toBe('pending');
    gis.last().config.callback({ code: 'fresh' });
    gis.last().config.error_callback?.({ type: 'popup_closed' });
    await expect(second).resolves.toEqual({ code: 'fresh' });
  });

  it('a script that fails to load, loads without GIS, or times out rejects ready() and requestCode()', async () => {
    const failed = signIn();
    gisScript().dispatchEvent(new Event('error'));
    await expect(failed.ready()).rejects.toThrow(scriptFailures.loadFailed);
    await expect(failed.requestCode()).rejects.toThrow(scriptFailures.loadFailed);

    for (const script of scripts()) script.remove();
    const empty = signIn();
    gisLoads(undefined);
    await expect(empty.ready()).rejects.toThrow(scriptFailures.notInitialised);

    for (const script of scripts()) script.remove();
    const slow = signIn();
    const ready = slow.ready();
    ready.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(SCRIPT_TIMEOUT_MS);
    await expect(ready).rejects.toThrow(scriptFailures.timeout);
    expect(vi.getTimerCount()).toBe(0);
  });
});
