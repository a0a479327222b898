/**
 * Account settings (issue 16): the personal-details user, personal details with the email change
 * confirmed by link, preferences and consents, the password change, the personal-data zip and
 * deleting one's own account in its three outcomes (spec §6), with the spec's texts, bad input
 * refused without a partial write, and the rate limits.
 */
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  accountTexts,
  DEFAULT_ANNOTATION_COLOR,
  type UserEditDetails,
} from '../../contract/account';
import type { CurrentTenant } from '../../contract/auth';
import { avatarUploadReference } from '../../contract/avatars';
import { accountEndpoints } from '../../contract/endpoints/account';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { UserRole } from '../../contract/enums';
import type { Post } from '../../contract/posts';
import {
  accountKeys,
  devOutboxMails,
  drops,
  posts,
  refreshTokens,
  tenants,
  tenantUsers,
  topics,
  userInterestedTopics,
  users,
} from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { accountLimitMessages } from '../../server/features/account/limits';
import { issueAccountKey } from '../../server/features/identity/accountKeys';
import { createMailer } from '../../server/mail/mailer';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import { apiPaths } from './support/apiPaths';
import {
  captchaToken,
  latestMail,
  linkIn,
  linkRoutes,
  post,
  readOutbox,
  readyToSignUpWith,
  STRONG_PASSWORD,
  uniquePerson,
  verifyEmail,
  yearsAgo,
} from './support/identity';
import { makeImage, mediaApiKey, upload, uploadPostImage } from './support/media';
import { useTestApp } from './support/suite';
import * as srv from './support/testServer';
import { unzip } from './support/unzip';

const { handle, test } = useTestApp();

const NEW_PASSWORD = 'N3w!passw0rd';

interface Person extends srv.LoginResult {
  userId: number;
  email: string;
  handle: string;
  /** The organisation the person's signup created (they own it). */
  tenantId: number;
}

const currentTenantOf = (session: srv.LoginResult) =>
  srv.parseJsonClaim<CurrentTenant>(session.claims.currentTenant);

/** A new person, signed up with email and signed in on the organisation it created. */
async function signUp(app = test, prefix = 'acct'): Promise<Person> {
  const payload = await readyToSignUpWith(app.app, await captchaToken(app.app), prefix);
  const response = await post(app.app, apiPaths.signup, payload);
  expect(response.statusCode).toBe(200);
  const session = srv.sessionOf(response);
  return {
    ...session,
    userId: session.claims.id,
    email: payload.email,
    handle: payload.handle,
    tenantId: currentTenantOf(session).id,
  };
}

/** Calls an endpoint as `session` (GET and DELETE with the payload as the query string). */
function call(
  endpoint: AnyEndpoint,
  session: { jwtToken: string } | undefined,
  payload: Record<string, unknown> = {},
  app = test,
): Promise<LightMyRequestResponse> {
  const usesQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return app.app.inject({
    method: endpoint.method,
    url: srv.api(endpoint.path),
    headers: session === undefined ? {} : srv.bearer(session.jwtToken),
    ...(usesQuery
      ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
      : { payload }),
  });
}

const detailsOf = (response: LightMyRequestResponse) =>
  srv.envelopeOf(response).data as UserEditDetails;

function refused(response: LightMyRequestResponse, code: number, messages: string[]) {
  expect(response.statusCode).toBe(code);
  expect(srv.envelopeOf(response).data).toBeNull();
  expect(srv.envelopeOf(response).messages).toEqual(messages);
}

async function userRow(userId: number) {
  const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
  return row;
}

async function totalOf(table: typeof accountKeys | typeof devOutboxMails) {
  const [row] = await handle.db.select({ total: count() }).from(table);
  return row?.total ?? 0;
}

/** Makes `userId` a Standard User of `tenantId`. */
async function addMember(tenantId: number, userId: number): Promise<void> {
  await handle.db.insert(tenantUsers).values({ tenantId, userId, userRole: UserRole.User });
}

async function switchTenant(session: srv.LoginResult, tenantId: number): Promise<srv.LoginResult> {
  const response = await srv.postSwitchTenant(test.app, session, tenantId);
  expect(response.statusCode).toBe(200);
  return srv.sessionOf(response);
}

async function createPost(session: srv.LoginResult, message: string): Promise<Post> {
  const response = await test.app.inject({
    method: 'POST',
    url: srv.api(apiPaths.postsCreate),
    headers: srv.bearer(session.jwtToken),
    payload: { message, link: '', publishedDate: new Date().toISOString(), isDraft: false },
  });
  expect(response.statusCode).toBe(200);
  return srv.envelopeOf(response).data as Post;
}

async function createPostWithImage(session: srv.LoginResult, message: string): Promise<Post> {
  const pending = await uploadPostImage(test.app, await mediaApiKey(test.app), 400, 300);
  const response = await test.app.inject({
    method: 'POST',
    url: srv.api(apiPaths.postsCreateWithFile),
    headers: srv.bearer(session.jwtToken),
    payload: {
      message,
      link: '',
      publishedDate: new Date().toISOString(),
      isDraft: false,
      mediaFileStorageId: pending.fileId,
      mediaFileStorageOriginalName: 'photo.jpg',
    },
  });
  expect(response.statusCode).toBe(200);
  return srv.envelopeOf(response).data as Post;
}

