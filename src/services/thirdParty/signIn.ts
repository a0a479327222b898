/**
 * The third-party sign-in provider (spec §2.3 Login, Signup): the Google Identity Services
 * authorization-code flow when the configuration carries a client id, otherwise the development
 * stand-in: a consent page served by the reference server, opened in a popup, that posts a code
 * the server accepts back to this window.
 *
 * `requestCode()` opens a popup, so call it from the click handler: the popup is opened before
 * its first `await` whenever the provider is ready.
 */
import { literal, size, string, type, validate } from 'superstruct';
import { AUTH_CODE_MAX, KEY_MAX, type AuthCodeResponse } from '../../../contract/identity';
import { devStandInPaths } from '../../../contract/paths';
import { resolveApiBase } from '../apiUrl';
import { loadScript, scriptFailures } from './script';

export interface RequestCodeOptions {
  /** Aborting stops waiting (the stand-in's popup is closed) and rejects with the reason. */
  signal?: AbortSignal;
}

export interface SignInProvider {
  /** Resolves when sign-in can start; rejects when the provider failed to load. */
  ready(): Promise<void>;
  /**
   * Asks the person to sign in and consent: the authorization code for the server, or an
   * Error whose message is one of {@link signInFailures} (or the provider's own error code).
   */
  requestCode(options?: RequestCodeOptions): Promise<AuthCodeResponse>;
}

/** Why no code came back (the Error's message), in Google Identity Services' own terms. */
export const signInFailures = {
  /** The popup could not be opened (blocked). */
  popupBlocked: 'popup_failed_to_open',
  /** The popup was closed before an answer. */
  popupClosed: 'popup_closed',
  /** The answer did not belong to this request. */
  stateMismatch: 'state_mismatch',
  /** A later request replaced this one. */
  superseded: 'request_superseded',
  /** The provider answered neither a code nor an error. */
  noCode: 'no_code',
  unknown: 'unknown',
} as const;

export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const SIGN_IN_SCOPE = 'openid email profile';
export const CONSENT_WINDOW_NAME = 'givedrop-consent';
export const CONSENT_WINDOW_FEATURES = 'popup,width=480,height=640';
/** The `type` of the stand-in consent page's message. */
export const DEV_OAUTH_MESSAGE_TYPE = 'givedrop-dev-oauth';
/** How often the stand-in checks whether its popup was closed. */
export const POPUP_POLL_MS = 500;

/** What `google.accounts.oauth2.initCodeClient` takes and answers (the part used here). */
export interface GisCodeResponse {
  code?: string;
  scope?: string;
  state?: string;
  error?: string;
  error_description?: string;
}
export interface GisErrorResponse {
  type?: string;
  message?: string;
}
export interface GisCodeClientConfig {
  client_id: string;
  scope: string;
  ux_mode: 'popup';
  state?: string;
  callback: (response: GisCodeResponse) => void;
  error_callback?: (error: GisErrorResponse) => void;
}
export interface GisOauth2 {
  initCodeClient(config: GisCodeClientConfig): { requestCode(): void };
}

export interface LoadSignInOptions {
  /** The configuration's googleClientId; empty selects the development stand-in. */
  clientId: string;
  /** The configuration's apiBaseUrl (the stand-in's consent page is under it). */
  apiBaseUrl: string;
  /** The app's window; defaults to the global window. */
  window?: Window;
  /** Time allowed for the provider's script to load; 10 s by default. */
  timeoutMs?: number;
}

type GisWindow = Window & { google?: { accounts?: { oauth2?: Partial<GisOauth2> } } };

function gisOf(win: Window | undefined): GisOauth2 | undefined {
  const oauth2 = (win as GisWindow | undefined)?.google?.accounts?.oauth2;
  return typeof oauth2?.initCodeClient === 'function' ? (oauth2 as GisOauth2) : undefined;
}

/** An unguessable value tying an answer to its request. */
function randomState(win: Window | undefined): string {
  const bytes = new Uint8Array(16);
  (win?.crypto ?? globalThis.crypto).getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One pending request at a time: a new one rejects the previous with 'request_superseded'.
 * `start` wires the request up and returns its clean-up, run on every way out.
 */
function singleFlight() {
  let cancelCurrent: ((error: Error) => void) | null = null;
  return function run<T>(
    signal: AbortSignal | undefined,
    start: (resolve: (value: T) => void, reject: (error: unknown) => void) => () => void,
  ): Promise<T> {
    cancelCurrent?.(new Error(signInFailures.superseded));
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      let done = false;
      let cleanUp: () => void = () => undefined;
      const finish = (): boolean => {
        if (done) return false;
        done = true;
        if (cancelCurrent === cancel) cancelCurrent = null;
        signal?.removeEventListener('abort', onAbort);
        cleanUp();
        return true;
      };
      const cancel = (error: unknown): void => {
        if (finish()) reject(error);
      };
      const onAbort = (): void => cancel(signal?.reason);
      cancelCurrent = cancel;
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        cleanUp = start((value) => {
          if (finish()) resolve(value);
        }, cancel);
      } catch (error) {
        cancel(error);
      }
      if (done) cleanUp();
    });
  };
}

