/**
 * Captcha token verification (spec §4 Captcha token, action 'signup'):
 *
 * - 'recaptcha' (RECAPTCHA_SECRET_KEY set): Google's siteverify must answer success, the expected
 *   action and a score of at least 0.5.
 * - 'standIn' (no secret and no site key, outside production): only tokens of the development
 *   stand-in are accepted (POST {API}/dev/captcha/token): HMAC-signed by this server, bound to the
 *   action and valid for 2 minutes, so a made-up token is refused.
 * - 'unverified' (no secret but a site key, outside production): every token is accepted; a
 *   warning is logged once.
 * - 'none' (no secret in production, which starts so only with CAPTCHA_OPT_OUT=1): there is no
 *   captcha. No token is ever accepted: the calls a captcha guards do not ask for one
 *   ({@link passesCaptcha}: signup, its Google variant, invitation acceptances), and a login
 *   past the account's failure threshold is refused until its window ends (server/features/auth).
 *   A warning is logged once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CAPTCHA_TOKEN_MAX } from '../../contract/identity';
import type { Signer } from '../domain/signing';

export const SIGNUP_CAPTCHA_ACTION = 'signup';
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const RECAPTCHA_MIN_SCORE = 0.5;
export const STAND_IN_TOKEN_TTL_SECONDS = 120;
/** reCAPTCHA actions: letters, digits, slashes and underscores. */
import { CAPTCHA_ACTION_PATTERN } from '../../contract/endpoints/dev';

export { CAPTCHA_ACTION_PATTERN };

const STAND_IN_PREFIX = 'standin';
const STAND_IN_PURPOSE = 'dev-captcha';
const VERIFY_TIMEOUT_MS = 10_000;

export type CaptchaMode = 'recaptcha' | 'standIn' | 'unverified' | 'none';

export interface CaptchaVerifier {
  readonly mode: CaptchaMode;
  /** Whether `token` proves a human did `action`. Never throws. */
  verify(token: string, action: string, clientAddress: string): Promise<boolean>;
  /** The stand-in's token for `action` (mode 'standIn' only). */
  issueStandInToken(action: string): Promise<string>;
}

export interface CaptchaOptions {
  siteKey: string;
  secretKey: string;
  production: boolean;
  signer: Signer;
  now: () => Date;
  fetch: typeof globalThis.fetch;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function captchaMode(
  options: Pick<CaptchaOptions, 'siteKey' | 'secretKey' | 'production'>,
): CaptchaMode {
  if (options.secretKey !== '') return 'recaptcha';
  if (options.production) return 'none';
  if (options.siteKey !== '') return 'unverified';
  return 'standIn';
}

/**
 * Whether a call guarded by a captcha may go on: `token` verified, or no captcha at all (mode
 * 'none': the call does not ask for one). The login past its account's threshold is not such a
 * call: without a captcha it is refused instead.
 */
export async function passesCaptcha(
  captcha: CaptchaVerifier,
  token: string,
  action: string,
  clientAddress: string,
): Promise<boolean> {
  return captcha.mode === 'none' || captcha.verify(token, action, clientAddress);
}

interface SiteVerifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
}

async function siteVerify(
  options: CaptchaOptions,
  token: string,
  action: string,
  clientAddress: string,
): Promise<boolean> {
  try {
    const response = await options.fetch(RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret: options.secretKey,
        response: token,
        remoteip: clientAddress,
      }).toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const answer = (await response.json()) as SiteVerifyAnswer;
    return (
      answer.success === true &&
      answer.action === action &&
      typeof answer.score === 'number' &&
      answer.score >= RECAPTCHA_MIN_SCORE
    );
  } catch (error) {
    options.log.warn({ err: error }, 'reCAPTCHA siteverify failed');
    return false;
  }
}

async function verifyStandIn(options: CaptchaOptions, token: string, action: string) {
  const [prefix, tokenAction, expiresAt, signature, ...rest] = token.split('.');
  if (prefix !== STAND_IN_PREFIX || rest.length > 0 || signature === undefined) return false;
  if (tokenAction !== action || expiresAt === undefined || !/^\d{1,15}$/.test(expiresAt)) {
    return false;
  }
  const now = options.now().getTime();
  const expiry = Number(expiresAt);
  if (expiry <= now || expiry > now + STAND_IN_TOKEN_TTL_SECONDS * 1000) return false;
  return options.signer.verify(STAND_IN_PURPOSE, `${action}.${expiresAt}`, signature);
}

export function createCaptchaVerifier(options: CaptchaOptions): CaptchaVerifier {
  const mode = captchaMode(options);
  if (mode === 'unverified') {
    options.log.warn(
      'RECAPTCHA_SECRET_KEY is not set: captcha tokens are accepted without verification.',
    );
  } else if (mode === 'none') {
    options.log.warn(
      'CAPTCHA_OPT_OUT: no captcha. Signup does not ask for one, and an account past ' +
        'LOGIN_RATE_LIMIT_ACCOUNT failed logins is refused from every address until its window ends.',
    );
  }
  return {
    mode,
    async verify(token, action, clientAddress) {
      if (token.length === 0 || token.length > CAPTCHA_TOKEN_MAX) return false;
      if (mode === 'recaptcha') return siteVerify(options, token, action, clientAddress);
      if (mode === 'standIn') return verifyStandIn(options, token, action);
      // A token no one can verify never passes in production.
      return mode === 'unverified';
    },
    async issueStandInToken(action) {
      if (mode !== 'standIn') throw new Error('The captcha stand-in is not in use.');
      const expiresAt = String(options.now().getTime() + STAND_IN_TOKEN_TTL_SECONDS * 1000);
      const signature = await options.signer.sign(STAND_IN_PURPOSE, `${action}.${expiresAt}`);
      return [STAND_IN_PREFIX, action, expiresAt, signature].join('.');
    },
  };
}