const mediaFile = (fileId: string) =>
  test.app.inject({ method: 'GET', url: `/media/files/${fileId}` });

/** Whether an access token is still accepted (the personal-details user answers). */
async function accepted(session: { jwtToken: string }): Promise<boolean> {
  const response = await call(accountEndpoints.getUserEditDetails, session);
  if (response.statusCode !== 200 && response.statusCode !== 401) {
    throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
  }
  return response.statusCode === 200;
}

const refreshes = async (session: srv.LoginResult) =>
  (await srv.postRefresh(test.app, session.refreshToken)).statusCode === 200;

describe('GET users/getUserEditDetails and users/get', () => {
  it("answers the caller's personal-details user with every organisation they belong to", async () => {
    const member = await srv.login(test.app, DEMO_USERS.member.email);
    await handle.db
      .update(users)
      .set({ privacyPolicyVersion: null })
      .where(eq(users.id, member.claims.id));
    const details = detailsOf(await call(accountEndpoints.getUserEditDetails, member));
    expect(details).toMatchObject({
      id: member.claims.id,
      guid: member.claims.guid,
      email: DEMO_USERS.member.email,
      pendingEmail: null,
      firstName: DEMO_USERS.member.firstName,
      lastName: DEMO_USERS.member.lastName,
      handle: DEMO_USERS.member.handle,
      annotationColor: DEFAULT_ANNOTATION_COLOR,
      privacyPolicyVersion: 1,
    });
    expect(details).not.toHaveProperty('passwordHash');
    expect(
      details.tenantUsers.map(({ tenantName, userRole, owner, loginEnabled }) => ({
        tenantName,
        userRole,
        owner,
        loginEnabled,
      })),
    ).toEqual([
      { tenantName: 'Harbour Hope', userRole: UserRole.User, owner: false, loginEnabled: true },
      {
        tenantName: 'Marcus Reed',
        userRole: UserRole.Administrator,
        owner: true,
        loginEnabled: true,
      },
    ]);
    const harbour = details.tenantUsers[0];
    expect(harbour?.tenantAccountType).toBe('Charity');
    // The login just now was on Harbour Hope, the default organisation.
    expect(Date.parse(harbour?.lastLoginDate ?? '')).toBeGreaterThan(0);

    const own = await call(accountEndpoints.get, member, { id: member.claims.id });
    expect(detailsOf(own)).toEqual(details);
  });

  it("refuses another user's id, and a caller without a token", async () => {
    const member = await srv.login(test.app, DEMO_USERS.member.email);
    const owner = await srv.login(test.app, DEMO_USERS.owner.email);
    const other = await call(accountEndpoints.get, member, { id: owner.claims.id });
    refused(other, 403, [accountTexts.notYours]);
    expect(other.body).not.toContain(DEMO_USERS.owner.email);
    expect((await call(accountEndpoints.getUserEditDetails, undefined)).statusCode).toBe(401);
  });
});

