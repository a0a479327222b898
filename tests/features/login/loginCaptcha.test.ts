/**
 * The login's captcha: once an account has had too many failures, the server answers the login
 * with 403 and {captchaRequired: true}; the client makes a token for 'login' and sends the same
 * login once more with it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LoginRequest, SessionData } from '../../../contract/auth';
import { ResponseStatus } from '../../../contract/enums';
import {
  CaptchaUnavailableError,
  isCaptchaRequired,
  loginWithCaptchaWhenAsked,
} from '../../../src/features/login/captchaWhenAsked';
import { captchaTokenTexts } from '../../../src/machines/captchaTokenMachine';
import { messagesFrom } from '../../../src/machines/errorMessages';
import { ApiError, interpretResponse } from '../../../src/services/apiResponse';
import { unknown } from 'superstruct';

const request: LoginRequest = { email: 'owner@example.com', password: 'Giving!2026' };
const session: SessionData = {
  jwtToken: 'token',
  jwtTokenExpiresIn: 900,
  refreshTokenExpiresAt: '2026-12-01T00:00:00Z',
};
const CAPTCHA_TEXT = 'Please complete the captcha to sign in.';

/** The server's refusal, read by the transport as it reads any non-2xx answer. */
function refusal(status: number, data: unknown, messages = [CAPTCHA_TEXT]): ApiError {
  try {
    interpretResponse(
      status,
      JSON.stringify({ status: ResponseStatus.Error, messages, data }),
      unknown(),
    );
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('interpretResponse did not throw');
}

describe('isCaptchaRequired', () => {
  it("reads the server's 403 with {captchaRequired: true}, and nothing else", () => {
    expect(isCaptchaRequired(refusal(403, { captchaRequired: true }))).toBe(true);
    expect(isCaptchaRequired(refusal(403, null, ['Account not activated']))).toBe(false);
    expect(isCaptchaRequired(refusal(401, { captchaRequired: true }))).toBe(false);
    expect(isCaptchaRequired(refusal(403, { captchaRequired: 'yes' }))).toBe(false);
    expect(isCaptchaRequired(new Error('captchaRequired'))).toBe(false);
  });
});

describe('loginWithCaptchaWhenAsked', () => {
  it('logs in once, with no token, when the server does not ask for one', async () => {
    const login = vi.fn(async () => session);
    const captcha = vi.fn(async () => 'never');
    await expect(loginWithCaptchaWhenAsked(login, captcha, request)).resolves.toBe(session);
    expect(login.mock.calls).toEqual([[request]]);
    expect(captcha).not.toHaveBeenCalled();
  });

  it('passes any other refusal on, without a captcha', async () => {
    const wrong = refusal(401, null, ['Invalid email or password.']);
    const login = vi.fn(async () => Promise.reject(wrong));
    const captcha = vi.fn(async () => 'never');
    await expect(loginWithCaptchaWhenAsked(login, captcha, request)).rejects.toBe(wrong);
    expect(login).toHaveBeenCalledTimes(1);
    expect(captcha).not.toHaveBeenCalled();
  });

  it("makes a token for 'login' when asked and sends the same login again with it", async () => {
    const login = vi
      .fn<(r: LoginRequest) => Promise<SessionData>>()
      .mockRejectedValueOnce(refusal(403, { captchaRequired: true }))
      .mockResolvedValueOnce(session);
    const captcha = vi.fn(async () => 'captcha-token');
    await expect(loginWithCaptchaWhenAsked(login, captcha, request)).resolves.toBe(session);
    expect(captcha.mock.calls).toEqual([['login']]);
    expect(login.mock.calls).toEqual([
      [request],
      [{ ...request, reCaptchaToken: 'captcha-token' }],
    ]);
  });

  it('answers the second refusal as it is (a token is tried once)', async () => {
    const refused = refusal(403, { captchaRequired: true });
    const login = vi.fn(async () => Promise.reject(refused));
    await expect(
      loginWithCaptchaWhenAsked(login, async () => 'captcha-token', request),
    ).rejects.toBe(refused);
    expect(login).toHaveBeenCalledTimes(2);
  });

  it("shows the captcha's text when no token can be made", async () => {
    const login = vi.fn(async () => Promise.reject(refusal(403, { captchaRequired: true })));
    const failure = loginWithCaptchaWhenAsked(
      login,
      async () => Promise.reject(new Error('script blocked')),
      request,
    );
    await expect(failure).rejects.toBeInstanceOf(CaptchaUnavailableError);
    const error = await failure.catch((e: unknown) => e);
    expect(messagesFrom(error, 'Error logging in, please try again.')).toEqual([
      captchaTokenTexts.failed,
    ]);
    expect(login).toHaveBeenCalledTimes(1);
  });
});
