import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CAPTCHA_ACTION, type CurrentTenant } from '../../contract/auth';
import { ResponseStatus } from '../../contract/enums';
import type { SignupWithGoogleRequest } from '../../contract/identity';
import { devStandInPaths, linkRoutes } from '../../contract/paths';
import { apiPaths } from './support/apiPaths';
import { users } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import { createSigner } from '../../server/domain/signing';
import { ACCOUNT_NOT_ACTIVATED, INVALID_LOGIN } from '../../server/features/auth/sessions';
import {
  createCaptchaVerifier,
  passesCaptcha,
  RECAPTCHA_VERIFY_URL,
} from '../../server/thirdParty/captcha';
import { GOOGLE_JWKS_URL, GOOGLE_TOKEN_URL, namesOf } from '../../server/thirdParty/google';
import {
  captchaToken,
  keyFromMail,
  messagesOf,
  post,
  readyToSignUpWith,
  STRONG_PASSWORD,
  uniquePerson,
} from './support/identity';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

const { handle, test } = useTestApp({ appPerTest: true });

const CONSENT = devStandInPaths.consentPage;
const ORIGIN = 'http://localhost:5173';

async function userByEmail(email: string) {
  const [row] = await handle.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function devCode(
  app: srv.TestApp['app'],
  identity: { email: string; firstName?: string; lastName?: string },
): Promise<string> {
  const response = await post(app, CONSENT, {
    firstName: 'Grace',
    lastName: 'Hopper',
    ...identity,
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return (srv.envelopeOf(response).data as { code: string }).code;
}

async function googleSignup(
  app: srv.TestApp['app'],
  code: string,
  details: Partial<SignupWithGoogleRequest['signupRequest']> = {},
) {
  const request: SignupWithGoogleRequest = {
    signupRequest: {
      tenantAccountType: 'Individual',
      termsAccepted: true,
      privacyPolicyAccepted: true,
      consentToHelpEmails: false,
      consentToMarketingEmails: true,
      usingEmail: false,
      reCaptchaToken: await captchaToken(app),
      ...details,
    },
    authCodeResponse: { code, scope: 'openid email profile' },
  };
  return post(app, apiPaths.signupWithGoogle, request);
}

const googleLogin = (app: srv.TestApp['app'], code: string) =>
  post(app, apiPaths.loginWithGoogle, { authCodeResponse: { code } });

describe('the captcha stand-in', () => {
  it('issues tokens bound to the action that signup accepts', async () => {
    const response = await post(test.app, devStandInPaths.captchaToken, { action: 'signup' });
    expect(response.statusCode).toBe(200);
    const token = (srv.envelopeOf(response).data as { token: string }).token;
    expect(token).toMatch(/^standin\.signup\.\d+\.[\w-]+$/);
  });

  it('refuses a malformed action', async () => {
    for (const action of ['', 'sign up', 'a'.repeat(101), 42]) {
      const response = await post(test.app, devStandInPaths.captchaToken, { action });
      expect(response.statusCode).toBe(400);
    }
  });

  it('is absent in production and when reCAPTCHA is configured', async () => {
    for (const env of [
      { NODE_ENV: 'production', CAPTCHA_OPT_OUT: '1' },
      { NODE_ENV: 'production', RECAPTCHA_SECRET_KEY: 'secret' },
      { RECAPTCHA_SITE_KEY: 'site-key' },
      { RECAPTCHA_SECRET_KEY: 'secret' },
    ]) {
      const app = await srv.createTestApp(handle.db, env);
      const response = await post(app.app, devStandInPaths.captchaToken, { action: 'signup' });
      expect(response.statusCode, JSON.stringify(env)).toBe(404);
    }
  });
});

describe('captcha verification', () => {
  const signer = createSigner(async () => 'k'.repeat(64));
  const quiet = { warn: () => undefined };

  function recaptchaWith(answer: () => Promise<Response>, calls: RequestInit[] = []) {
    return createCaptchaVerifier({
      siteKey: 'site',
      secretKey: 'secret-key',
      production: true,
      signer,
      now: () => new Date(),
      fetch: async (url, init) => {
        expect(String(url)).toBe(RECAPTCHA_VERIFY_URL);
        calls.push(init ?? {});
        return answer();
      },
      log: quiet,
    });
  }
  const json = (body: object, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('asks siteverify with the secret, token and client address, and wants score >= 0.5 and the action', async () => {
    const calls: RequestInit[] = [];
    const good = recaptchaWith(() => json({ success: true, score: 0.5, action: 'signup' }), calls);
    expect(good.mode).toBe('recaptcha');
    expect(await good.verify('token-1', 'signup', '10.0.0.1')).toBe(true);
    const form = new URLSearchParams(String(calls[0]?.body));
    expect(Object.fromEntries(form)).toEqual({
      secret: 'secret-key',
      response: 'token-1',
      remoteip: '10.0.0.1',
    });
    expect(calls[0]?.method).toBe('POST');

    const refused = [
      { success: true, score: 0.4, action: 'signup' },
      { success: true, score: 0.9, action: 'login' },
      { success: false, score: 0.9, action: 'signup' },
      { success: true, action: 'signup' },
    ];
    for (const body of refused) {
      expect(await recaptchaWith(() => json(body)).verify('t', 'signup', 'x')).toBe(false);
    }
    expect(await recaptchaWith(() => json({}, 500)).verify('t', 'signup', 'x')).toBe(false);
    const offline = recaptchaWith(() => Promise.reject(new TypeError('fetch failed')));
    expect(await offline.verify('t', 'signup', 'x')).toBe(false);
  });

  it('lets signup through with a token Google accepts', async () => {
    const app = await srv.createTestApp(
      handle.db,
      { RECAPTCHA_SECRET_KEY: 'secret', RECAPTCHA_SITE_KEY: 'site' },
      {
        fetch: async (_url, init) => {
          const token = new URLSearchParams(String(init?.body)).get('response');
          return new Response(
            JSON.stringify({ success: token === 'good', score: 0.9, action: 'signup' }),
          );
        },
      },
    );
    const payload = await readyToSignUpWith(app.app, 'good');
    expect(
      (await post(app.app, apiPaths.signup, { ...payload, reCaptchaToken: 'bad' })).statusCode,
    ).toBe(400);
    expect((await post(app.app, apiPaths.signup, payload)).statusCode).toBe(200);
  });

  const withoutSecret = (production: boolean, siteKey: string, warnings: unknown[] = []) =>
    createCaptchaVerifier({
      siteKey,
      secretKey: '',
      production,
      signer,
      now: () => new Date(),
      fetch: () => Promise.reject(new Error('no network')),
      log: { warn: (message: unknown) => void warnings.push(message) },
    });

  it('accepts any token, warning once, outside production with a site key but no secret', async () => {
    const warnings: unknown[] = [];
    const verifier = withoutSecret(false, 'site', warnings);
    expect(verifier.mode).toBe('unverified');
    expect(await verifier.verify('anything', 'signup', 'x')).toBe(true);
    expect(await verifier.verify('else', 'signup', 'x')).toBe(true);
    expect(warnings).toHaveLength(1);
    await expect(verifier.issueStandInToken('signup')).rejects.toThrow();
  });

  it('is no captcha in production without a secret (CAPTCHA_OPT_OUT): no token passes, the guarded calls ask for none', async () => {
    for (const siteKey of ['', 'site']) {
      const warnings: unknown[] = [];
      const verifier = withoutSecret(true, siteKey, warnings);
      expect(verifier.mode).toBe('none');
      expect(await verifier.verify('x', 'signup', '10.0.0.1')).toBe(false);
      expect(await verifier.verify('x', LOGIN_CAPTCHA_ACTION, '10.0.0.1')).toBe(false);
      expect(await passesCaptcha(verifier, 'x', 'signup', '10.0.0.1')).toBe(true);
      expect(String(warnings[0])).toContain('CAPTCHA_OPT_OUT');
      expect(warnings).toHaveLength(1);
      await expect(verifier.issueStandInToken('signup')).rejects.toThrow();
    }
    // With a captcha, passing it still takes a verified token.
    const standIn = withoutSecret(false, '');
    expect(await passesCaptcha(standIn, 'x', 'signup', '10.0.0.1')).toBe(false);
  });

  it('lets signup through without asking for a captcha in production with CAPTCHA_OPT_OUT', async () => {
    const optedOut = await srv.createTestApp(handle.db, {
      NODE_ENV: 'production',
      CAPTCHA_OPT_OUT: '1',
    });
    try {
      // The address is verified through the development outbox of the other app (same database).
      const payload = await readyToSignUpWith(test.app, 'not-a-captcha-token', 'optout');
      const response = await post(optedOut.app, apiPaths.signup, payload);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await optedOut.app.close();
    }
  });
});

describe('the consent page stand-in', () => {
  it('serves a form with the validated origin and state, and an external script only', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: srv.api(CONSENT),
      query: { state: 'abc123', origin: ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const body = response.body;
    expect(body).toContain(`data-origin="${ORIGIN}"`);
    expect(body).toContain('data-state="abc123"');
    expect(body).toContain('<script src="consent.js" defer></script>');
    expect(body.match(/<script/g)).toHaveLength(1);
    for (const id of ['email', 'firstName', 'lastName']) {
      expect(body).toContain(`<label for="${id}">`);
      expect(body).toContain(`id="${id}"`);
    }
    expect(body).toContain('>Continue</button>');
  });

  it('escapes the state and accepts SITE_URL and local origins only', async () => {
    const page = (query: Record<string, string>, app = test.app) =>
      app.inject({ method: 'GET', url: srv.api(CONSENT), query });
    const tricky = await page({ state: '"><script>alert(1)</script>', origin: ORIGIN });
    expect(tricky.statusCode).toBe(200);
    expect(tricky.body).toContain('data-state="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(tricky.body.match(/<script/g)).toHaveLength(1);

    const refused: Record<string, string>[] = [
      { state: 's', origin: 'https://evil.example' },
      { state: 's', origin: 'http://localhost.evil.example' },
      { state: 's', origin: `${ORIGIN}/path` },
      { state: 's', origin: 'null' },
      { origin: ORIGIN },
      { state: 's' },
      { state: 'x'.repeat(257), origin: ORIGIN },
    ];
    for (const query of refused) {
      const response = await page(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.body).toContain('Sign-in cannot start');
    }
    const site = await srv.createTestApp(handle.db, { SITE_URL: 'https://givedrop.example/app' });
    expect(
      (await page({ state: 's', origin: 'https://givedrop.example' }, site.app)).statusCode,
    ).toBe(200);
    expect((await page({ state: 's', origin: 'http://127.0.0.1:3100' }, site.app)).statusCode).toBe(
      200,
    );
  });

  it('serves its script, which posts {type, code, state} to the opener at the page origin', async () => {
    const response = await test.app.inject({ method: 'GET', url: srv.api('dev/oauth/consent.js') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toContain("type: 'givedrop-dev-oauth', code: data.code, state: state");
    expect(response.body).toContain('window.opener.postMessage(');
    expect(response.body).toContain("page.getAttribute('data-origin')");
    expect(response.body).toContain('window.close()');
  });

  it('issues codes only for a valid identity', async () => {
    const bad = await post(test.app, CONSENT, { email: 'nope', firstName: ' ', lastName: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual([
      'Please enter a valid email address',
      'Please enter your first name',
    ]);
    const big = await post(test.app, CONSENT, {
      email: 'a@b.io',
      firstName: 'x'.repeat(1025),
      lastName: 'X',
    });
    expect(big.statusCode).toBe(400);
  });

  it('is absent in production and when GOOGLE_CLIENT_ID is set', async () => {
    for (const env of [
      { NODE_ENV: 'production', CAPTCHA_OPT_OUT: '1' },
      { GOOGLE_CLIENT_ID: 'id' },
    ]) {
      const app = await srv.createTestApp(handle.db, env);
      for (const url of [srv.api(CONSENT), srv.api('dev/oauth/consent.js')]) {
        const response = await app.app.inject({
          method: 'GET',
          url,
          query: { state: 's', origin: ORIGIN },
        });
        expect(response.statusCode).toBe(404);
      }
      expect(
        (await post(app.app, CONSENT, { email: 'a@b.io', firstName: 'a', lastName: 'b' }))
          .statusCode,
      ).toBe(404);
    }
  });
});

describe('signup and login with Google through the stand-in', () => {
  it('tells an unknown identity to sign up, then signs it up, then logs it in', async () => {
    const { email } = uniquePerson('google');
    const unknown = await googleLogin(test.app, await devCode(test.app, { email }));
    expect(unknown.statusCode).toBe(404);
    expect(messagesOf(unknown)).toEqual([
      'There is no account for this Google account yet, please sign up first.',
    ]);

    const signup = await googleSignup(test.app, await devCode(test.app, { email }));
    expect(signup.statusCode).toBe(200);
    expect(srv.envelopeOf(signup).messages).toEqual([]);
    const session = srv.sessionOf(signup);
    expect(session.claims).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      handle: 'grace_hopper',
      currentLoginProvider: 'Google',
      accountStatus: 'Active',
    });
    expect(srv.parseJsonClaim<string[]>(session.claims.userLoginProviders)).toEqual(['Google']);
    expect(srv.parseJsonClaim<CurrentTenant>(session.claims.currentTenant)).toMatchObject({
      name: 'Grace Hopper',
      tenantAccountType: 'Individual',
      owner: true,
    });
    const user = await userByEmail(email);
    expect(user).toMatchObject({
      passwordHash: null,
      googleSubject: `dev:${email}`,
      emailConfirmed: true,
      consentToMarketingEmails: true,
      dateOfBirth: null,
    });

    const login = await googleLogin(test.app, await devCode(test.app, { email }));
    expect(login.statusCode).toBe(200);
    expect(srv.sessionOf(login).claims.currentLoginProvider).toBe('Google');
    // A refresh keeps the provider the session signed in with.
    const refreshed = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.refreshToken),
      cookies: { givedrop_refresh: srv.sessionOf(login).refreshToken },
    });
    expect(srv.sessionOf(refreshed).claims.currentLoginProvider).toBe('Google');

    // No password: an email login is refused like a wrong password.
    const password = await srv.postLogin(test.app, email, DEMO_PASSWORD);
    expect(password.statusCode).toBe(401);
    expect(messagesOf(password)).toEqual([INVALID_LOGIN]);
  });

  it('signs an existing account in with a message, linking Google to it', async () => {
    const email = DEMO_USERS.newbie.email;
    const response = await googleSignup(test.app, await devCode(test.app, { email }));
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response)).toMatchObject({
      status: ResponseStatus.Ok,
      messages: ['Account already exists, logging in...'],
    });
    const { claims } = srv.sessionOf(response);
    expect(claims.handle).toBe(DEMO_USERS.newbie.handle);
    expect(srv.parseJsonClaim<string[]>(claims.userLoginProviders)).toEqual(['Email', 'Google']);
    expect((await googleLogin(test.app, await devCode(test.app, { email }))).statusCode).toBe(200);
    expect((await srv.postLogin(test.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('gives a charity its company name and a free handle when the name is taken', async () => {
    const first = uniquePerson('charity');
    const second = uniquePerson('charity');
    const names = { firstName: 'Olivia', lastName: 'Harper' };
    const response = await googleSignup(
      test.app,
      await devCode(test.app, { email: first.email, ...names }),
      { tenantAccountType: 'Charity', companyName: ' Lantern Aid ' },
    );
    expect(
      srv.parseJsonClaim<CurrentTenant>(srv.sessionOf(response).claims.currentTenant),
    ).toMatchObject({
      name: 'Lantern Aid',
      tenantAccountType: 'Charity',
    });
    expect(srv.sessionOf(response).claims.handle).toBe('olivia_harper_2');
    const next = await googleSignup(
      test.app,
      await devCode(test.app, { email: second.email, ...names }),
    );
    expect(srv.sessionOf(next).claims.handle).toBe('olivia_harper_3');
  });

  it('refuses a charity without a company name or a bad captcha before spending the code', async () => {
    const { email } = uniquePerson('google');
    const code = await devCode(test.app, { email });
    const noCompany = await googleSignup(test.app, code, { tenantAccountType: 'Charity' });
    expect(noCompany.statusCode).toBe(400);
    expect(messagesOf(noCompany)).toEqual(['Please enter your company name']);
    const badCaptcha = await googleSignup(test.app, code, { reCaptchaToken: 'forged' });
    expect(messagesOf(badCaptcha)).toEqual([
      'reCAPTCHA verification is required, please try again',
    ]);
    expect(await userByEmail(email)).toBeUndefined();
    expect((await googleSignup(test.app, code)).statusCode).toBe(200);
  });

  it('accepts a code once and for 5 minutes only', async () => {
    const { email } = uniquePerson('google');
    const code = await devCode(test.app, { email });
    expect((await googleSignup(test.app, code)).statusCode).toBe(200);
    const reused = await googleLogin(test.app, code);
    expect(reused.statusCode).toBe(401);
    expect(messagesOf(reused)).toEqual([
      'The Google sign-in could not be verified, please try again.',
    ]);
    const late = await devCode(test.app, { email });
    test.clock.advanceSeconds(300);
    expect((await googleLogin(test.app, late)).statusCode).toBe(401);
    expect((await googleLogin(test.app, 'dev-made-up')).statusCode).toBe(401);
  });

  it('activates a pending account whose address Google vouches for', async () => {
    const strict = await srv.createTestApp(handle.db, { SIGNUP_REQUIRES_ACTIVATION: 'true' });
    const payload = await readyToSignUpWith(strict.app, await captchaToken(strict.app));
    await post(strict.app, apiPaths.signup, payload);
    expect(messagesOf(await srv.postLogin(strict.app, payload.email, STRONG_PASSWORD))).toEqual([
      ACCOUNT_NOT_ACTIVATED,
    ]);
    const login = await googleLogin(
      strict.app,
      await devCode(strict.app, { email: payload.email }),
    );
    expect(login.statusCode).toBe(200);
    expect((await srv.postLogin(strict.app, payload.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('gives a Google-only account a password through the reset link', async () => {
    const { email } = uniquePerson('google');
    await googleSignup(test.app, await devCode(test.app, { email }));
    await post(test.app, apiPaths.requestPasswordReset, { email });
    const key = await keyFromMail(test.app, email, linkRoutes.resetPassword);
    await post(test.app, apiPaths.resetPassword, { key, newPassword: STRONG_PASSWORD });
    const login = await srv.postLogin(test.app, email, STRONG_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(srv.parseJsonClaim<string[]>(srv.sessionOf(login).claims.userLoginProviders)).toEqual([
      'Email',
      'Google',
    ]);
  });

  it('is unavailable in production without Google keys', async () => {
    const production = await srv.createTestApp(handle.db, {
      NODE_ENV: 'production',
      CAPTCHA_OPT_OUT: '1',
    });
    const response = await googleLogin(production.app, 'dev-anything');
    expect(response.statusCode).toBe(503);
    expect(messagesOf(response)).toEqual([
      'Sign-in with Google is not available, please try again later.',
    ]);
  });
});

describe('signup and login with real Google (stubbed network)', () => {
  const CLIENT_ID = 'client-123.apps.googleusercontent.com';
  let privateKey: CryptoKey;
  let jwk: JWK;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    jwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
    otherKey = (await generateKeyPair('RS256')).privateKey;
  });

  interface Claims {
    sub?: string;
    email?: string;
    email_verified?: boolean;
    given_name?: string;
    family_name?: string;
    aud?: string;
    iss?: string;
    expiresIn?: number;
  }

  async function idToken(claims: Claims, key: CryptoKey = privateKey) {
    const {
      aud = CLIENT_ID,
      iss = 'https://accounts.google.com',
      expiresIn = 3600,
      ...rest
    } = claims;
    const now = Math.floor(test.clock.now().getTime() / 1000);
    return new SignJWT({
      email_verified: true,
      given_name: 'Katherine',
      family_name: 'Johnson',
      ...rest,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(key);
  }

  interface Exchange {
    status?: number;
    body?: object;
    fail?: boolean;
  }

  async function googleApp(exchange: (code: string) => Promise<Exchange>) {
    const requests: { url: string; form?: Record<string, string> }[] = [];
    const app = await srv.createTestApp(
      handle.db,
      { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'shh' },
      {
        fetch: async (url, init) => {
          const href = String(url);
          if (href === GOOGLE_JWKS_URL) {
            requests.push({ url: href });
            return new Response(JSON.stringify({ keys: [jwk] }), {
              headers: { 'content-type': 'application/json' },
            });
          }
          const form = Object.fromEntries(new URLSearchParams(String(init?.body)));
          requests.push({ url: href, form });
          const answer = await exchange(form.code ?? '');
          if (answer.fail) throw new TypeError('fetch failed');
          return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 });
        },
      },
    );
    return { app, requests };
  }

  it('exchanges the code with redirect_uri postmessage and verifies the id_token', async () => {
    const { email } = uniquePerson('kj');
    const token = await idToken({ sub: 'google-sub-1', email: email.toUpperCase() });
    const { app, requests } = await googleApp(async () => ({ body: { id_token: token } }));
    const signup = await googleSignup(app.app, 'real-code-1');
    expect(signup.statusCode).toBe(200);
    expect(requests[0]).toEqual({
      url: GOOGLE_TOKEN_URL,
      form: {
        code: 'real-code-1',
        client_id: CLIENT_ID,
        client_secret: 'shh',
        redirect_uri: 'postmessage',
        grant_type: 'authorization_code',
      },
    });
    expect(requests.some((request) => request.url === GOOGLE_JWKS_URL)).toBe(true);
    expect(srv.sessionOf(signup).claims).toMatchObject({
      email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      currentLoginProvider: 'Google',
    });
    expect((await userByEmail(email))?.googleSubject).toBe('google-sub-1');
    const login = await googleLogin(app.app, 'real-code-2');
    expect(login.statusCode).toBe(200);
  });

  it('refuses tokens for another audience, issuer or key, expired ones and unverified addresses', async () => {
    const { email } = uniquePerson('kj');
    const bad = [
      await idToken({ sub: 's', email, aud: 'someone-else' }),
      await idToken({ sub: 's', email, iss: 'https://evil.example' }),
      await idToken({ sub: 's', email, expiresIn: -10 }),
      await idToken({ sub: 's', email }, otherKey),
      await idToken({ email }),
    ];
    for (const token of bad) {
      const { app } = await googleApp(async () => ({ body: { id_token: token } }));
      const response = await googleLogin(app.app, 'code');
      expect(response.statusCode).toBe(401);
      expect(messagesOf(response)).toEqual([
        'The Google sign-in could not be verified, please try again.',
      ]);
    }
    const unverified = await idToken({ sub: 's2', email, email_verified: false });
    const { app } = await googleApp(async () => ({ body: { id_token: unverified } }));
    const response = await googleLogin(app.app, 'code');
    expect(response.statusCode).toBe(401);
    expect(messagesOf(response)).toEqual([
      'The email address of this Google account is not verified.',
    ]);
  });

  it('answers 401 for a refused code and 503 when Google cannot be reached', async () => {
    const refused = await googleApp(async () => ({
      status: 400,
      body: { error: 'invalid_grant' },
    }));
    expect((await googleLogin(refused.app.app, 'code')).statusCode).toBe(401);
    const noToken = await googleApp(async () => ({ body: { access_token: 'x' } }));
    expect((await googleLogin(noToken.app.app, 'code')).statusCode).toBe(401);
    const down = await googleApp(async () => ({ status: 502 }));
    expect((await googleLogin(down.app.app, 'code')).statusCode).toBe(503);
    const offline = await googleApp(async () => ({ fail: true }));
    const response = await googleLogin(offline.app.app, 'code');
    expect(response.statusCode).toBe(503);
    expect(messagesOf(response)).toEqual([
      'Sign-in with Google is not available, please try again later.',
    ]);
  });

  it('is unavailable with a client id but no secret', async () => {
    const app = await srv.createTestApp(handle.db, { GOOGLE_CLIENT_ID: CLIENT_ID });
    expect((await googleLogin(app.app, 'code')).statusCode).toBe(503);
  });

  it('takes names from the full name or the address when given and family names are missing', () => {
    expect(namesOf({ name: 'Mary Jackson Smith' }, 'm@x.io')).toEqual({
      firstName: 'Mary',
      lastName: 'Jackson Smith',
    });
    expect(namesOf({}, 'dorothy@x.io')).toEqual({ firstName: 'dorothy', lastName: 'User' });
  });
});

describe('third-party secrets', () => {
  it('never reach the configuration the client reads', async () => {
    const app = await srv.createTestApp(handle.db, {
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'captcha-secret-value',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'google-secret-value',
      SMTP_URL: 'smtp://user:smtp-password@127.0.0.1:2525',
    });
    const response = await app.app.inject({ method: 'GET', url: '/api/configuration' });
    expect(response.body).toContain('site-key');
    expect(response.body).toContain('client-id');
    for (const secret of ['captcha-secret-value', 'google-secret-value', 'smtp-password']) {
      expect(response.body).not.toContain(secret);
    }
  });
});

describe('the Content-Security-Policy for configured third parties', () => {
  const headersOf = async (env: Record<string, string>) => {
    const app = await srv.createTestApp(handle.db, env);
    const response = await app.app.inject({ method: 'GET', url: '/api/configuration' });
    return {
      csp: String(response.headers['content-security-policy']),
      coop: response.headers['cross-origin-opener-policy'],
    };
  };
  const directive = (csp: string, name: string) =>
    csp.split(/;\s*/).find((part) => part.startsWith(`${name} `)) ?? '';

  it('allows reCAPTCHA v3 only with a site key', async () => {
    const { csp, coop } = await headersOf({ RECAPTCHA_SITE_KEY: 'site' });
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
    expect(csp).not.toContain('accounts.google.com');
    expect(coop).toBe('same-origin');
  });

  it('allows Google Identity Services and its popup only with a client id', async () => {
    const { csp, coop } = await headersOf({ GOOGLE_CLIENT_ID: 'id' });
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' https://accounts.google.com/gsi/client",
    );
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://accounts.google.com/gsi/");
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://accounts.google.com/gsi/",
    );
    expect(directive(csp, 'style-src')).toBe(
      "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    );
    expect(csp).not.toContain('recaptcha');
    expect(coop).toBe('same-origin-allow-popups');
  });

  it('allows no Google origin without keys', async () => {
    const { csp } = await headersOf({});
    expect(csp).not.toContain('google');
    expect(csp).not.toContain('gstatic');
  });
});