describe('POST users/updatePersonalDetails', () => {
  const detailsFor = (person: Person, overrides: Record<string, unknown> = {}) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '',
    dateOfBirth: '1990-05-17',
    handle: person.handle,
    email: person.email,
    ...overrides,
  });

  it('saves the names (trimmed), the phone as E.164, the date of birth and the handle', async () => {
    const person = await signUp();
    const handle = `${person.handle.slice(0, 15)}_Z`;
    const response = await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, {
        firstName: '  Augusta Ada ',
        lastName: ' King ',
        phone: '+44 7911 123456',
        dateOfBirth: '1985-12-10',
        handle,
        email: person.email.toUpperCase(),
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(detailsOf(response)).toMatchObject({
      firstName: 'Augusta Ada',
      lastName: 'King',
      phone: '+447911123456',
      dateOfBirth: '1985-12-10',
      handle,
      email: person.email,
      pendingEmail: null,
    });
    // The next refresh's token carries the new name and handle (the header shows them).
    const refreshed = srv.sessionOf(await srv.postRefresh(test.app, person.refreshToken));
    expect(refreshed.claims).toMatchObject({ firstName: 'Augusta Ada', lastName: 'King', handle });
    // The person's own handle in another letter case is still theirs.
    const again = await call(
      accountEndpoints.updatePersonalDetails,
      refreshed,
      detailsFor(person, { handle: handle.toLowerCase() }),
    );
    expect(detailsOf(again).handle).toBe(handle.toLowerCase());
  });

  it.each([
    [
      'names over 1,024 characters',
      { firstName: 'a'.repeat(1025), lastName: 'b'.repeat(1025) },
      [accountTexts.nameTooLong],
    ],
    [
      'names of spaces only',
      { firstName: '   ', lastName: ' ' },
      [accountTexts.firstNameRequired, accountTexts.lastNameRequired],
    ],
    ['an invalid phone number', { phone: '+44 12' }, [accountTexts.phoneInvalid]],
    ['a phone number without its country', { phone: '07911 123456' }, [accountTexts.phoneInvalid]],
    [
      'a date that does not exist',
      { dateOfBirth: '1990-02-30' },
      [accountTexts.dateOfBirthInvalid],
    ],
    ['a date of birth not in the date format', { dateOfBirth: '17/05/1990' }, ['Invalid date']],
    ['a handle breaking the rule', { handle: 'a__b' }, [accountTexts.handleRule]],
    [
      "another person's handle, in another letter case",
      { handle: DEMO_USERS.owner.handle.toUpperCase() },
      [accountTexts.handleNotAvailable],
    ],
    ['an invalid email address', { email: 'nobody' }, [accountTexts.emailInvalid]],
    [
      "another account's email address",
      { email: DEMO_USERS.owner.email.toUpperCase() },
      [accountTexts.emailTaken],
    ],
  ])('refuses %s with 400 and the spec text, changing nothing', async (_name, change, messages) => {
    const person = await signUp();
    const before = await userRow(person.userId);
    const keys = await totalOf(accountKeys);
    const response = await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, { firstName: 'Changed', ...change }),
    );
    refused(response, 400, messages);
    expect(await userRow(person.userId)).toEqual(before);
    expect(await totalOf(accountKeys)).toBe(keys);
  });

  it('refuses a date of birth under 18 years, and every broken rule at once', async () => {
    const person = await signUp();
    const before = await userRow(person.userId);
    const underAge = yearsAgo(test.clock.now(), 18, 1);
    refused(
      await call(
        accountEndpoints.updatePersonalDetails,
        person,
        detailsFor(person, { dateOfBirth: underAge }),
      ),
      400,
      [accountTexts.tooYoung],
    );
    refused(
      await call(
        accountEndpoints.updatePersonalDetails,
        person,
        detailsFor(person, {
          firstName: ' ',
          phone: '+1',
          dateOfBirth: underAge,
          handle: DEMO_USERS.member.handle,
          email: uniquePerson('unverified').email,
        }),
      ),
      400,
      [
        accountTexts.firstNameRequired,
        accountTexts.phoneInvalid,
        accountTexts.tooYoung,
        accountTexts.handleNotAvailable,
        accountTexts.emailNotVerified,
      ],
    );
    expect(await userRow(person.userId)).toEqual(before);
  });

  it('refuses a new email address not verified with a code, mailing nothing', async () => {
    const person = await signUp();
    const before = await userRow(person.userId);
    const mails = await totalOf(devOutboxMails);
    const { email } = uniquePerson('unverified');
    refused(
      await call(accountEndpoints.updatePersonalDetails, person, detailsFor(person, { email })),
      400,
      [accountTexts.emailNotVerified],
    );
    expect(await userRow(person.userId)).toEqual(before);
    expect(await totalOf(devOutboxMails)).toBe(mails);
  });

  it('keeps a verified new address pending until its emailed link confirms it, then signs in with it', async () => {
    const person = await signUp();
    const { email: newEmail } = uniquePerson('moved');
    await verifyEmail(test.app, newEmail);
    const saved = await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, { email: newEmail.toUpperCase() }),
    );
    expect(saved.statusCode).toBe(200);
    expect(detailsOf(saved)).toMatchObject({ email: person.email, pendingEmail: newEmail });

    // The old address signs in until the link is used; the new one does not yet.
    expect((await srv.postLogin(test.app, person.email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await srv.postLogin(test.app, newEmail, STRONG_PASSWORD)).statusCode).toBe(401);
    // Saving again with the pending address keeps it (no new mail).
    const mails = (await readOutbox(test.app, newEmail)).length;
    const kept = await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, { email: newEmail }),
    );
    expect(detailsOf(kept).pendingEmail).toBe(newEmail);
    expect((await readOutbox(test.app, newEmail)).length).toBe(mails);

    const mail = await latestMail(test.app, newEmail);
    expect(mail.subject).toBe('Confirm your Givedrop email address');
    const { key } = linkIn(mail, linkRoutes.confirmEmail);
    const confirmed = await post(test.app, apiPaths.confirmEmailAddress, { key });
    expect(srv.envelopeOf(confirmed).data).toEqual({
      confirmed: true,
      message: 'Your email address has been confirmed.',
    });
    expect((await srv.postLogin(test.app, person.email, STRONG_PASSWORD)).statusCode).toBe(401);
    const signedIn = await srv.login(test.app, newEmail, STRONG_PASSWORD);
    expect(signedIn.claims.email).toBe(newEmail);
    expect(detailsOf(await call(accountEndpoints.getUserEditDetails, signedIn))).toMatchObject({
      email: newEmail,
      pendingEmail: null,
      emailConfirmed: true,
    });
    // The link works once.
    const again = await post(test.app, apiPaths.confirmEmailAddress, { key });
    expect((srv.envelopeOf(again).data as { confirmed: boolean }).confirmed).toBe(false);
  });

  it('drops a pending address when the current one is saved again: its link then confirms nothing', async () => {
    const person = await signUp();
    const { email: newEmail } = uniquePerson('undecided');
    await verifyEmail(test.app, newEmail);
    const saved = await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, { email: newEmail }),
    );
    expect(detailsOf(saved).pendingEmail).toBe(newEmail);
    const { key } = linkIn(await latestMail(test.app, newEmail), linkRoutes.confirmEmail);

    const back = await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, { email: person.email.toUpperCase() }),
    );
    expect(back.statusCode).toBe(200);
    expect(detailsOf(back)).toMatchObject({ email: person.email, pendingEmail: null });
    const confirmed = await post(test.app, apiPaths.confirmEmailAddress, { key });
    expect((srv.envelopeOf(confirmed).data as { confirmed: boolean }).confirmed).toBe(false);
    expect((await srv.postLogin(test.app, person.email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await srv.postLogin(test.app, newEmail, STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it('replaces a pending address with a newer one, whose link alone confirms', async () => {
    const person = await signUp();
    const first = uniquePerson('first').email;
    const second = uniquePerson('second').email;
    await verifyEmail(test.app, first);
    await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, { email: first }),
    );
    await verifyEmail(test.app, second);
    const saved = await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, { email: second }),
    );
    expect(detailsOf(saved).pendingEmail).toBe(second);
    const stale = linkIn(await latestMail(test.app, first), linkRoutes.confirmEmail).key;
    const staleAnswer = await post(test.app, apiPaths.confirmEmailAddress, { key: stale });
    expect((srv.envelopeOf(staleAnswer).data as { confirmed: boolean }).confirmed).toBe(false);
    const fresh = linkIn(await latestMail(test.app, second), linkRoutes.confirmEmail).key;
    const freshAnswer = await post(test.app, apiPaths.confirmEmailAddress, { key: fresh });
    expect((srv.envelopeOf(freshAnswer).data as { confirmed: boolean }).confirmed).toBe(true);
    expect((await userRow(person.userId))?.email).toBe(second);
  });

  it('refuses the link when another account took the pending address meanwhile', async () => {
    const person = await signUp();
    const { email: wanted } = uniquePerson('wanted');
    await verifyEmail(test.app, wanted);
    await call(
      accountEndpoints.updatePersonalDetails,
      person,
      detailsFor(person, { email: wanted }),
    );
    const { key } = linkIn(await latestMail(test.app, wanted), linkRoutes.confirmEmail);
    const other = await signUp();
    await handle.db.update(users).set({ email: wanted }).where(eq(users.id, other.userId));
    const answer = await post(test.app, apiPaths.confirmEmailAddress, { key });
    expect(srv.envelopeOf(answer).data).toEqual({
      confirmed: false,
      message: accountTexts.emailTaken,
    });
    expect(await userRow(person.userId)).toMatchObject({ email: person.email });
  });

  it('saves nothing and answers 503 when the confirmation link cannot be mailed', async () => {
    const outbox = createMailer({
      smtpUrl: undefined,
      from: 'no-reply@givedrop.example',
      production: false,
      db: handle.db,
      now: () => new Date(),
      log: { warn: () => {} },
    });
    const failing = await srv.createTestApp(
      handle.db,
      {},
      {
        mailer: {
          kind: 'outbox',
          send: (mail) =>
            mail.subject.startsWith('Confirm')
              ? Promise.reject(new Error('SMTP is down'))
              : outbox.send(mail),
        },
      },
    );
    try {
      const person = await signUp(failing);
      const { email } = uniquePerson('unmailed');
      await verifyEmail(failing.app, email);
      const before = await userRow(person.userId);
      const keys = await totalOf(accountKeys);
      const response = await call(
        accountEndpoints.updatePersonalDetails,
        person,
        detailsFor(person, { email, firstName: 'Changed' }),
        failing,
      );
      refused(response, 503, ['Error sending the email confirmation link, please try again.']);
      expect(await userRow(person.userId)).toEqual(before);
      expect(await totalOf(accountKeys)).toBe(keys);
    } finally {
      await failing.app.close();
    }
  });
});

