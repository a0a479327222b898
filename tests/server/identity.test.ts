import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentTenant } from '../../contract/auth';
import { ResponseStatus, UserRole } from '../../contract/enums';
import { verificationMessages } from '../../contract/identity';
import { apiPaths } from './support/apiPaths';
import {
  accountKeys,
  emailVerificationCodes,
  tenants,
  tenantUsers,
  users,
} from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { insertAccount, type NewAccount } from '../../server/features/identity/accounts';
import { DomainError } from '../../server/domain/errors';
import { ACCOUNT_NOT_ACTIVATED } from '../../server/features/auth/sessions';
import {
  captchaToken,
  checkCode,
  codeIn,
  keyFromMail,
  latestMail,
  linkIn,
  linkRoutes,
  messagesOf,
  post,
  readOutbox,
  sendCode,
  signupPayload,
  STRONG_PASSWORD,
  uniquePerson,
  verifyEmail,
  yearsAgo,
} from './support/identity';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

const { handle, test } = useTestApp({ appPerTest: true });

async function totals() {
  const [u] = await handle.db.select({ total: count() }).from(users);
  const [t] = await handle.db.select({ total: count() }).from(tenants);
  const [m] = await handle.db.select({ total: count() }).from(tenantUsers);
  return { users: u?.total, tenants: t?.total, memberships: m?.total };
}

