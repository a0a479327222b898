/**
 * The session-recording service (spec §1: loaded at start-up; §3 Configuration: a
 * session-recording app id): LogRocket, whose app id is 'org/app', only when the configuration
 * carries one. Its official CDN script, then `LogRocket.init(appId, options)`.
 *
 * Sensitive fields never reach the recording: every input's value is masked
 * (`dom.inputSanitizer`), elements marked `data-private` (the password and one-time code
 * fields of src/views) are not recorded at all, and the network log drops the Authorization
 * header and the bodies of the auth/ calls (passwords, codes, tokens).
 */
import { loadScript, scriptFailures } from './script';

export const SESSION_RECORDING_SCRIPT_URL = 'https://cdn.lr-ingest.com/LogRocket.min.js';
/** The attribute LogRocket honours to leave an element out of the recording. */
export const SESSION_RECORDING_PRIVATE_ATTRIBUTE = 'data-private';

/** The part of LogRocket's request and response objects the sanitizers touch. */
interface RecordedExchange {
  url?: string;
  body?: unknown;
  headers?: Record<string, string | undefined>;
}

export interface SessionRecordingOptions {
  dom: { inputSanitizer: boolean; privateAttributeBlocklist: string[] };
  network: {
    requestSanitizer: (request: RecordedExchange) => RecordedExchange | null;
    responseSanitizer: (response: RecordedExchange) => RecordedExchange | null;
  };
}

export interface LogRocketApi {
  init(appId: string, options?: SessionRecordingOptions): void;
}

/** Calls whose bodies carry passwords, codes or tokens (auth/..., and the session's answers). */
const SENSITIVE_PATH = /\/auth\//i;

function withoutSecrets(exchange: RecordedExchange): RecordedExchange {
  const headers = { ...(exchange.headers ?? {}) };
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'authorization') delete headers[name];
  }
  const sensitive = SENSITIVE_PATH.test(exchange.url ?? '');
  return { ...exchange, headers, ...(sensitive ? { body: undefined } : {}) };
}

/** The privacy options given to LogRocket.init. */
export const sessionRecordingOptions: SessionRecordingOptions = {
  dom: { inputSanitizer: true, privateAttributeBlocklist: [] },
  network: { requestSanitizer: withoutSecrets, responseSanitizer: withoutSecrets },
};

export interface LoadSessionRecordingOptions {
  /** The configuration's sessionRecordingAppId ('org/app'); empty: nothing is loaded. */
  appId: string;
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
      logRocket.init(appId, sessionRecordingOptions);
    },
  });
  return true;
}