describe('POST users/updatePreferences, setConsentToHelpEmails and setConsentToMarketingEmails', () => {
  it("saves the caller's consents and annotation colour", async () => {
    const person = await signUp();
    const saved = await call(accountEndpoints.updatePreferences, person, {
      consentToHelpEmails: false,
      consentToMarketingEmails: true,
      annotationColor: '#00AA33',
    });
    expect(detailsOf(saved)).toMatchObject({
      consentToHelpEmails: false,
      consentToMarketingEmails: true,
      annotationColor: '#00AA33',
    });
    const help = await call(accountEndpoints.setConsentToHelpEmails, person, { value: true });
    expect(detailsOf(help)).toMatchObject({
      consentToHelpEmails: true,
      consentToMarketingEmails: true,
    });
    const marketing = await call(accountEndpoints.setConsentToMarketingEmails, person, {
      value: false,
    });
    expect(detailsOf(marketing)).toMatchObject({
      consentToHelpEmails: true,
      consentToMarketingEmails: false,
      annotationColor: '#00AA33',
    });
  });

  it('refuses a colour that is not #rrggbb and a consent that is not a boolean', async () => {
    const person = await signUp();
    const before = await userRow(person.userId);
    const colour = await call(accountEndpoints.updatePreferences, person, {
      consentToHelpEmails: true,
      consentToMarketingEmails: true,
      annotationColor: 'red',
    });
    refused(colour, 400, ['annotationColor is out of range.']);
    const consent = await call(accountEndpoints.setConsentToHelpEmails, person, { value: 'yes' });
    refused(consent, 400, ['value must be true or false.']);
    expect(await userRow(person.userId)).toEqual(before);
  });
});

