/** The identity, users and countries calls against a real local server. */
import { describe, expect, it } from 'vitest';
import type { SignupRequest, SignupWithGoogleRequest } from '../../contract/identity';
import type { Country } from '../../contract/lists';
import { ApiError, GENERIC_ERROR_TEXT } from '../../src/services/apiResponse';
import { createCountriesApi, FAILED_TO_FETCH_COUNTRIES } from '../../src/services/api/countries';
import { createIdentityApi } from '../../src/services/api/identity';
import { createUsersApi } from '../../src/services/api/users';
import { envelope, jsonBody, until, useTestServer } from './helpers/testServer';
import { sessionData as session } from './helpers/tokens';

const OK = 1;
const WARNING = 2;
const ERROR = 3;

const server = useTestServer();
const { answer, only } = server;

const signupRequest: SignupRequest = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Ada Lovelace',
  phone: '+447700900123',
  email: 'ada@example.test',
  password: 'Secret#123',
  termsAccepted: true,
  privacyPolicyAccepted: true,
  consentToHelpEmails: true,
  consentToMarketingEmails: false,
  usingEmail: true,
  reCaptchaToken: 'captcha-token',
  tenantAccountType: 'Individual',
  dateOfBirth: '1990-12-10',
  handle: 'ada_l',
};

const googleSignup: SignupWithGoogleRequest = {
  signupRequest: {
    tenantAccountType: 'Charity',
    companyName: 'Helping Hands',
    termsAccepted: true,
    privacyPolicyAccepted: true,
    consentToHelpEmails: false,
    consentToMarketingEmails: false,
    usingEmail: false,
    reCaptchaToken: 'captcha-token',
  },
  authCodeResponse: { code: 'auth-code', scope: 'openid email profile' },
};

const countries: Country[] = [
  { id: 1, name: 'Afghanistan', code: 'AF', callingCode: '93', enabled: true, order: 1 },
  { id: 2, name: 'United Kingdom', code: 'GB', callingCode: '44', enabled: true, order: 2 },
];

const client = () => server.http();

const identity = () => createIdentityApi(client());

describe('verifyAccount: POST auth/verifyAccount', () => {
  it('posts email and forSignup and resolves on Ok (data null or {sent: true})', async () => {
    answer(envelope(null));
    await expect(
      identity().verifyAccount({ email: 'ada@example.test', forSignup: true }),
    ).resolves.toBeUndefined();
    const request = only();
    expect([request.method, request.url]).toEqual(['POST', '/api/auth/verifyAccount']);
    expect(jsonBody(request)).toEqual({ email: 'ada@example.test', forSignup: true });
    answer(envelope({ sent: true }));
    await expect(identity().verifyAccount({ email: 'ada@example.test' })).resolves.toBeUndefined();
  });

  it('throws the server messages on Warning, Error and 4xx', async () => {
    answer(envelope(null, WARNING, ['An account with this email already exists']));
    await expect(identity().verifyAccount({ email: 'ada@example.test' })).rejects.toMatchObject({
      kind: 'status',
      status: WARNING,
      messages: ['An account with this email already exists'],
    });
    answer(envelope(null, ERROR, ['Too many requests']), 400);
    await expect(identity().verifyAccount({ email: 'ada@example.test' })).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 400,
      messages: ['Too many requests'],
    });
  });

  it('an Ok answer saying {sent: false} is a failure; a malformed answer is invalid', async () => {
    answer(envelope({ sent: false }, OK, ['Not sent']));
    await expect(identity().verifyAccount({ email: 'ada@example.test' })).rejects.toMatchObject({
      messages: ['Not sent'],
    });
    answer(envelope({ sent: 'yes' }));
    await expect(identity().verifyAccount({ email: 'ada@example.test' })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
    answer('not json');
    await expect(identity().verifyAccount({ email: 'ada@example.test' })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });
});

describe('verifyAccountCode: POST auth/verifyAccountCode', () => {
  it('posts email and code and resolves on Ok', async () => {
    answer(envelope({ verified: true }));
    await expect(
      identity().verifyAccountCode({ email: 'ada@example.test', code: '123456' }),
    ).resolves.toBeUndefined();
    const request = only();
    expect(request.url).toBe('/api/auth/verifyAccountCode');
    expect(jsonBody(request)).toEqual({ email: 'ada@example.test', code: '123456' });
  });

  it('throws the server message that shows the re-send link, and on {verified: false}', async () => {
    answer(envelope(null, ERROR, ['Invalid or expired verification code.']), 400);
    await expect(
      identity().verifyAccountCode({ email: 'ada@example.test', code: '000000' }),
    ).rejects.toMatchObject({ messages: ['Invalid or expired verification code.'] });
    answer(envelope({ verified: false }));
    await expect(
      identity().verifyAccountCode({ email: 'ada@example.test', code: '000000' }),
    ).rejects.toMatchObject({ kind: 'status', messages: [GENERIC_ERROR_TEXT], fromServer: false });
  });
});