async function userByEmail(email: string) {
  const [row] = await handle.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A verified address with a ready signup payload. */
async function readyToSignUp(app = test.app, prefix = 'new') {
  const person = uniquePerson(prefix);
  await verifyEmail(app, person.email);
  return signupPayload({ ...person, reCaptchaToken: await captchaToken(app) });
}

describe('POST /api/auth/verifyAccount', () => {
  it('mails a 6-digit code that expires in 15 minutes and stores only its HMAC', async () => {
    const { email } = uniquePerson();
    const response = await sendCode(test.app, email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Ok,
      messages: [],
      data: { sent: true },
    });
    const mail = await latestMail(test.app, email);
    expect(mail.subject).toBe('Your Givedrop verification code');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('It expires in 15 minutes.');
    expect(mail.html).toContain(`<strong>${code}</strong>`);
    const [row] = await handle.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.email, email));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.expiresAt.getTime()).toBe(test.clock.now().getTime() + 15 * 60 * 1000);
  });

  it('answers a known address for signup exactly like an unknown one, and mails the account a notice instead of a code', async () => {
    // Issue 31: a 409 here told anyone whether an address has an account.
    const known = DEMO_USERS.member.email;
    const unknown = uniquePerson('nobody').email;
    const knownAnswer = await sendCode(test.app, known.toUpperCase());
    const unknownAnswer = await sendCode(test.app, unknown);
    expect(knownAnswer.statusCode).toBe(200);
    expect(knownAnswer.statusCode).toBe(unknownAnswer.statusCode);
    expect(knownAnswer.body).toBe(unknownAnswer.body);
    expect(codeIn(await latestMail(test.app, unknown))).toMatch(/^\d{6}$/);

    const [notice, ...others] = await readOutbox(test.app, known);
    expect(others).toEqual([]);
    expect(notice?.subject).toBe('Someone tried to sign up to Givedrop with your email address');
    expect(notice?.text).toContain('If it was you, you already have an account');
    expect(notice?.text).toContain(`${test.config.siteUrl}/login`);
    expect(notice?.text).toContain(`${test.config.siteUrl}/forgotten-password`);
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    // No code is stored for it: nobody can verify the address and sign it up again.
    const rows = await handle.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.email, known));
    expect(rows).toEqual([]);
    // Outside signup (a signed-in change of address) the code is mailed as before.
    const other = await sendCode(test.app, known, false);
    expect(other.statusCode).toBe(200);
    expect(codeIn(await latestMail(test.app, known))).toMatch(/^\d{6}$/);
  });

  it('counts a known address against the same sending limit as any other', async () => {
    const known = DEMO_USERS.owner.email;
    for (let i = 0; i < 5; i += 1) expect((await sendCode(test.app, known)).statusCode).toBe(200);
    expect((await sendCode(test.app, known)).statusCode).toBe(429);
    test.clock.advanceSeconds(901);
  });

  it('replaces the earlier code: only the newest one is accepted', async () => {
    const { email } = uniquePerson();
    await sendCode(test.app, email);
    const first = codeIn(await latestMail(test.app, email));
    await sendCode(test.app, email);
    const second = codeIn(await latestMail(test.app, email));
    if (first !== second) {
      expect((await checkCode(test.app, email, first)).statusCode).toBe(400);
    }
    expect((await checkCode(test.app, email, second)).statusCode).toBe(200);
  });

  it('limits sending to 5 codes per address per window, with Retry-After', async () => {
    const { email } = uniquePerson();
    for (let i = 0; i < 5; i += 1) expect((await sendCode(test.app, email)).statusCode).toBe(200);
    const limited = await sendCode(test.app, email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(messagesOf(limited)).toEqual([
      'Too many verification emails requested, please try again later.',
    ]);
    expect(await readOutbox(test.app, email)).toHaveLength(5);
    test.clock.advanceSeconds(901);
    expect((await sendCode(test.app, email)).statusCode).toBe(200);
  });

  it('limits sending per client address across addresses', async () => {
    const limited = await srv.createTestApp(handle.db, { IDENTITY_RATE_LIMIT_ADDRESS: '3' });
    for (let i = 0; i < 3; i += 1) {
      expect((await sendCode(limited.app, uniquePerson().email, true, '10.0.0.9')).statusCode).toBe(
        200,
      );
    }
    expect((await sendCode(limited.app, uniquePerson().email, true, '10.0.0.9')).statusCode).toBe(
      429,
    );
    expect((await sendCode(limited.app, uniquePerson().email, true, '10.0.0.10')).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/auth/verifyAccountCode', () => {
  it('verifies the right code (any case of address, spaces around the code)', async () => {
    const { email } = uniquePerson();
    await sendCode(test.app, email);
    const code = codeIn(await latestMail(test.app, email));
    const response = await checkCode(test.app, email.toUpperCase(), ` ${code} `);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ verified: true });
  });

  it("answers a wrong code with exactly 'Invalid or expired verification code.'", async () => {
    const { email } = uniquePerson();
    await sendCode(test.app, email);
    const code = codeIn(await latestMail(test.app, email));
    const wrong = code === '000000' ? '000001' : '000000';
    const response = await checkCode(test.app, email, wrong);
    expect(response.statusCode).toBe(400);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Error,
      messages: [verificationMessages.invalidOrExpired],
      data: null,
    });
  });

  it('refuses an expired code and a code for an address that asked for none', async () => {
    const { email } = uniquePerson();
    await sendCode(test.app, email);
    const code = codeIn(await latestMail(test.app, email));
    test.clock.advanceSeconds(15 * 60);
    const expired = await checkCode(test.app, email, code);
    expect(expired.statusCode).toBe(400);
    expect(messagesOf(expired)).toEqual([verificationMessages.invalidOrExpired]);
    const unknown = await checkCode(test.app, uniquePerson().email, '123456');
    expect(messagesOf(unknown)).toEqual([verificationMessages.invalidOrExpired]);
  });

  it('invalidates the code after 5 failed attempts, even for the right code afterwards', async () => {
    const { email } = uniquePerson();
    await sendCode(test.app, email);
    const code = codeIn(await latestMail(test.app, email));
    const wrong = code === '999999' ? '999998' : '999999';
    const answers: string[][] = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(messagesOf(await checkCode(test.app, email, wrong)));
    expect(answers.slice(0, 4)).toEqual(Array(4).fill([verificationMessages.invalidOrExpired]));
    expect(answers[4]).toEqual([verificationMessages.tooManyAttempts]);
    expect(answers[4]).toEqual([
      'Too many failed attempts. Please request a new verification code.',
    ]);
    const right = await checkCode(test.app, email, code);
    expect(right.statusCode).toBe(400);
    expect(messagesOf(right)).toEqual([verificationMessages.tooManyAttempts]);

    await sendCode(test.app, email);
    const fresh = codeIn(await latestMail(test.app, email));
    expect((await checkCode(test.app, email, fresh)).statusCode).toBe(200);
  });

  it('is single use: the code is refused once it verified the address', async () => {
    const { email } = uniquePerson();
    await sendCode(test.app, email);
    const code = codeIn(await latestMail(test.app, email));
    expect((await checkCode(test.app, email, code)).statusCode).toBe(200);
    expect(messagesOf(await checkCode(test.app, email, code))).toEqual([
      verificationMessages.invalidOrExpired,
    ]);
  });

  it('rate-limits guessing per address (429 after 10 wrong codes in a window)', async () => {
    const { email } = uniquePerson();
    for (let round = 0; round < 2; round += 1) {
      await sendCode(test.app, email);
      for (let i = 0; i < 5; i += 1) await checkCode(test.app, email, 'nope');
    }
    await sendCode(test.app, email);
    const code = codeIn(await latestMail(test.app, email));
    const limited = await checkCode(test.app, email, code);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(messagesOf(limited)).toEqual(['Too many attempts, please try again later.']);
  });

  it('rate-limits guessing per client address across addresses', async () => {
    const limited = await srv.createTestApp(handle.db, { IDENTITY_RATE_LIMIT_ADDRESS: '2' });
    for (let i = 0; i < 2; i += 1) {
      await checkCode(limited.app, uniquePerson().email, '111111', '10.1.1.1');
    }
    const response = await checkCode(limited.app, uniquePerson().email, '111111', '10.1.1.1');
    expect(response.statusCode).toBe(429);
  });
});

