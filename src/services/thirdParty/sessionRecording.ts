/**
 * The session-recording service (spec §1: loaded at start-up; §3 Configuration: a
 * session-recording app id): LogRocket, whose app id is 'org/app', only when the configuration
 * carries one. Its official CDN script, then `LogRocket.init(appId, options)`.
 *
 * Sensitive data never reaches the recording: every input's value is masked
 * (`dom.inputSanitizer`), elements marked `data-private` (the password and one-time code
 * fields of src/views) are not recorded at all; page URLs (`browser.urlSanitizer`) and request
 * URLs lose the keys of the emailed links and the values of secret query params (the flows'
 * `secretParams` / `secretQuery`: the app passes src/app/redact.ts's `redactUrl`, services never
 * import the app); the network log drops the
 * credential headers and the bodies of the calls that carry passwords, codes, keys or tokens.
 *
 * The option names and the request/response shapes are LogRocket's own (logrocket 12.4.0,
 * dist/types.d.ts: `IOptions.network.requestSanitizer(IRequest)`,
 * `responseSanitizer(IResponse)`, `browser.urlSanitizer(url)`; a response's `url` is optional,
 * both carry the `reqId` that pairs them; returning null from the request sanitizer ignores
 * the pair).
 */
import { loadScript, scriptFailures } from './script';

export const SESSION_RECORDING_SCRIPT_URL = 'https://cdn.lr-ingest.com/LogRocket.min.js';
/** The attribute LogRocket honours to leave an element out of the recording. */
export const SESSION_RECORDING_PRIVATE_ATTRIBUTE = 'data-private';

type RecordedHeaders = Record<string, string | null | undefined>;

/** LogRocket's request object (its `IRequest`). */
export interface RecordedRequest {
  reqId: string;
  url: string;
  headers: RecordedHeaders;
  body?: string | null | undefined;
  method: string;
  referrer?: string | null | undefined;
  mode?: string | null | undefined;
  credentials?: string | null | undefined;
}

/** LogRocket's response object (its `IResponse`): the url may be missing. */
export interface RecordedResponse {
  reqId: string;
  status?: number | null | undefined;
  headers: RecordedHeaders;
  body?: string | null | undefined;
  method: string;
  url?: string | null | undefined;
}

export interface SessionRecordingOptions {
  dom: { inputSanitizer: boolean; privateAttributeBlocklist: string[] };
  browser: { urlSanitizer: (url: string) => string | null };
  network: {
    requestSanitizer: (request: RecordedRequest) => RecordedRequest | null;
    responseSanitizer: (response: RecordedResponse) => RecordedResponse | null;
  };
}

export interface LogRocketApi {
  init(appId: string, options?: SessionRecordingOptions): void;
}

/**
 * Calls whose bodies (asked or answered) may carry passwords, codes, keys or tokens: auth/...
 * (login, refresh, signup, impersonate, activation, reset, invitations: jwtToken and keys),
 * userinvitations/... (userInvitationKey), stripe/... (checkout session ids and links), the
 * development stand-ins (dev/..., e.g. the mails with their links) and the configuration (the
 * media service's API key).
 */
const SECRET_BODY_PATH = /\/(?:auth|userinvitations|stripe|dev)\/|\/api\/configuration\/?$/i;
/** Headers that carry credentials. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key']);
/** How many requests may wait for their response before the oldest are forgotten. */
const PENDING_LIMIT = 500;

function pathOf(url: string): string {
  return url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '');
}

const carriesSecrets = (url: string) => SECRET_BODY_PATH.test(pathOf(url));

function withoutSecretHeaders(headers: RecordedHeaders | undefined): RecordedHeaders {
  const kept: RecordedHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!SECRET_HEADERS.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

/** Replaces the secrets of a URL (the flows' secret path params, secret query values). */
export type RedactUrl = (url: string) => string;

/**
 * The privacy options given to LogRocket.init. A response body is kept only when its request
 * was seen and carries no secrets (matched by `reqId`, since a response need not have a url);
 * any other response body is dropped.
 */
export function createSessionRecordingOptions(redactUrl: RedactUrl): SessionRecordingOptions {
  /** The reqIds of requests seen whose answers may be recorded. */
  const recordable = new Set<string>();
  return {
    dom: { inputSanitizer: true, privateAttributeBlocklist: [] },
    browser: { urlSanitizer: (url) => redactUrl(url) },
    network: {
      requestSanitizer: (request) => {
        const secret = carriesSecrets(request.url);
        recordable.delete(request.reqId);
        if (!secret) {
          recordable.add(request.reqId);
          if (recordable.size > PENDING_LIMIT) {
            const oldest = recordable.values().next().value;
            if (oldest !== undefined) recordable.delete(oldest);
          }
        }
        const sanitized: RecordedRequest = {
          ...request,
          url: redactUrl(request.url),
          headers: withoutSecretHeaders(request.headers),
          ...(secret ? { body: null } : {}),
        };
        if (typeof request.referrer === 'string') sanitized.referrer = redactUrl(request.referrer);
        return sanitized;
      },
      responseSanitizer: (response) => {
        const known = recordable.delete(response.reqId);
        const url = typeof response.url === 'string' ? response.url : null;
        const keep = known && (url === null || !carriesSecrets(url));
        return {
          ...response,
          ...(url === null ? {} : { url: redactUrl(url) }),
          headers: withoutSecretHeaders(response.headers),
          ...(keep ? {} : { body: null }),
        };
      },
    },
  };
}

export interface LoadSessionRecordingOptions {
  /** The configuration's sessionRecordingAppId ('org/app'); empty: nothing is loaded. */
  appId: string;
  /** How page and request URLs lose their secrets (src/app/redact.ts's redactUrl). */
  redactUrl: RedactUrl;
  document?: Document | undefined;
  window?: (Window & { LogRocket?: LogRocketApi }) | undefined;
}

/** Loads and starts the recorder when an app id is configured (false when not configured). */
export async function loadSessionRecording(options: LoadSessionRecordingOptions): Promise<boolean> {
  const appId = options.appId.trim();
  if (appId === '') return false;
  const win: (Window & { LogRocket?: LogRocketApi }) | undefined =
    options.window ?? (typeof window === 'undefined' ? undefined : window);
  const doc = options.document ?? win?.document;
  await loadScript({
    document: doc,
    src: SESSION_RECORDING_SCRIPT_URL,
    isPresent: () => win?.LogRocket !== undefined,
    whenLoaded: async () => {
      const logRocket = win?.LogRocket;
      if (logRocket === undefined) throw new Error(scriptFailures.notInitialised);
      logRocket.init(appId, createSessionRecordingOptions(options.redactUrl));
    },
  });
  return true;
}