describe('signup: POST auth/signup', () => {
  it('Ok with the session: signed in', async () => {
    answer(envelope(session));
    await expect(identity().signup(signupRequest)).resolves.toEqual({
      kind: 'signedIn',
      data: session,
    });
    const request = only();
    expect([request.method, request.url]).toEqual(['POST', '/api/auth/signup']);
    expect(jsonBody(request)).toEqual(signupRequest);
  });

  it('Ok with data null: created, activation by the emailed link', async () => {
    answer(envelope(null));
    await expect(identity().signup(signupRequest)).resolves.toEqual({ kind: 'created' });
  });

  it('Warning: the messages, nothing created (also when sent with a 4xx)', async () => {
    answer(envelope(null, WARNING, ['Handle is not available']));
    await expect(identity().signup(signupRequest)).resolves.toEqual({
      kind: 'warning',
      messages: ['Handle is not available'],
    });
    answer(envelope(null, WARNING, ['Email address is not verified']), 409);
    await expect(identity().signup(signupRequest)).resolves.toEqual({
      kind: 'warning',
      messages: ['Email address is not verified'],
    });
  });

  it('Error (2xx or 4xx) throws an ApiError with the server messages', async () => {
    answer(envelope(null, ERROR, ['You must be at least 18 years old']), 400);
    await expect(identity().signup(signupRequest)).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 400,
      messages: ['You must be at least 18 years old'],
    });
    answer(envelope(null, ERROR, ['Signup failed']));
    await expect(identity().signup(signupRequest)).rejects.toMatchObject({
      kind: 'status',
      status: ERROR,
      messages: ['Signup failed'],
    });
  });

  it('a session that does not match the contract, a server error or no envelope throws', async () => {
    answer(envelope({ jwtToken: 'a.b.c' }));
    await expect(identity().signup(signupRequest)).rejects.toMatchObject({
      kind: 'invalid-response',
    });
    answer('', 500);
    await expect(identity().signup(signupRequest)).rejects.toMatchObject({
      httpStatus: 500,
      messages: [GENERIC_ERROR_TEXT],
    });
    answer(envelope(null, WARNING, []), 400);
    await expect(identity().signup(signupRequest)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('signupWithGoogle and loginWithGoogle', () => {
  it('signupWithGoogle posts both parts and returns the session with the messages', async () => {
    answer(envelope(session, OK, ['Account already exists, logging in...']));
    await expect(identity().signupWithGoogle(googleSignup)).resolves.toEqual({
      data: session,
      messages: ['Account already exists, logging in...'],
    });
    const request = only();
    expect(request.url).toBe('/api/auth/signupWithGoogle');
    expect(jsonBody(request)).toEqual(googleSignup);
    answer(envelope(session));
    await expect(identity().signupWithGoogle(googleSignup)).resolves.toEqual({
      data: session,
      messages: [],
    });
  });

  it('signupWithGoogle throws on Warning, Error and an invalid session', async () => {
    answer(envelope(null, WARNING, ['Signups are closed']));
    await expect(identity().signupWithGoogle(googleSignup)).rejects.toMatchObject({
      kind: 'status',
      messages: ['Signups are closed'],
    });
    answer(envelope(null, ERROR, ['Invalid code']), 400);
    await expect(identity().signupWithGoogle(googleSignup)).rejects.toMatchObject({
      httpStatus: 400,
      messages: ['Invalid code'],
    });
    answer(envelope(null));
    await expect(identity().signupWithGoogle(googleSignup)).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('loginWithGoogle posts the code response and returns the session', async () => {
    answer(envelope(session));
    const request = { authCodeResponse: { code: 'auth-code', state: 'abc' } };
    await expect(identity().loginWithGoogle(request)).resolves.toEqual(session);
    const sent = only();
    expect(sent.url).toBe('/api/auth/loginWithGoogle');
    expect(jsonBody(sent)).toEqual(request);
  });

  it('loginWithGoogle throws the server messages', async () => {
    answer(envelope(null, ERROR, ['No account for this Google address']), 401);
    await expect(
      identity().loginWithGoogle({ authCodeResponse: { code: 'x' } }),
    ).rejects.toMatchObject({ httpStatus: 401, messages: ['No account for this Google address'] });
  });
});

describe('requestPasswordReset: POST auth/requestPasswordReset', () => {
  const request = {
    email: 'ada@example.test',
    redirectTo: 'http://localhost:3000/forgotten-password/',
  };

  it('Ok (any data): ok', async () => {
    answer(envelope(null));
    await expect(identity().requestPasswordReset(request)).resolves.toEqual({ kind: 'ok' });
    const sent = only();
    expect(sent.url).toBe('/api/auth/requestPasswordReset');
    expect(jsonBody(sent)).toEqual(request);
    answer(envelope({ requested: true }));
    await expect(identity().requestPasswordReset(request)).resolves.toEqual({ kind: 'ok' });
  });

  it('Warning: the messages', async () => {
    answer(envelope(null, WARNING, ['Please wait before asking again']));
    await expect(identity().requestPasswordReset(request)).resolves.toEqual({
      kind: 'warning',
      messages: ['Please wait before asking again'],
    });
  });

  it('Error and 4xx throw with the messages', async () => {
    answer(envelope(null, ERROR, ['Reset failed']));
    await expect(identity().requestPasswordReset(request)).rejects.toMatchObject({
      kind: 'status',
      messages: ['Reset failed'],
    });
    answer(envelope(null, ERROR, ['Email is invalid']), 400);
    await expect(identity().requestPasswordReset(request)).rejects.toMatchObject({
      httpStatus: 400,
      messages: ['Email is invalid'],
    });
  });
});

describe('validatePasswordResetKey and resetPassword', () => {
  it('validatePasswordResetKey answers data.valid', async () => {
    answer(envelope({ valid: true }));
    await expect(identity().validatePasswordResetKey({ key: 'k1' })).resolves.toBe(true);
    const sent = only();
    expect(sent.url).toBe('/api/auth/validatePasswordResetKey');
    expect(jsonBody(sent)).toEqual({ key: 'k1' });
    answer(envelope({ valid: false }));
    await expect(identity().validatePasswordResetKey({ key: 'k1' })).resolves.toBe(false);
  });

  it('validatePasswordResetKey throws on a failure or an invalid answer', async () => {
    answer(envelope(null, ERROR, ['Invalid key']), 400);
    await expect(identity().validatePasswordResetKey({ key: 'k1' })).rejects.toMatchObject({
      messages: ['Invalid key'],
    });
    answer(envelope(true));
    await expect(identity().validatePasswordResetKey({ key: 'k1' })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('resetPassword posts key and new password; resolves when updated', async () => {
    answer(envelope({ updated: true }));
    await expect(
      identity().resetPassword({ key: 'k1', newPassword: 'N3w#password' }),
    ).resolves.toBeUndefined();
    const sent = only();
    expect(sent.url).toBe('/api/auth/resetPassword');
    expect(jsonBody(sent)).toEqual({ key: 'k1', newPassword: 'N3w#password' });
  });

  it('resetPassword throws on {updated: false}, Error and a missing answer', async () => {
    answer(envelope({ updated: false }, OK, ['The link has expired']));
    await expect(
      identity().resetPassword({ key: 'k1', newPassword: 'N3w#password' }),
    ).rejects.toMatchObject({ messages: ['The link has expired'] });
    answer(envelope(null, ERROR, ['Password is too weak']), 400);
    await expect(
      identity().resetPassword({ key: 'k1', newPassword: 'weak' }),
    ).rejects.toMatchObject({ messages: ['Password is too weak'] });
    answer(envelope(null));
    await expect(
      identity().resetPassword({ key: 'k1', newPassword: 'N3w#password' }),
    ).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('activate and confirmEmailAddress', () => {
  it('activate posts the key and returns data.activated and data.message', async () => {
    answer(envelope({ activated: true, message: 'Account Activated' }));
    await expect(identity().activate({ activationKey: 'key-1' })).resolves.toEqual({
      activated: true,
      message: 'Account Activated',
    });
    const sent = only();
    expect(sent.url).toBe('/api/auth/activate');
    expect(jsonBody(sent)).toEqual({ activationKey: 'key-1' });
    answer(envelope({ activated: false, message: 'Expired' }));
    await expect(identity().activate({ activationKey: 'key-1' })).resolves.toEqual({
      activated: false,
      message: 'Expired',
    });
  });

  it('activate: a non-Ok answer with the data is not activated; without it, it throws', async () => {
    answer(envelope({ activated: true, message: 'odd' }, ERROR, ['Invalid key']));
    await expect(identity().activate({ activationKey: 'key-1' })).resolves.toEqual({
      activated: false,
      message: 'odd',
    });
    answer(envelope(null, ERROR, ['Invalid key']));
    await expect(identity().activate({ activationKey: 'key-1' })).rejects.toMatchObject({
      kind: 'status',
      messages: ['Invalid key'],
    });
    answer(envelope(null, ERROR, ['Invalid key']), 404);
    await expect(identity().activate({ activationKey: 'key-1' })).rejects.toMatchObject({
      httpStatus: 404,
    });
    answer(envelope({ activated: 'yes' }));
    await expect(identity().activate({ activationKey: 'key-1' })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('confirmEmailAddress posts the key and returns data.confirmed and data.message', async () => {
    answer(envelope({ confirmed: true, message: 'Email Address Confirmed' }));
    await expect(identity().confirmEmailAddress({ key: 'c1' })).resolves.toEqual({
      confirmed: true,
      message: 'Email Address Confirmed',
    });
    const sent = only();
    expect(sent.url).toBe('/api/auth/confirmEmailAddress');
    expect(jsonBody(sent)).toEqual({ key: 'c1' });
  });

  it('confirmEmailAddress: non-Ok with data is not confirmed; failures throw', async () => {
    answer(envelope({ confirmed: true, message: 'Expired' }, WARNING));
    await expect(identity().confirmEmailAddress({ key: 'c1' })).resolves.toEqual({
      confirmed: false,
      message: 'Expired',
    });
    answer(envelope(null, ERROR, ['Nope']), 400);
    await expect(identity().confirmEmailAddress({ key: 'c1' })).rejects.toMatchObject({
      messages: ['Nope'],
    });
    answer(envelope({ message: 'missing flag' }));
    await expect(identity().confirmEmailAddress({ key: 'c1' })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });
});

describe('users.handleExists: GET users/handleExists?value=', () => {
  it('sends the handle as the query string and answers data', async () => {
    answer(envelope(true));
    await expect(createUsersApi(client()).handleExists('Ada_L')).resolves.toBe(true);
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['GET', '/api/users/handleExists?value=Ada_L']);
    expect(sent.body.length).toBe(0);
    server.reset();
    answer(envelope(false));
    await expect(createUsersApi(client()).handleExists('a b&c')).resolves.toBe(false);
    expect(only().url).toBe('/api/users/handleExists?value=a+b%26c');
  });

  it('throws on a failure or a non-boolean answer', async () => {
    answer(envelope(null, ERROR, ['Handle check failed']), 400);
    await expect(createUsersApi(client()).handleExists('ada_l')).rejects.toMatchObject({
      messages: ['Handle check failed'],
    });
    answer(envelope('yes'));
    await expect(createUsersApi(client()).handleExists('ada_l')).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('passes the abort signal on', async () => {
    server.handle(() => new Promise<void>(() => undefined));
    const controller = new AbortController();
    const pending = createUsersApi(client()).handleExists('ada_l', { signal: controller.signal });
    // Stopped once it has reached the server, so it cannot arrive during the next test.
    await until(() => server.calls().length === 1);
    controller.abort(new Error('stopped'));
    await expect(pending).rejects.toThrow('stopped');
  });
});

describe('countries.list: POST countries/list', () => {
  it('sends the reference list request and returns the list', async () => {
    answer(envelope({ list: countries, totalCount: null }));
    await expect(createCountriesApi(client()).list()).resolves.toEqual(countries);
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/countries/list']);
    expect(jsonBody(sent)).toEqual({
      page: 1,
      pageSize: 999,
      sortBy: 'Name',
      sortByDescending: false,
      getTotalCount: false,
    });
  });

  it('a failure or an invalid list throws an ApiError; the screen text is the spec text', async () => {
    expect(FAILED_TO_FETCH_COUNTRIES).toBe('Failed to fetch countries');
    answer('', 503);
    await expect(createCountriesApi(client()).list()).rejects.toBeInstanceOf(ApiError);
    answer(envelope({ list: [{ ...countries[0], code: 'GBR' }], totalCount: null }));
    await expect(createCountriesApi(client()).list()).rejects.toMatchObject({
      kind: 'invalid-response',
    });
    answer(envelope(null, ERROR, ['Down']));
    await expect(createCountriesApi(client()).list()).rejects.toMatchObject({ messages: ['Down'] });
  });
});
