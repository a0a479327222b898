/**
 * The captcha (spec §4 Captcha token): reCAPTCHA v3 when the configuration carries a site key,
 * otherwise the development stand-in served by the reference server, whose tokens that server
 * accepts (`POST {apiBase}/dev/captcha/token {action}`).
 */
import { devEndpoints } from '../../../contract/endpoints/dev';
import { ApiError, dataOrThrow } from '../apiResponse';
import { createCall } from '../call';
import type { HttpClient } from '../http';
import { loadScript, scriptFailures } from './script';

export interface CaptchaProvider {
  /** Resolves when tokens can be made; rejects when the captcha failed to load. */
  ready(): Promise<void>;
  /** A token for `action` (e.g. 'signup'), sent with the call it protects. */
  execute(action: string): Promise<string>;
}

/** The part of reCAPTCHA v3's `grecaptcha` global used here. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

export interface LoadCaptchaOptions {
  /** The configuration's reCaptchaSiteKey; empty selects the development stand-in. */
  siteKey: string;
  /** The app's HttpClient (the stand-in's token comes from under the API base). */
  http: HttpClient;
  /** Where the script is injected; defaults to the global document. */
  document?: Document;
  /** Time allowed for the script to load and become ready; 10 s by default. */
  timeoutMs?: number;
}

function grecaptchaOf(doc: Document | undefined): Grecaptcha | undefined {
  const win = (doc?.defaultView ?? undefined) as (Window & { grecaptcha?: unknown }) | undefined;
  const candidate = win?.grecaptcha as Partial<Grecaptcha> | undefined;
  return typeof candidate?.ready === 'function' && typeof candidate.execute === 'function'
    ? (candidate as Grecaptcha)
    : undefined;
}

/** reCAPTCHA v3: the script starts loading now; `ready()` waits for `grecaptcha.ready`. */
function recaptcha(siteKey: string, options: LoadCaptchaOptions): CaptchaProvider {
  const doc = options.document ?? globalThis.document;
  const loading = loadScript({
    document: doc,
    src: `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`,
    isPresent: () => grecaptchaOf(doc) !== undefined,
    whenLoaded: () =>
      new Promise<void>((resolve, reject) => {
        const grecaptcha = grecaptchaOf(doc);
        if (grecaptcha === undefined) reject(new Error(scriptFailures.notInitialised));
        else grecaptcha.ready(resolve);
      }),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  // Loading starts at creation; a failure is reported by ready() and execute(), not as an
  // unhandled rejection when no one has asked yet.
  loading.catch(() => undefined);

  return {
    ready: () => loading,
    async execute(action) {
      await loading;
      const grecaptcha = grecaptchaOf(doc);
      if (grecaptcha === undefined) throw new Error(scriptFailures.notInitialised);
      const token: unknown = await grecaptcha.execute(siteKey, { action });
      if (typeof token !== 'string' || token === '') throw new Error('captcha_no_token');
      return token;
    },
  };
}

/**
 * The token sent where the server has no captcha at all: a production server started with
 * CAPTCHA_OPT_OUT and no site key serves no stand-in (its dev/ calls answer 404) and asks for no
 * token, but the calls still carry a non-empty one. Any server with a captcha refuses it.
 */
export const NO_CAPTCHA_TOKEN = 'no-captcha';

/**
 * The development stand-in: nothing to load; each token is asked of the reference server. A
 * server that does not serve the stand-in (404) has no captcha: {@link NO_CAPTCHA_TOKEN}.
 */
function standIn(http: HttpClient): CaptchaProvider {
  return {
    ready: () => Promise.resolve(),
    async execute(action) {
      try {
        return dataOrThrow(await createCall(http)(devEndpoints.captchaToken, { action })).token;
      } catch (error) {
        if (error instanceof ApiError && error.httpStatus === 404) return NO_CAPTCHA_TOKEN;
        throw error;
      }
    },
  };
}

/**
 * The captcha for this configuration: with a site key, reCAPTCHA v3 (its script is injected at
 * once); without one, the development stand-in (nothing is loaded).
 */
export function loadCaptcha(options: LoadCaptchaOptions): CaptchaProvider {
  const siteKey = options.siteKey.trim();
  return siteKey === '' ? standIn(options.http) : recaptcha(siteKey, options);
}