describe('POST auth/updatePassword', () => {
  const change = (session: { jwtToken: string }, currentPassword: string, newPassword: string) =>
    call(accountEndpoints.updatePassword, session, { currentPassword, newPassword });

  it('replaces the password and ends every other session, keeping this one', async () => {
    const person = await signUp();
    const otherDevice = await srv.login(test.app, person.email, STRONG_PASSWORD);
    const resetKey = await issueAccountKey(
      handle.db,
      'passwordReset',
      { id: person.userId, email: person.email },
      test.clock.now(),
    );
    const response = await change(person, STRONG_PASSWORD, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ updated: true });

    // The other device is out at once: its access token is refused and its refresh fails.
    expect(await accepted(otherDevice)).toBe(false);
    expect(await refreshes(otherDevice)).toBe(false);
    // This device stays signed in.
    expect(await accepted(person)).toBe(true);
    expect(await refreshes(person)).toBe(true);
    // The new password signs in, the old one no longer does.
    expect((await srv.postLogin(test.app, person.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await srv.postLogin(test.app, person.email, NEW_PASSWORD)).statusCode).toBe(200);
    // An outstanding reset link is spent.
    const valid = await post(test.app, apiPaths.validatePasswordResetKey, { key: resetKey });
    expect((srv.envelopeOf(valid).data as { valid: boolean }).valid).toBe(false);
  });

  it('refuses a wrong current password and a weak new one with 400, changing nothing', async () => {
    const person = await signUp();
    const otherDevice = await srv.login(test.app, person.email, STRONG_PASSWORD);
    const before = await userRow(person.userId);
    refused(await change(person, 'Wrong!pass1', NEW_PASSWORD), 400, [
      accountTexts.currentPasswordWrong,
    ]);
    refused(await change(person, STRONG_PASSWORD, 'weakpassword'), 400, [
      accountTexts.passwordInvalid,
    ]);
    refused(await change(person, STRONG_PASSWORD, 'Sh0!t'), 400, [accountTexts.passwordInvalid]);
    refused(await change(person, 'Wrong!pass1', 'weak'), 400, [
      accountTexts.currentPasswordWrong,
      accountTexts.passwordInvalid,
    ]);
    refused(await call(accountEndpoints.updatePassword, person, {}), 400, [
      accountTexts.currentPasswordRequired,
      'Please enter a password (at least 6 characters)',
    ]);
    expect(await userRow(person.userId)).toEqual(before);
    expect(await accepted(otherDevice)).toBe(true);
  });

  it('is only for sessions that signed in with Email', async () => {
    const person = await signUp();
    const sid = String(decodeJwt(person.jwtToken).sid);
    await handle.db
      .update(refreshTokens)
      .set({ loginProvider: 'Google' })
      .where(eq(refreshTokens.familyId, sid));
    const google = srv.sessionOf(await srv.postRefresh(test.app, person.refreshToken));
    expect(google.claims.currentLoginProvider).toBe('Google');
    const before = await userRow(person.userId);
    refused(await change(google, STRONG_PASSWORD, NEW_PASSWORD), 403, [
      accountTexts.passwordNotForThisLogin,
    ]);
    expect(await userRow(person.userId)).toEqual(before);
  });

  it('limits wrong current passwords per account (429 with Retry-After)', async () => {
    const limited = await srv.createTestApp(handle.db, {
      ACCOUNT_RATE_LIMIT_PASSWORD_FAILURES: '2',
    });
    try {
      const person = await signUp(limited);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const wrong = await call(
          accountEndpoints.updatePassword,
          person,
          { currentPassword: 'Wrong!pass1', newPassword: NEW_PASSWORD },
          limited,
        );
        expect(wrong.statusCode).toBe(400);
      }
      const right = await call(
        accountEndpoints.updatePassword,
        person,
        { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
        limited,
      );
      refused(right, 429, [accountLimitMessages.passwordFailures]);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      limited.clock.advanceSeconds(3601);
      const later = await call(
        accountEndpoints.updatePassword,
        await srv.login(limited.app, person.email, STRONG_PASSWORD),
        { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
        limited,
      );
      expect(later.statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});

/** yymmddHHMMSS of `at` in UTC. */
function utcStamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return [
    at.getUTCFullYear() % 100,
    at.getUTCMonth() + 1,
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
  ]
    .map(two)
    .join('');
}

describe('GET users/downloadPersonalData', () => {
  it("streams a zip of the person's data and media, named from the names and a UTC stamp", async () => {
    const person = await signUp();
    await call(accountEndpoints.updatePersonalDetails, person, {
      firstName: 'Ada Mary',
      lastName: 'Lovelace King',
      phone: '+447911123456',
      dateOfBirth: '1990-05-17',
      handle: person.handle,
      email: person.email,
    });
    const chosen = await handle.db
      .select({ id: topics.id, name: topics.name })
      .from(topics)
      .limit(3);
    await handle.db
      .insert(userInterestedTopics)
      .values(chosen.map((topic) => ({ userId: person.userId, topicId: topic.id })));
    const avatarUpload = await upload(
      test.app,
      await mediaApiKey(test.app),
      { fileName: 'me.png', contentType: 'image/png', data: await makeImage('png', 200, 200) },
      { presetId: 'avatar', reference: avatarUploadReference(person.claims.guid) },
    );
    const avatarFileId = avatarUpload.json<{ fileId: string }[]>()[0]?.fileId ?? '';
    const avatar = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.confirmAvatarFileUpload),
      headers: srv.bearer(person.jwtToken),
      payload: {
        id: person.userId,
        fileStorageId: avatarFileId,
        fileStorageOriginalName: 'me.png',
      },
    });
    expect(avatar.statusCode).toBe(200);
    const withImage = await createPostWithImage(person, 'A post with a picture');
    const plain = await createPost(person, 'A post without one');

    const at = test.clock.now();
    const response = await call(accountEndpoints.downloadPersonalData, person);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="AdaMaryLovelaceKing${utcStamp(at)}.zip"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const entries = unzip(response.rawPayload);
    const postFile = `media/${withImage.mediaFileStorageId}.webp`;
    const avatarFile = `media/${avatarFileId}.webp`;
    expect(entries.map((entry) => entry.name).sort()).toEqual(
      ['personal-data.json', avatarFile, postFile].sort(),
    );
    const json = entries.find((entry) => entry.name === 'personal-data.json')?.data.toString();
    expect(json).not.toMatch(/scrypt|passwordHash|googleSubject/);
    const data = JSON.parse(json ?? '{}') as Record<string, unknown>;
    expect(data.profile).toMatchObject({
      id: person.userId,
      email: person.email,
      firstName: 'Ada Mary',
      lastName: 'Lovelace King',
      handle: person.handle,
      phone: '+447911123456',
      dateOfBirth: '1990-05-17',
      loginProviders: ['Email'],
      avatarType: 'Stored',
      avatarFile,
    });
    expect(data.consents).toMatchObject({
      consentToHelpEmails: true,
      consentToMarketingEmails: false,
      termsVersion: 1,
      privacyPolicyVersion: 1,
    });
    expect(data.memberships).toEqual([
      expect.objectContaining({
        organisationId: person.tenantId,
        organisationName: 'Ada Lovelace',
        accountType: 'Individual',
        userRole: 'Administrator',
        owner: true,
      }),
    ]);
    expect(data.interestedTopics).toEqual(chosen);
    expect(data.posts).toEqual([
      expect.objectContaining({
        guid: withImage.guid,
        message: 'A post with a picture',
        organisationName: 'Ada Lovelace',
        mediaFile: postFile,
        mediaOriginalName: 'photo.jpg',
      }),
      expect.objectContaining({ guid: plain.guid, message: 'A post without one', mediaFile: null }),
    ]);
    expect(data.invitations).toEqual({ sent: [], received: [] });

    const stored = await mediaFile(withImage.mediaFileStorageId ?? '');
    const zipped = entries.find((entry) => entry.name === postFile);
    expect(zipped?.method).toBe(0);
    expect(zipped?.data.equals(stored.rawPayload)).toBe(true);
  });

  it('refuses a caller without a token with an envelope', async () => {
    const response = await call(accountEndpoints.downloadPersonalData, undefined);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is limited per account (429 with Retry-After)', async () => {
    const limited = await srv.createTestApp(handle.db, { ACCOUNT_RATE_LIMIT_DOWNLOADS: '1' });
    try {
      const person = await signUp(limited);
      const first = await call(accountEndpoints.downloadPersonalData, person, {}, limited);
      expect(first.statusCode).toBe(200);
      const second = await call(accountEndpoints.downloadPersonalData, person, {}, limited);
      refused(second, 429, [accountLimitMessages.downloads]);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.app.close();
    }
  });
});

describe('DELETE users/deleteMyAccount', () => {
  const deleteAccount = (session: { jwtToken: string }, app = test) =>
    call(accountEndpoints.deleteMyAccount, session, {}, app);

  function expectSignedOut(response: LightMyRequestResponse) {
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie?.value).toBe('');
    expect(cookie?.path).toBe('/api/auth');
  }

  async function tenantExists(tenantId: number) {
    const [row] = await handle.db.select().from(tenants).where(eq(tenants.id, tenantId));
    return row !== undefined;
  }

  async function membershipsOf(userId: number) {
    const rows = await handle.db
      .select({ tenantId: tenantUsers.tenantId })
      .from(tenantUsers)
      .where(eq(tenantUsers.userId, userId));
    return rows.map((row) => row.tenantId).sort((a, b) => a - b);
  }

  async function postsOf(tenantId: number) {
    return handle.db.select().from(posts).where(eq(posts.tenantId, tenantId));
  }

  it('deletes the whole organisation when its owner deletes their account', async () => {
    const owner = await signUp();
    const elsewhere = await signUp(); // owns an organisation of their own too
    const onlyHere = await signUp();
    await addMember(owner.tenantId, elsewhere.userId);
    await addMember(owner.tenantId, onlyHere.userId);
    // onlyHere's own organisation goes: they belong to the owner's alone.
    await handle.db.delete(tenants).where(eq(tenants.id, onlyHere.tenantId));
    const onlyHereSession = await srv.login(test.app, onlyHere.email, STRONG_PASSWORD);
    const elsewhereAtHome = await srv.login(test.app, elsewhere.email, STRONG_PASSWORD);
    const elsewhereHere = await switchTenant(
      await srv.login(test.app, elsewhere.email, STRONG_PASSWORD),
      owner.tenantId,
    );
    const ownerOtherDevice = await srv.login(test.app, owner.email, STRONG_PASSWORD);

    const ownerPost = await createPostWithImage(owner, 'The organisation posts');
    const memberPost = await createPost(elsewhereHere, 'A member posts here');
    const keptPost = await createPostWithImage(elsewhereAtHome, 'At home');
    await handle.db.insert(drops).values({
      tenantId: owner.tenantId,
      userId: owner.userId,
      content: 'A drop of the organisation',
      date: new Date(),
      endsAt: new Date(Date.now() + 86_400_000),
    });
    await handle.db
      .update(tenants)
      .set({ paymentProviderCustomerId: 'cus_deleted', subscriptionStatus: 'active' })
      .where(eq(tenants.id, owner.tenantId));

    const response = await deleteAccount(owner);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ deleted: 'organisationAndAccount' });
    expectSignedOut(response);

    expect(await tenantExists(owner.tenantId)).toBe(false);
    expect(await postsOf(owner.tenantId)).toEqual([]);
    const [drop] = await handle.db.select().from(drops).where(eq(drops.tenantId, owner.tenantId));
    expect(drop).toBeUndefined();
    expect(await userRow(owner.userId)).toBeUndefined();
    expect(await userRow(onlyHere.userId)).toBeUndefined();
    // The member who belongs elsewhere stays, without this organisation.
    expect(await membershipsOf(elsewhere.userId)).toEqual([elsewhere.tenantId]);
    const [member] = await handle.db
      .select()
      .from(posts)
      .where(and(eq(posts.id, keptPost.id), eq(posts.tenantId, elsewhere.tenantId)));
    expect(member?.message).toBe('At home');
    const [gone] = await handle.db.select().from(posts).where(eq(posts.id, memberPost.id));
    expect(gone).toBeUndefined();
    // Every session of the organisation and of the deleted users ended at once; the member's
    // session at home carries on.
    for (const session of [owner, ownerOtherDevice, onlyHereSession, elsewhereHere]) {
      expect(await accepted(session)).toBe(false);
      expect(await refreshes(session)).toBe(false);
    }
    expect(await accepted(elsewhereAtHome)).toBe(true);
    expect((await srv.postLogin(test.app, owner.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await srv.postLogin(test.app, onlyHere.email, STRONG_PASSWORD)).statusCode).toBe(401);
    const again = await srv.login(test.app, elsewhere.email, STRONG_PASSWORD);
    expect(currentTenantOf(again).id).toBe(elsewhere.tenantId);
    // The deleted post's media file is gone; the member's post at home keeps its own.
    expect((await mediaFile(ownerPost.mediaFileStorageId ?? '')).statusCode).toBe(404);
    expect((await mediaFile(keptPost.mediaFileStorageId ?? '')).statusCode).toBe(200);
  });

  it('an owner of two organisations deletes the current one only: the account and the other stay', async () => {
    const owner = await signUp();
    const neighbour = await signUp(); // another tenant: nothing of it is touched
    const member = await signUp();
    // The owner's second organisation, with a member and a post of its own.
    const [second] = await handle.db
      .insert(tenants)
      .values({ name: 'Second Home', accountType: 'Charity', isOnboarding: false })
      .returning({ id: tenants.id });
    const secondId = second?.id ?? 0;
    await handle.db.insert(tenantUsers).values({
      tenantId: secondId,
      userId: owner.userId,
      userRole: UserRole.Administrator,
      owner: true,
    });
    await addMember(secondId, member.userId);
    await addMember(owner.tenantId, member.userId);
    const ownerInSecond = await switchTenant(
      await srv.login(test.app, owner.email, STRONG_PASSWORD),
      secondId,
    );
    const secondPost = await createPostWithImage(ownerInSecond, 'The second organisation posts');
    const neighbourPost = await createPostWithImage(neighbour, 'Next door');
    const firstPost = await createPost(owner, 'The first organisation posts');
    await handle.db
      .update(tenants)
      .set({ paymentProviderCustomerId: 'cus_second' })
      .where(eq(tenants.id, secondId));

    const response = await deleteAccount(owner);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ deleted: 'organisation' });
    expectSignedOut(response);

    // The current organisation is gone with its content; its member stays elsewhere.
    expect(await tenantExists(owner.tenantId)).toBe(false);
    const [gone] = await handle.db.select().from(posts).where(eq(posts.id, firstPost.id));
    expect(gone).toBeUndefined();
    expect(await membershipsOf(member.userId)).toEqual(
      [member.tenantId, secondId].sort((a, b) => a - b),
    );
    // The account stays, owning the second organisation, whose content and payment record stay.
    expect(await userRow(owner.userId)).toBeDefined();
    expect(await membershipsOf(owner.userId)).toEqual([secondId]);
    const [kept] = await handle.db.select().from(tenants).where(eq(tenants.id, secondId));
    expect(kept?.paymentProviderCustomerId).toBe('cus_second');
    expect((await postsOf(secondId)).map((row) => row.id)).toEqual([secondPost.id]);
    expect((await mediaFile(secondPost.mediaFileStorageId ?? '')).statusCode).toBe(200);
    // Another tenant is untouched.
    expect(await tenantExists(neighbour.tenantId)).toBe(true);
    expect((await postsOf(neighbour.tenantId)).map((row) => row.id)).toEqual([neighbourPost.id]);
    expect(await accepted(neighbour)).toBe(true);
    // Signed out of the deleted organisation; the session in the second one carries on, and
    // signing in again lands in the second organisation.
    expect(await accepted(owner)).toBe(false);
    expect(await accepted(ownerInSecond)).toBe(true);
    const again = await srv.login(test.app, owner.email, STRONG_PASSWORD);
    expect(currentTenantOf(again).id).toBe(secondId);
  });

  it('removes only the membership of a non-owner who belongs to another organisation', async () => {
    const owner = await signUp();
    const member = await signUp();
    await addMember(owner.tenantId, member.userId);
    const atHome = await srv.login(test.app, member.email, STRONG_PASSWORD);
    const here = await switchTenant(
      await srv.login(test.app, member.email, STRONG_PASSWORD),
      owner.tenantId,
    );
    const memberPost = await createPostWithImage(here, 'Written in the other organisation');
    const ownerPost = await createPost(owner, 'The owner stays');

    const response = await deleteAccount(here);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ deleted: 'membership' });
    expectSignedOut(response);

    expect(await tenantExists(owner.tenantId)).toBe(true);
    expect(await membershipsOf(member.userId)).toEqual([member.tenantId]);
    expect((await postsOf(owner.tenantId)).map((row) => row.id)).toEqual([ownerPost.id]);
    expect((await mediaFile(memberPost.mediaFileStorageId ?? '')).statusCode).toBe(404);
    expect((await userRow(member.userId))?.lastTenantId).toBeNull();
    // Signed out of that organisation at once; still signed in at home, and can sign in again.
    expect(await accepted(here)).toBe(false);
    expect(await refreshes(here)).toBe(false);
    expect(await accepted(atHome)).toBe(true);
    const again = await srv.login(test.app, member.email, STRONG_PASSWORD);
    expect(currentTenantOf(again).id).toBe(member.tenantId);
    expect(await accepted(owner)).toBe(true);
  });

  it('deletes the account of a non-owner who belongs to no other organisation', async () => {
    const owner = await signUp();
    const member = await signUp();
    await addMember(owner.tenantId, member.userId);
    await handle.db.delete(tenants).where(eq(tenants.id, member.tenantId));
    const session = await srv.login(test.app, member.email, STRONG_PASSWORD);
    expect(currentTenantOf(session).id).toBe(owner.tenantId);
    await createPost(session, 'Gone with the account');

    const response = await deleteAccount(session);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).data).toEqual({ deleted: 'account' });
    expectSignedOut(response);
    expect(await userRow(member.userId)).toBeUndefined();
    expect((await srv.postLogin(test.app, member.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect(await accepted(session)).toBe(false);
    expect(await tenantExists(owner.tenantId)).toBe(true);
    expect(await membershipsOf(owner.userId)).toEqual([owner.tenantId]);
    expect(await accepted(owner)).toBe(true);
  });

  it('is limited per account (429 with Retry-After), and refused without a membership', async () => {
    const limited = await srv.createTestApp(handle.db, { ACCOUNT_RATE_LIMIT_DELETIONS: '1' });
    try {
      const person = await signUp(limited);
      // Removed from the organisation since signing in: nothing of it to delete.
      await handle.db
        .delete(tenantUsers)
        .where(
          and(eq(tenantUsers.userId, person.userId), eq(tenantUsers.tenantId, person.tenantId)),
        );
      refused(await deleteAccount(person, limited), 403, [
        'You do not have access to this organisation.',
      ]);
      const again = await deleteAccount(person, limited);
      refused(again, 429, [accountLimitMessages.deletions]);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      expect(await userRow(person.userId)).toBeDefined();
    } finally {
      await limited.app.close();
    }
  });
});