/** Google Identity Services, code flow in a popup; the script starts loading now. */
function googleIdentity(clientId: string, options: LoadSignInOptions): SignInProvider {
  const win = options.window ?? globalThis.window;
  let loaded = false;
  const loading = loadScript({
    document: win?.document,
    src: GIS_SCRIPT_URL,
    isPresent: () => gisOf(win) !== undefined,
    whenLoaded: () =>
      gisOf(win) === undefined
        ? Promise.reject(new Error(scriptFailures.notInitialised))
        : Promise.resolve(),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  }).then(() => {
    loaded = true;
  });
  loading.catch(() => undefined);
  const run = singleFlight();

  const request = (signal: AbortSignal | undefined): Promise<AuthCodeResponse> =>
    run<AuthCodeResponse>(signal, (resolve, reject) => {
      const gis = gisOf(win);
      if (gis === undefined) {
        reject(new Error(scriptFailures.notInitialised));
        return () => undefined;
      }
      const state = randomState(win);
      gis
        .initCodeClient({
          client_id: clientId,
          scope: SIGN_IN_SCOPE,
          ux_mode: 'popup',
          state,
          callback: (response) => {
            if (response.error !== undefined && response.error !== '') {
              reject(new Error(response.error));
            } else if (response.state !== undefined && response.state !== state) {
              reject(new Error(signInFailures.stateMismatch));
            } else if (response.code === undefined || response.code === '') {
              reject(new Error(signInFailures.noCode));
            } else {
              resolve({
                code: response.code,
                ...(response.scope !== undefined ? { scope: response.scope } : {}),
              });
            }
          },
          error_callback: (error) => {
            reject(new Error(error.type || error.message || signInFailures.unknown));
          },
        })
        .requestCode();
      // Google's popup cannot be closed from here; a settled request ignores later callbacks.
      return () => undefined;
    });

  return {
    ready: () => loading,
    requestCode(requestOptions = {}) {
      // Once loaded, the popup opens synchronously, inside the click that asked for it.
      if (loaded) return request(requestOptions.signal);
      return loading.then(() => request(requestOptions.signal));
    },
  };
}

/** The consent page's message: `{type: 'givedrop-dev-oauth', code, state}`. */
const DevOAuthMessage = type({
  type: literal(DEV_OAUTH_MESSAGE_TYPE),
  code: size(string(), 1, AUTH_CODE_MAX),
  state: size(string(), 1, KEY_MAX),
});

/** The development stand-in: the reference server's consent page in a popup; nothing to load. */
function standIn(options: LoadSignInOptions): SignInProvider {
  const run = singleFlight();
  return {
    ready: () => Promise.resolve(),
    requestCode(requestOptions = {}) {
      const win = options.window ?? globalThis.window;
      return run<AuthCodeResponse>(requestOptions.signal, (resolve, reject) => {
        let consentUrl: URL;
        try {
          const base = resolveApiBase(options.apiBaseUrl, win.location.origin);
          if (base === null) throw new Error('The API base URL is not configured');
          consentUrl = new URL(devStandInPaths.consentPage, base);
        } catch (error) {
          reject(error);
          return () => undefined;
        }
        const state = randomState(win);
        consentUrl.searchParams.set('state', state);
        consentUrl.searchParams.set('origin', win.location.origin);
        const popup = win.open(consentUrl.href, CONSENT_WINDOW_NAME, CONSENT_WINDOW_FEATURES);
        if (popup === null) {
          reject(new Error(signInFailures.popupBlocked));
          return () => undefined;
        }

        const onMessage = (event: MessageEvent): void => {
          if (event.origin !== consentUrl.origin) return;
          const [error, message] = validate(event.data, DevOAuthMessage);
          if (error !== undefined || message.state !== state) return;
          resolve({ code: message.code, state: message.state });
        };
        // The consent page posts its answer and then closes, so a popup found closed gets one
        // more poll for the answer (a message already queued) before the request fails.
        let seenClosed = false;
        const poll = setInterval(() => {
          if (!popup.closed) return;
          if (seenClosed) reject(new Error(signInFailures.popupClosed));
          seenClosed = true;
        }, POPUP_POLL_MS);
        win.addEventListener('message', onMessage);
        return () => {
          win.removeEventListener('message', onMessage);
          clearInterval(poll);
          if (!popup.closed) popup.close();
        };
      });
    },
  };
}

/**
 * The sign-in provider for this configuration: with a client id, Google Identity Services (its
 * script is injected at once); without one, the development stand-in (nothing is loaded).
 */
export function loadSignIn(options: LoadSignInOptions): SignInProvider {
  const clientId = options.clientId.trim();
  return clientId === '' ? standIn(options) : googleIdentity(clientId, options);
}