describe('POST /api/auth/signup', () => {
  it('creates an Individual tenant (onboarding, named after the person) and its owner, and signs in', async () => {
    const payload = await readyToSignUp();
    const before = await totals();
    const response = await post(test.app, apiPaths.signup, {
      ...payload,
      email: ` ${payload.email.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(200);
    const session = srv.sessionOf(response);
    expect(srv.envelopeOf(response).status).toBe(ResponseStatus.Ok);
    expect(session.claims).toMatchObject({
      email: payload.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      handle: payload.handle,
      accountStatus: 'Active',
      currentLoginProvider: 'Email',
      isHost: 'false',
    });
    expect(srv.parseJsonClaim<string[]>(session.claims.userLoginProviders)).toEqual(['Email']);
    expect(srv.parseJsonClaim<CurrentTenant>(session.claims.currentTenant)).toMatchObject({
      name: 'Ada Lovelace',
      userRole: UserRole.Administrator,
      owner: true,
      tenantAccountType: 'Individual',
    });
    expect(await totals()).toEqual({
      users: (before.users ?? 0) + 1,
      tenants: (before.tenants ?? 0) + 1,
      memberships: (before.memberships ?? 0) + 1,
    });
    const user = await userByEmail(payload.email);
    expect(user).toMatchObject({
      phone: '+447911123456',
      dateOfBirth: '1990-05-17',
      emailConfirmed: true,
      consentToHelpEmails: true,
      consentToMarketingEmails: false,
      termsVersion: 1,
      privacyPolicyVersion: 1,
      accountStatus: 'Active',
      googleSubject: null,
    });
    expect(user?.termsAcceptedDate?.getTime()).toBe(test.clock.now().getTime());
    expect(user?.privacyPolicyAgreedDate?.getTime()).toBe(test.clock.now().getTime());
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    const [tenant] = await handle.db
      .select()
      .from(tenants)
      .where(eq(tenants.id, user?.lastTenantId ?? -1));
    expect(tenant).toMatchObject({
      name: 'Ada Lovelace',
      accountType: 'Individual',
      isOnboarding: true,
    });

    // The new account logs in like any other, and its verification was spent.
    expect((await srv.postLogin(test.app, payload.email, STRONG_PASSWORD)).statusCode).toBe(200);
    const again = await post(test.app, apiPaths.signup, {
      ...payload,
      handle: uniquePerson().handle,
      reCaptchaToken: await captchaToken(test.app),
    });
    // Unverified, a known address is refused like an unknown one (no enumeration here either).
    expect(again.statusCode).toBe(400);
    expect(messagesOf(again)).toEqual(['Please verify your email address.']);
    // Whoever holds the mailbox (a code outside signup reaches it) learns it has an account.
    await sendCode(test.app, payload.email, false);
    await checkCode(test.app, payload.email, codeIn(await latestMail(test.app, payload.email)));
    const twice = await post(test.app, apiPaths.signup, {
      ...payload,
      handle: uniquePerson().handle,
      reCaptchaToken: await captchaToken(test.app),
    });
    expect(twice.statusCode).toBe(400);
    expect(messagesOf(twice)).toEqual(['An account with this email address already exists.']);
    expect(await userByEmail(payload.email)).toBeDefined();
  });

  it('creates a Charity tenant named by companyName', async () => {
    const payload = await readyToSignUp(test.app, 'charity');
    const response = await post(test.app, apiPaths.signup, {
      ...payload,
      tenantAccountType: 'Charity',
      companyName: '  Harbour Lights Trust ',
    });
    expect(response.statusCode).toBe(200);
    const current = srv.parseJsonClaim<CurrentTenant>(srv.sessionOf(response).claims.currentTenant);
    expect(current).toMatchObject({ name: 'Harbour Lights Trust', tenantAccountType: 'Charity' });
  });

  it('uses the full name as companyName for an Individual whatever is sent', async () => {
    const payload = await readyToSignUp();
    const response = await post(test.app, apiPaths.signup, {
      ...payload,
      firstName: ' Grace ',
      lastName: 'Hopper',
      companyName: 'Something Else Ltd',
    });
    const current = srv.parseJsonClaim<CurrentTenant>(srv.sessionOf(response).claims.currentTenant);
    expect(current.name).toBe('Grace Hopper');
  });

  it('refuses a Charity without a company name', async () => {
    const payload = await readyToSignUp();
    const before = await totals();
    const blank = await post(test.app, apiPaths.signup, {
      ...payload,
      tenantAccountType: 'Charity',
      companyName: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(messagesOf(blank)).toEqual(['Please enter your company name']);
    const missing = await post(test.app, apiPaths.signup, {
      ...payload,
      tenantAccountType: 'Charity',
      companyName: '',
    });
    expect(messagesOf(missing)).toEqual(['Please enter your company name']);
    expect(await totals()).toEqual(before);
  });

  it("refuses an unverified email with 'Please verify your email address.'", async () => {
    const person = uniquePerson();
    await sendCode(test.app, person.email);
    const response = await post(
      test.app,
      apiPaths.signup,
      signupPayload({ ...person, reCaptchaToken: await captchaToken(test.app) }),
    );
    expect(response.statusCode).toBe(400);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Error,
      messages: ['Please verify your email address.'],
      data: null,
    });
    expect(await userByEmail(person.email)).toBeUndefined();
  });

  it('refuses a verification older than an hour', async () => {
    const payload = await readyToSignUp();
    test.clock.advanceSeconds(60 * 60);
    const response = await post(test.app, apiPaths.signup, {
      ...payload,
      reCaptchaToken: await captchaToken(test.app),
    });
    expect(messagesOf(response)).toEqual(['Please verify your email address.']);
  });

  it("refuses a taken handle in any letter case with 'Profile name/handle not available'", async () => {
    const payload = await readyToSignUp();
    const response = await post(test.app, apiPaths.signup, {
      ...payload,
      handle: DEMO_USERS.owner.handle.toUpperCase(),
    });
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response)).toEqual(['Profile name/handle not available']);
  });

  it('refuses an age under 18 and accepts exactly 18 today', async () => {
    const payload = await readyToSignUp();
    const today = test.clock.now();
    const young = await post(test.app, apiPaths.signup, {
      ...payload,
      dateOfBirth: yearsAgo(today, 18, 1),
    });
    expect(young.statusCode).toBe(400);
    expect(messagesOf(young)).toEqual(['You must be at least 18 years old']);
    const future = await post(test.app, apiPaths.signup, {
      ...payload,
      dateOfBirth: yearsAgo(today, -1),
    });
    expect(messagesOf(future)).toEqual(['You must be at least 18 years old']);
    const impossible = await post(test.app, apiPaths.signup, {
      ...payload,
      dateOfBirth: '2000-02-30',
    });
    expect(messagesOf(impossible)).toEqual(['Invalid date']);
    const ancient = await post(test.app, apiPaths.signup, {
      ...payload,
      dateOfBirth: '1700-01-01',
    });
    expect(messagesOf(ancient)).toEqual(['Invalid date']);
    const adult = await post(test.app, apiPaths.signup, {
      ...payload,
      dateOfBirth: yearsAgo(today, 18),
    });
    expect(adult.statusCode).toBe(200);
  });

  it('refuses weak passwords by the configured minimum length and the strength rules', async () => {
    const strict = await srv.createTestApp(handle.db, { MINIMUM_PASSWORD_LENGTH: '12' });
    const payload = await readyToSignUp(strict.app);
    const cases: [string, string][] = [
      ['Sh0rt!pass', 'Please enter a password (at least 12 characters)'],
      ['alllowercase1!', 'Please enter a valid password.'],
      ['NoNumbersHere!', 'Please enter a valid password.'],
      ['NoSpecial1234', 'Please enter a valid password.'],
    ];
    for (const [password, message] of cases) {
      const response = await post(strict.app, apiPaths.signup, { ...payload, password });
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual([message]);
    }
    expect(await userByEmail(payload.email)).toBeUndefined();
    const ok = await post(strict.app, apiPaths.signup, { ...payload, password: 'Long3nough!pass' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an invalid phone number and stores a valid one as E.164', async () => {
    const payload = await readyToSignUp();
    const bad = await post(test.app, apiPaths.signup, { ...payload, phone: '+4412' });
    expect(messagesOf(bad)).toEqual(['Please enter a valid phone number']);
    const national = await post(test.app, apiPaths.signup, { ...payload, phone: '07911123456' });
    expect(messagesOf(national)).toEqual(['Please enter a valid phone number']);
    const empty = await post(test.app, apiPaths.signup, { ...payload, phone: '' });
    expect(empty.statusCode).toBe(200);
    expect((await userByEmail(payload.email))?.phone).toBe('');
  });

  it('refuses a missing, made-up, expired or wrong-action captcha token', async () => {
    const payload = await readyToSignUp();
    const tokens = [
      'made-up',
      `standin.signup.${test.clock.now().getTime() + 60_000}.forged`,
      await captchaToken(test.app, 'login'),
    ];
    const expiring = await captchaToken(test.app);
    for (const reCaptchaToken of tokens) {
      const response = await post(test.app, apiPaths.signup, { ...payload, reCaptchaToken });
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual([
        'reCAPTCHA verification is required, please try again',
      ]);
    }
    test.clock.advanceSeconds(121);
    const expired = await post(test.app, apiPaths.signup, { ...payload, reCaptchaToken: expiring });
    expect(messagesOf(expired)).toContain('reCAPTCHA verification is required, please try again');
    const missing = await post(test.app, apiPaths.signup, { ...payload, reCaptchaToken: '' });
    expect(messagesOf(missing)).toEqual(['reCAPTCHA verification is required, please try again']);
    expect(await userByEmail(payload.email)).toBeUndefined();
  });

  it('answers every broken rule at once and writes nothing', async () => {
    const person = uniquePerson();
    const before = await totals();
    const response = await post(
      test.app,
      apiPaths.signup,
      signupPayload({
        email: person.email,
        handle: DEMO_USERS.member.handle,
        reCaptchaToken: 'nope',
        firstName: ' ',
        lastName: ' ',
        password: 'weak',
        phone: '+1',
        dateOfBirth: yearsAgo(test.clock.now(), 10),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response)).toEqual([
      'Please enter your first name',
      'Please enter your last name',
      'Please enter a valid phone number',
      'You must be at least 18 years old',
      'Profile name/handle not available',
      'Please verify your email address.',
      'Please enter a password (at least 6 characters)',
      'reCAPTCHA verification is required, please try again',
    ]);
    expect(await totals()).toEqual(before);
  });

  it('answers the spec texts for missing consent and bad field shapes', async () => {
    const payload = await readyToSignUp();
    const response = await post(test.app, apiPaths.signup, {
      ...payload,
      termsAccepted: false,
      privacyPolicyAccepted: false,
      handle: 'a__b',
      dateOfBirth: '17/05/1990',
      email: 'not-an-email',
    });
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response).sort()).toEqual(
      [
        'Please enter a valid email address',
        'The terms of service must be accepted',
        'The privacy policy must be accepted',
        'Invalid date',
        'Letters, numbers and underscores only, 4-20 characters.',
      ].sort(),
    );
  });

  it('stores a name with markup as text, and mails it escaped', async () => {
    const strict = await srv.createTestApp(handle.db, { SIGNUP_REQUIRES_ACTIVATION: 'true' });
    const payload = await readyToSignUp(strict.app);
    const firstName = '<script>alert("x")</script>';
    const response = await post(strict.app, apiPaths.signup, { ...payload, firstName });
    expect(response.statusCode).toBe(200);
    expect((await userByEmail(payload.email))?.firstName).toBe(firstName);
    const mail = await latestMail(strict.app, payload.email);
    expect(mail.text).toContain(`Hello ${firstName},`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
  });
});

describe('creating an account that loses a race', () => {
  const account = (overrides: Partial<NewAccount>): NewAccount => ({
    email: uniquePerson().email,
    passwordHash: null,
    googleSubject: null,
    firstName: 'Race',
    lastName: 'Condition',
    companyName: 'Race Condition',
    accountType: 'Individual',
    handle: uniquePerson().handle,
    phone: '',
    dateOfBirth: null,
    consentToHelpEmails: false,
    consentToMarketingEmails: false,
    accountStatus: 'Active',
    ...overrides,
  });

  it.each([
    [{ handle: DEMO_USERS.owner.handle.toUpperCase() }, 'Profile name/handle not available'],
    [{ email: DEMO_USERS.owner.email }, 'An account with this email address already exists.'],
  ])('answers a conflict and leaves no tenant behind (%o)', async (overrides, message) => {
    const before = await totals();
    const attempt = handle.db.transaction((tx) =>
      insertAccount(tx, account(overrides), new Date()),
    );
    await expect(attempt).rejects.toSatisfy(
      (error) =>
        error instanceof DomainError && error.kind === 'conflict' && error.messages[0] === message,
    );
    expect(await totals()).toEqual(before);
  });
});

describe('signup with SIGNUP_REQUIRES_ACTIVATION', () => {
  let strict: srv.TestApp;
  beforeEach(async () => {
    strict = await srv.createTestApp(handle.db, {
      SIGNUP_REQUIRES_ACTIVATION: 'true',
      SITE_URL: 'https://givedrop.example/',
    });
  });

  it('creates a pending account, answers data null without a cookie and mails an activation link', async () => {
    const payload = await readyToSignUp(strict.app);
    const response = await post(strict.app, apiPaths.signup, payload);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Ok,
      messages: [],
      data: null,
    });
    expect(response.cookies).toEqual([]);
    expect((await userByEmail(payload.email))?.accountStatus).toBe('PendingActivation');

    const mail = await latestMail(strict.app, payload.email);
    expect(mail.subject).toBe('Activate your Givedrop account');
    const { link, key } = linkIn(mail, linkRoutes.activate);
    expect(link).toBe(`https://givedrop.example/activate/${key}`);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('The link expires in 7 days and can be used once.');
    expect(mail.html).toContain(`<a href="${link}">`);
    const [stored] = await handle.db
      .select()
      .from(accountKeys)
      .where(eq(accountKeys.userId, (await userByEmail(payload.email))?.id ?? -1));
    expect(stored?.keyHash).not.toContain(key);
  });

  it('refuses the login of a pending account with a clear message, then activates once', async () => {
    const payload = await readyToSignUp(strict.app);
    await post(strict.app, apiPaths.signup, payload);
    const refused = await srv.postLogin(strict.app, payload.email, STRONG_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(messagesOf(refused)).toEqual([ACCOUNT_NOT_ACTIVATED]);
    const wrongPassword = await srv.postLogin(strict.app, payload.email, 'Wrong!pass1');
    expect(wrongPassword.statusCode).toBe(401);

    const key = await keyFromMail(strict.app, payload.email, linkRoutes.activate);
    const activated = await post(strict.app, apiPaths.activate, { activationKey: key });
    expect(activated.statusCode).toBe(200);
    expect(srv.envelopeOf(activated).data).toEqual({
      activated: true,
      message: 'Your account has been activated, you can now log in.',
    });
    expect((await srv.postLogin(strict.app, payload.email, STRONG_PASSWORD)).statusCode).toBe(200);

    const again = await post(strict.app, apiPaths.activate, { activationKey: key });
    expect(srv.envelopeOf(again).data).toEqual({
      activated: false,
      message: 'The activation link is invalid or has expired, please try again',
    });
  });

  it('refuses an activation key after 7 days, and an unknown key', async () => {
    const payload = await readyToSignUp(strict.app);
    await post(strict.app, apiPaths.signup, payload);
    const key = await keyFromMail(strict.app, payload.email, linkRoutes.activate);
    strict.clock.advanceSeconds(7 * 24 * 60 * 60);
    const expired = await post(strict.app, apiPaths.activate, { activationKey: key });
    expect((srv.envelopeOf(expired).data as { activated: boolean }).activated).toBe(false);
    expect((await userByEmail(payload.email))?.accountStatus).toBe('PendingActivation');
    const unknown = await post(strict.app, apiPaths.activate, { activationKey: 'x'.repeat(43) });
    expect((srv.envelopeOf(unknown).data as { activated: boolean }).activated).toBe(false);
  });

  it('undoes the whole signup when the activation mail cannot be sent, so a retry works', async () => {
    let failing = true;
    const outbox = await srv.createTestApp(handle.db, { SIGNUP_REQUIRES_ACTIVATION: 'true' });
    const payload = await readyToSignUp(outbox.app);
    const broken = await srv.createTestApp(
      handle.db,
      { SIGNUP_REQUIRES_ACTIVATION: 'true' },
      {
        mailer: {
          kind: 'smtp',
          send: async () => {
            if (failing) throw new Error('SMTP down');
          },
        },
      },
    );
    const before = await totals();
    const response = await post(broken.app, apiPaths.signup, {
      ...payload,
      reCaptchaToken: await captchaToken(broken.app),
    });
    expect(response.statusCode).toBe(503);
    expect(messagesOf(response)).toEqual(['Error sending the activation email, please try again.']);
    expect(await totals()).toEqual(before);
    expect(await userByEmail(payload.email)).toBeUndefined();

    failing = false;
    const retry = await post(broken.app, apiPaths.signup, {
      ...payload,
      reCaptchaToken: await captchaToken(broken.app),
    });
    expect(retry.statusCode).toBe(200);
    expect((await userByEmail(payload.email))?.accountStatus).toBe('PendingActivation');
  });
});

describe('POST /api/auth/activate and confirmEmailAddress with bad keys', () => {
  it('refuse oversized and mistyped keys with a 400', async () => {
    const long = await post(test.app, apiPaths.activate, { activationKey: 'k'.repeat(257) });
    expect(long.statusCode).toBe(400);
    expect(messagesOf(long)).toEqual(['activationKey must be between 1 and 256 characters long.']);
    const typed = await post(test.app, apiPaths.confirmEmailAddress, { key: 42 });
    expect(messagesOf(typed)).toEqual(['key must be text.']);
  });

  it('limit unknown keys per client address', async () => {
    const limited = await srv.createTestApp(handle.db, { IDENTITY_RATE_LIMIT_ADDRESS: '2' });
    for (let i = 0; i < 2; i += 1) {
      await post(limited.app, apiPaths.activate, { activationKey: `guess${i}` });
    }
    const response = await post(limited.app, apiPaths.confirmEmailAddress, { key: 'guess' });
    expect(response.statusCode).toBe(429);
  });
});

describe('email confirmation', () => {
  const sendConfirmation = (app: srv.TestApp['app'], email: string) =>
    app.inject({ method: 'POST', url: '/api/dev/sendEmailConfirmation', payload: { email } });

  it('mails a link whose key confirms the address once', async () => {
    const email = DEMO_USERS.newbie.email;
    await handle.db.update(users).set({ emailConfirmed: false }).where(eq(users.email, email));
    const sent = await sendConfirmation(test.app, email);
    expect(sent.statusCode).toBe(200);
    const mail = await latestMail(test.app, email);
    expect(mail.subject).toBe('Confirm your Givedrop email address');
    const { link, key } = linkIn(mail, linkRoutes.confirmEmail);
    expect(link).toBe(`http://localhost:3000/account/confirm-email/${key}`);

    const confirmed = await post(test.app, apiPaths.confirmEmailAddress, { key });
    expect(srv.envelopeOf(confirmed).data).toEqual({
      confirmed: true,
      message: 'Your email address has been confirmed.',
    });
    expect((await userByEmail(email))?.emailConfirmed).toBe(true);
    const again = await post(test.app, apiPaths.confirmEmailAddress, { key });
    expect(srv.envelopeOf(again).data).toEqual({
      confirmed: false,
      message: 'The email confirmation link is invalid or has expired, please try again',
    });
  });

  it('refuses a key after 7 days and a key for an address the account no longer has', async () => {
    const email = DEMO_USERS.member.email;
    await sendConfirmation(test.app, email);
    const expiredKey = await keyFromMail(test.app, email, linkRoutes.confirmEmail);
    test.clock.advanceSeconds(7 * 24 * 60 * 60 + 1);
    const expired = await post(test.app, apiPaths.confirmEmailAddress, { key: expiredKey });
    expect((srv.envelopeOf(expired).data as { confirmed: boolean }).confirmed).toBe(false);

    const payload = await readyToSignUp();
    await post(test.app, apiPaths.signup, payload);
    await sendConfirmation(test.app, payload.email);
    const key = await keyFromMail(test.app, payload.email, linkRoutes.confirmEmail);
    await handle.db
      .update(users)
      .set({ email: `changed.${payload.email}`, emailConfirmed: false })
      .where(eq(users.email, payload.email));
    const stale = await post(test.app, apiPaths.confirmEmailAddress, { key });
    expect((srv.envelopeOf(stale).data as { confirmed: boolean }).confirmed).toBe(false);
    expect((await userByEmail(`changed.${payload.email}`))?.emailConfirmed).toBe(false);
  });

  it('answers 404 for an address without an account', async () => {
    const response = await sendConfirmation(test.app, 'nobody@example.org');
    expect(response.statusCode).toBe(404);
    expect(messagesOf(response)).toEqual(['There is no account with this email address.']);
  });
});

describe('GET /api/users/handleExists', () => {
  const exists = (value: string) =>
    test.app.inject({ method: 'GET', url: srv.api(apiPaths.handleExists), query: { value } });

  it('is true for a taken handle in any letter case and false for a free one', async () => {
    for (const value of ['olivia_harper', 'OLIVIA_HARPER', 'Olivia_Harper']) {
      const response = await exists(value);
      expect(response.statusCode).toBe(200);
      expect(srv.envelopeOf(response)).toEqual({
        status: ResponseStatus.Ok,
        messages: [],
        data: true,
      });
    }
    expect(srv.envelopeOf(await exists('free_handle_42')).data).toBe(false);
  });

  it('is public and refuses values that break the handle rule', async () => {
    for (const value of ['abc', '_lead', 'trail_', 'dou__ble', 'spa ce', 'semi;colon']) {
      const response = await exists(value);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual([
        'Letters, numbers and underscores only, 4-20 characters.',
      ]);
    }
    const missing = await test.app.inject({ method: 'GET', url: srv.api(apiPaths.handleExists) });
    expect(messagesOf(missing)).toEqual(['Please enter a profile name/handle']);
    const long = await exists('a'.repeat(21));
    expect(messagesOf(long)).toEqual(['value must be between 1 and 20 characters long.']);
    const repeated = await test.app.inject({
      method: 'GET',
      url: `${srv.api(apiPaths.handleExists)}?value=abcd&value=efgh`,
    });
    expect(messagesOf(repeated)).toEqual(['value must be text.']);
  });

  it('sees a handle taken by a new signup, case-insensitively', async () => {
    const payload = await readyToSignUp();
    await post(test.app, apiPaths.signup, { ...payload, handle: 'Mixed_Case_Me' });
    expect(srv.envelopeOf(await exists('mixed_case_me')).data).toBe(true);
  });
});
