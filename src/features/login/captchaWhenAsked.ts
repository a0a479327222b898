/**
 * The login's captcha (issue 13: throttling that cannot lock someone else out). Once an account
 * has had too many failed logins, from any address, the server no longer refuses its right
 * password but asks for a captcha: 403 with `{captchaRequired: true}`. The login is then sent
 * again with a token for the action 'login'. reCAPTCHA v3 is invisible, so the person sees only a
 * slightly longer 'Login'; a token that cannot be made shows the captcha's own text.
 */
import { is } from 'superstruct';
import {
  CaptchaRequiredData,
  LOGIN_CAPTCHA_ACTION,
  type LoginRequest,
  type SessionData,
} from '../../../contract/auth';
import { captchaTokenTexts } from '../../machines/captchaTokenMachine';
import { isApiError } from '../../services/apiResponse';

/** The login failed because no captcha token could be made; its messages are shown. */
export class CaptchaUnavailableError extends Error {
  override readonly name = 'CaptchaUnavailableError';
  readonly messages = [captchaTokenTexts.failed];

  constructor(cause: unknown) {
    super(captchaTokenTexts.failed, { cause });
  }
}

/** The server asks for a captcha before it looks at the password. */
export const isCaptchaRequired = (error: unknown): boolean =>
  isApiError(error) && error.httpStatus === 403 && is(error.data, CaptchaRequiredData);

/**
 * Logs in; when the server asks for a captcha, makes a token for 'login' and sends the same
 * request once more with it (a refusal then is the answer).
 */
export async function loginWithCaptchaWhenAsked(
  login: (request: LoginRequest) => Promise<SessionData>,
  captchaToken: (action: string) => Promise<string>,
  request: LoginRequest,
): Promise<SessionData> {
  try {
    return await login(request);
  } catch (error) {
    if (!isCaptchaRequired(error)) throw error;
  }
  let reCaptchaToken: string;
  try {
    reCaptchaToken = await captchaToken(LOGIN_CAPTCHA_ACTION);
  } catch (error) {
    throw new CaptchaUnavailableError(error);
  }
  return login({ ...request, reCaptchaToken });
}
