/**
 * The team (issue 17): invitations from sending to accepting or declining, the users of an
 * organisation, roles and login permission, with the spec's texts.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { validate } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/endpoints/auth';
import { teamEndpoints as endpoints } from '../../contract/endpoints/team';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { UserRole } from '../../contract/enums';
import { alreadyText } from '../../contract/invitationStatusMachine';
import { devStandInPaths } from '../../contract/paths';
import type { CurrentTenant } from '../../contract/auth';
import {
  teamTexts,
  type AcceptInvitationResponse,
  type InvitationByKey,
  type TeamUserList,
  UserInvitation,
  type UserInvitationList,
} from '../../contract/team';
import { tenantUsers, users } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import { NOT_AN_ADMINISTRATOR } from '../../server/domain/scope';
import { TENANT_LOGIN_DISABLED } from '../../server/features/auth/sessions';
import { TOO_MANY_ATTEMPTS } from '../../server/features/identity/rateLimits';
import { INVITATION_ROUTE } from '../../server/features/team/domain';
import { invitationMailLimitMessages } from '../../server/features/team/mailLimits';
import { teamSettings } from '../../server/features/team/settings';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import {
  captchaToken,
  latestMail,
  linkIn,
  post,
  readOutbox,
  readyToSignUpWith,
  STRONG_PASSWORD,
  uniquePerson,
} from './support/identity';
import { apiPaths } from './support/apiPaths';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

let owner: srv.LoginResult;

const { handle, test } = useTestApp();
beforeAll(async () => {
  owner = await srv.login(test.app, DEMO_USERS.owner.email);
});

// The clock moves (expiries): every test starts with a fresh access token.
beforeEach(async () => {
  owner = await srv.login(test.app, DEMO_USERS.owner.email);
});

function call(
  app: srv.TestApp['app'],
  endpoint: AnyEndpoint,
  payload: Record<string, unknown>,
  token?: string,
  ip?: string,
): Promise<LightMyRequestResponse> {
  const usesQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return app.inject({
    method: endpoint.method,
    url: srv.api(endpoint.path),
    ...(token === undefined ? {} : { headers: srv.bearer(token) }),
    ...(ip === undefined ? {} : { remoteAddress: ip }),
    ...(usesQuery
      ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
      : { payload }),
  });
}

const dataOf = <T>(response: LightMyRequestResponse) => srv.envelopeOf(response).data as T;

function inviteFields(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Iris',
    lastName: 'Vale',
    email,
    message: 'Join us at the harbour!',
    userRole: UserRole.User,
    canChangeEmailAddress: false,
    ...overrides,
  };
}

/** Invites `email` as the owner; the invitation and the key of its mailed link. */
async function invite(app: srv.TestApp['app'], token: string, email: string, overrides = {}) {
  const response = await call(
    app,
    endpoints.createInvitation,
    inviteFields(email, overrides),
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  const invitation = dataOf<UserInvitation>(response);
  const { key } = linkIn(await latestMail(app, email), INVITATION_ROUTE);
  return { invitation, key };
}

async function acceptPayload(app: srv.TestApp['app'], key: string, email: string, overrides = {}) {
  return {
    firstName: 'Iris',
    lastName: 'Vale',
    email,
    password: STRONG_PASSWORD,
    termsAccepted: true,
    privacyPolicyAccepted: true,
    consentToHelpEmails: false,
    consentToMarketingEmails: false,
    usingEmail: true,
    reCaptchaToken: await captchaToken(app),
    userInvitationKey: key,
    ...overrides,
  };
}

const lookUp = (app: srv.TestApp['app'], key: string, ip?: string) =>
  call(app, endpoints.getUserByInvitationKey, { key }, undefined, ip);

/** A code of the development Google stand-in (its consent page) for this identity. */
async function googleCode(
  app: srv.TestApp['app'],
  identity: { email: string; firstName?: string; lastName?: string },
): Promise<string> {
  const response = await post(app, devStandInPaths.consentPage, {
    firstName: 'Gale',
    lastName: 'Moss',
    ...identity,
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return (srv.envelopeOf(response).data as { code: string }).code;
}

/** POST auth/acceptUserInvitationWithGoogle with a stand-in code for `googleEmail`. */
async function acceptWithGoogle(
  app: srv.TestApp['app'],
  key: string,
  googleEmail: string,
  options: { details?: Record<string, unknown>; ip?: string; code?: string } = {},
) {
  return call(
    app,
    endpoints.acceptUserInvitationWithGoogle,
    {
      acceptUserInvitationRequest: {
        userInvitationKey: key,
        termsAccepted: true,
        privacyPolicyAccepted: true,
        consentToHelpEmails: true,
        consentToMarketingEmails: false,
        usingEmail: false,
        reCaptchaToken: await captchaToken(app),
        ...options.details,
      },
      authCodeResponse: {
        code: options.code ?? (await googleCode(app, { email: googleEmail })),
        scope: 'openid email profile',
      },
    },
    undefined,
    options.ip,
  );
}

async function invitationsOf(token: string): Promise<UserInvitation[]> {
  const response = await call(test.app, endpoints.listInvitations, { getTotalCount: true }, token);
  expect(response.statusCode).toBe(200);
  return dataOf<UserInvitationList>(response).list;
}

async function membershipOf(userId: number, tenantId: number) {
  const [row] = await handle.db
    .select()
    .from(tenantUsers)
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.tenantId, tenantId)));
  return row;
}

const ownerTenantId = () => srv.parseJsonClaim<{ id: number }>(owner.claims.currentTenant).id;

describe('inviting', () => {
  it('is for Administrators of the organisation only', async () => {
    const member = await srv.login(test.app, DEMO_USERS.member.email);
    const response = await call(test.app, endpoints.listInvitations, {}, member.jwtToken);
    expect(response.statusCode).toBe(403);
    expect(srv.envelopeOf(response).messages).toEqual([NOT_AN_ADMINISTRATOR]);
    const anonymous = await call(test.app, endpoints.listUsers, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('mails the invitee the inviter, the organisation, the message and the link', async () => {
    const { email } = uniquePerson('inv');
    const { invitation, key } = await invite(test.app, owner.jwtToken, email);
    const mail = await latestMail(test.app, email);
    expect(mail.subject).toBe('Olivia Harper invited you to join Harbour Hope on Givedrop');
    // The message is the inviter's quoted words (issue 31), escaped in the HTML body.
    expect(mail.text).toContain('Olivia Harper wrote:\n> Join us at the harbour!\n');
    expect(mail.html).toMatch(/<blockquote[^>]*>Join us at the harbour!<\/blockquote>/);
    expect(mail.text).toContain(`${test.config.siteUrl}/invitation/${key}`);
    expect(mail.text).toContain('expires in 7 days');
    expect(key.length).toBeGreaterThanOrEqual(43);
    expect(invitation).toMatchObject({
      email,
      userInvitationStatus: 'Pending',
      userInvitationKey: key,
      userRole: UserRole.User,
      acceptedEmailAddress: null,
      responseMessage: null,
    });
    const days = (Date.parse(invitation.expiryDate) - test.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect((await invitationsOf(owner.jwtToken)).map((i) => i.id)).toContain(invitation.id);
  });

  it('answers the form fields with the spec messages', async () => {
    const response = await call(
      test.app,
      endpoints.createInvitation,
      { firstName: '', lastName: '', email: 'nope', userRole: 7, canChangeEmailAddress: false },
      owner.jwtToken,
    );
    expect(response.statusCode).toBe(400);
    expect(srv.envelopeOf(response).messages).toEqual(
      expect.arrayContaining([
        teamTexts.inviteFirstNameRequired,
        teamTexts.inviteLastNameRequired,
        teamTexts.inviteEmailInvalid,
        teamTexts.userRoleRequired,
      ]),
    );
    const blank = await call(
      test.app,
      endpoints.createInvitation,
      inviteFields('blank@example.org', { firstName: '   ' }),
      owner.jwtToken,
    );
    expect(blank.statusCode).toBe(400);
    expect(srv.envelopeOf(blank).messages).toEqual([teamTexts.inviteFirstNameRequired]);
  });

  it('refuses to invite a member of the organisation (409)', async () => {
    const response = await call(
      test.app,
      endpoints.upsertInvitation,
      inviteFields(DEMO_USERS.member.email.toUpperCase()),
      owner.jwtToken,
    );
    expect(response.statusCode).toBe(409);
    expect(srv.envelopeOf(response).messages).toEqual([teamTexts.alreadyMember]);
  });
});

describe('the invitee', () => {
  it('sees the invitation by key: organisation, inviter and whether the account exists', async () => {
    const { email } = uniquePerson('look');
    const { key } = await invite(test.app, owner.jwtToken, email);
    const response = await lookUp(test.app, key);
    expect(response.statusCode).toBe(200);
    expect(dataOf<InvitationByKey>(response)).toEqual({
      email,
      firstName: 'Iris',
      lastName: 'Vale',
      userInvitationKey: key,
      userInvitationStatus: 'Pending',
      accountName: 'Harbour Hope',
      invitedByUserFullName: 'Olivia Harper',
      invitedByUserEmail: DEMO_USERS.owner.email,
      canChangeEmailAddress: false,
      accountExists: false,
    });
  });

  it("answers a guessed or tampered key 'Invalid Invitation' and nothing else", async () => {
    const { email } = uniquePerson('tamper');
    const { key } = await invite(test.app, owner.jwtToken, email);
    // The tampered key changes its last character to one it is not (a key that ends in 'A'
    // would otherwise be tried as itself, one run in 64).
    const tampered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of ['x'.repeat(43), tampered, `${key}x`]) {
      const response = await lookUp(test.app, guess);
      expect(response.statusCode).toBe(404);
      // Not 'Invalid Invitation' again under the screen's title of that name (issue 34).
      expect(srv.envelopeOf(response)).toMatchObject({
        messages: [teamTexts.unknownInvitationKey],
      });
      expect(teamTexts.unknownInvitationKey).not.toBe(teamTexts.invalidInvitation);
      expect(srv.envelopeOf(response).data).toBeNull();
      const declined = await call(test.app, endpoints.declineUserInvitation, {
        userInvitationKey: guess,
      });
      expect(declined.statusCode).toBe(404);
      expect(srv.envelopeOf(declined).messages).toEqual([teamTexts.unknownInvitationKey]);
    }
  });

  it('accepts as a new user with the invited role, signed in to the organisation', async () => {
    const { email } = uniquePerson('acc');
    const { invitation, key } = await invite(test.app, owner.jwtToken, email, {
      userRole: UserRole.Administrator,
    });
    const response = await call(
      test.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(test.app, key, email),
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = dataOf<AcceptInvitationResponse>(response);
    expect(answer.activated).toBe(true);
    // A first-time invitee: the home greets them 'Welcome', not 'Welcome back' (issue 34).
    expect(answer.newAccount).toBe(true);
    expect(answer.session?.jwtToken).toBeTruthy();
    expect(response.cookies.some((c) => c.name === REFRESH_COOKIE)).toBe(true);
    const session = srv.parseJsonClaim<CurrentTenant & { id: number }>(
      (
        JSON.parse(
          Buffer.from(answer.session!.jwtToken.split('.')[1]!, 'base64url').toString(),
        ) as {
          currentTenant: string;
        }
      ).currentTenant,
    );
    expect(session.name).toBe('Harbour Hope');
    expect(session.userRole).toBe(UserRole.Administrator);

    const listed = (await invitationsOf(owner.jwtToken)).find((i) => i.id === invitation.id);
    expect(listed).toMatchObject({
      userInvitationStatus: 'Accepted',
      userInvitationKey: '',
      acceptedEmailAddress: null,
    });
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmed).toBe(true);
    expect(user?.termsAcceptedDate).not.toBeNull();

    const again = await call(
      test.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(test.app, key, email),
    );
    expect(again.statusCode).toBe(409);
    expect(srv.envelopeOf(again).messages).toEqual([alreadyText('Accepted')]);
    expect(alreadyText('Accepted')).toBe('This invitation has already been accepted.');
    const declined = await call(test.app, endpoints.declineUserInvitation, {
      userInvitationKey: key,
    });
    expect(declined.statusCode).toBe(409);
    expect(srv.envelopeOf(declined).messages).toEqual([alreadyText('Accepted')]);

    const resend = await call(
      test.app,
      endpoints.upsertInvitation,
      inviteFields(`again.${email}`, { id: invitation.id }),
      owner.jwtToken,
    );
    expect(resend.statusCode).toBe(409);
    expect(srv.envelopeOf(resend).messages).toEqual([teamTexts.cannotResendAccepted]);

    // Deleting the accepted invitation leaves the member alone.
    const deleted = await call(
      test.app,
      endpoints.deleteInvitation,
      { id: invitation.id },
      owner.jwtToken,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await membershipOf(user!.id, ownerTenantId())).toMatchObject({
      userRole: UserRole.Administrator,
    });
  });

  it('must use the invited address unless any is allowed, and records a different one', async () => {
    const { email } = uniquePerson('match');
    const { key } = await invite(test.app, owner.jwtToken, email);
    const other = uniquePerson('other').email;
    const refused = await call(
      test.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(test.app, key, other),
    );
    expect(refused.statusCode).toBe(400);
    expect(srv.envelopeOf(refused).messages).toEqual([teamTexts.emailMustMatch]);

    const free = uniquePerson('free').email;
    const { invitation, key: freeKey } = await invite(test.app, owner.jwtToken, free, {
      canChangeEmailAddress: true,
    });
    const accepted = await call(
      test.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(test.app, freeKey, other),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const listed = (await invitationsOf(owner.jwtToken)).find((i) => i.id === invitation.id);
    expect(listed).toMatchObject({ userInvitationStatus: 'Accepted', acceptedEmailAddress: other });
  });

  it('asks an existing account for its password and only adds the membership', async () => {
    const { key } = await invite(test.app, owner.jwtToken, DEMO_USERS.newbie.email);
    const lookup = dataOf<InvitationByKey>(await lookUp(test.app, key));
    expect(lookup.accountExists).toBe(true);
    const wrong = await call(
      test.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(test.app, key, DEMO_USERS.newbie.email, { password: 'Wr0ng!pass' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(srv.envelopeOf(wrong).messages).toEqual([teamTexts.existingAccountPassword]);
    const right = await call(
      test.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(test.app, key, DEMO_USERS.newbie.email, { password: DEMO_PASSWORD }),
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(dataOf<AcceptInvitationResponse>(right)).toMatchObject({
      activated: true,
      newAccount: false,
    });
    const [newbie] = await handle.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_USERS.newbie.email));
    expect(await membershipOf(newbie!.id, ownerTenantId())).toMatchObject({
      userRole: UserRole.User,
      owner: false,
      loginEnabled: true,
    });
    expect(newbie?.firstName).toBe(DEMO_USERS.newbie.firstName);
  });

  it('declines with a reason, which the Administrator sees', async () => {
    const { email } = uniquePerson('dec');
    const { invitation, key } = await invite(test.app, owner.jwtToken, email);
    const response = await call(test.app, endpoints.declineUserInvitation, {
      userInvitationKey: key,
      message: 'Not this year, thank you.',
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ declined: true });
    const listed = (await invitationsOf(owner.jwtToken)).find((i) => i.id === invitation.id);
    expect(listed).toMatchObject({
      userInvitationStatus: 'Declined',
      responseMessage: 'Not this year, thank you.',
    });
    expect(dataOf<InvitationByKey>(await lookUp(test.app, key)).userInvitationStatus).toBe(
      'Declined',
    );
    const again = await call(test.app, endpoints.declineUserInvitation, { userInvitationKey: key });
    expect(again.statusCode).toBe(409);
    expect(srv.envelopeOf(again).messages).toEqual(['This invitation has already been declined.']);
  });
});

describe('accepting with Google', () => {
  async function userByEmail(email: string) {
    const [row] = await handle.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async function listed(invitationId: number) {
    return (await invitationsOf(owner.jwtToken)).find((i) => i.id === invitationId);
  }

  const currentTenantOf = (session: srv.LoginResult) =>
    srv.parseJsonClaim<CurrentTenant>(session.claims.currentTenant);

  it('creates the new person active and confirmed, a member with the invited role, signed in', async () => {
    const { email } = uniquePerson('goog');
    const { invitation, key } = await invite(test.app, owner.jwtToken, email, {
      userRole: UserRole.Administrator,
    });
    const code = await googleCode(test.app, { email, firstName: 'Gale', lastName: 'Moss' });
    const response = await acceptWithGoogle(test.app, key, email, { code });
    expect(response.statusCode, response.body).toBe(200);
    const session = srv.sessionOf(response);
    expect(session.jwtToken).toBeTruthy();
    expect(srv.envelopeOf(response).data).toMatchObject({
      jwtTokenExpiresIn: expect.any(Number) as number,
      refreshTokenExpiresAt: expect.any(String) as string,
    });
    expect(currentTenantOf(session)).toMatchObject({
      name: 'Harbour Hope',
      userRole: UserRole.Administrator,
    });

    const user = await userByEmail(email);
    expect(user).toMatchObject({
      firstName: 'Gale',
      lastName: 'Moss',
      accountStatus: 'Active',
      emailConfirmed: true,
      googleSubject: `dev:${email}`,
      passwordHash: null,
      consentToHelpEmails: true,
      consentToMarketingEmails: false,
      lastTenantId: ownerTenantId(),
    });
    expect(user?.termsAcceptedDate).not.toBeNull();
    expect(session.claims.id).toBe(user!.id);
    // A member of the organisation only: no organisation of their own.
    const memberships = await handle.db
      .select()
      .from(tenantUsers)
      .where(eq(tenantUsers.userId, user!.id));
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({
      tenantId: ownerTenantId(),
      userRole: UserRole.Administrator,
      owner: false,
      loginEnabled: true,
    });
    expect(await listed(invitation.id)).toMatchObject({
      userInvitationStatus: 'Accepted',
      userInvitationKey: '',
      acceptedEmailAddress: null,
    });
    // Google signs the new member in from now on.
    const again = await post(test.app, apiPaths.loginWithGoogle, {
      authCodeResponse: { code: await googleCode(test.app, { email }) },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('adds an existing account of the address to the organisation and links its Google sign-in', async () => {
    const payload = await readyToSignUpWith(test.app, await captchaToken(test.app), 'gexist');
    const signedUp = await post(test.app, apiPaths.signup, payload);
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const before = await userByEmail(payload.email);
    expect(before?.googleSubject).toBeNull();

    const { invitation, key } = await invite(test.app, owner.jwtToken, payload.email);
    expect(dataOf<InvitationByKey>(await lookUp(test.app, key)).accountExists).toBe(true);
    const response = await acceptWithGoogle(test.app, key, payload.email);
    expect(response.statusCode, response.body).toBe(200);
    const session = srv.sessionOf(response);
    expect(session.claims.id).toBe(before!.id);
    expect(currentTenantOf(session)).toMatchObject({
      name: 'Harbour Hope',
      userRole: UserRole.User,
    });

    const after = await userByEmail(payload.email);
    expect(after).toMatchObject({
      id: before!.id,
      googleSubject: `dev:${payload.email}`,
      // Their own details stay theirs (not the Google profile's).
      firstName: before!.firstName,
      lastName: before!.lastName,
      handle: before!.handle,
      passwordHash: before!.passwordHash,
    });
    expect(await membershipOf(before!.id, ownerTenantId())).toMatchObject({
      userRole: UserRole.User,
      owner: false,
    });
    // Their own organisation is still theirs.
    const memberships = await handle.db
      .select()
      .from(tenantUsers)
      .where(eq(tenantUsers.userId, before!.id));
    expect(memberships).toHaveLength(2);
    expect(await listed(invitation.id)).toMatchObject({
      userInvitationStatus: 'Accepted',
      acceptedEmailAddress: null,
    });
  });

  it("must come with the invited address from Google unless any is allowed, and records Google's", async () => {
    const { email } = uniquePerson('gmatch');
    const google = uniquePerson('gother').email;
    const { invitation, key } = await invite(test.app, owner.jwtToken, email);
    const refused = await acceptWithGoogle(test.app, key, google);
    expect(refused.statusCode).toBe(400);
    expect(srv.envelopeOf(refused).messages).toEqual([teamTexts.emailMustMatch]);
    expect(await userByEmail(google)).toBeUndefined();
    expect(await listed(invitation.id)).toMatchObject({ userInvitationStatus: 'Pending' });

    const allowed = await call(
      test.app,
      endpoints.setCanChangeEmailAddress,
      { id: invitation.id, value: true },
      owner.jwtToken,
    );
    expect(allowed.statusCode).toBe(200);
    const accepted = await acceptWithGoogle(test.app, key, google);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await userByEmail(email)).toBeUndefined();
    const user = await userByEmail(google);
    // Google verified the address it gave.
    expect(user).toMatchObject({ emailConfirmed: true, accountStatus: 'Active' });
    expect(await listed(invitation.id)).toMatchObject({
      userInvitationStatus: 'Accepted',
      acceptedEmailAddress: google,
      email,
    });
  });

  it("refuses an invitation that is no longer pending: 'This invitation has already been {status}.'", async () => {
    const refusedWith = async (key: string, email: string, status: string) => {
      const response = await acceptWithGoogle(test.app, key, email);
      expect(response.statusCode).toBe(409);
      expect(srv.envelopeOf(response).messages).toEqual([
        `This invitation has already been ${status}.`,
      ]);
    };

    const accepted = uniquePerson('gacc').email;
    const { key: acceptedKey } = await invite(test.app, owner.jwtToken, accepted);
    expect((await acceptWithGoogle(test.app, acceptedKey, accepted)).statusCode).toBe(200);
    await refusedWith(acceptedKey, accepted, 'accepted');

    const declined = uniquePerson('gdec').email;
    const { key: declinedKey } = await invite(test.app, owner.jwtToken, declined);
    const decline = await call(test.app, endpoints.declineUserInvitation, {
      userInvitationKey: declinedKey,
    });
    expect(decline.statusCode).toBe(200);
    await refusedWith(declinedKey, declined, 'declined');

    const resent = uniquePerson('gres').email;
    const { invitation, key: firstKey } = await invite(test.app, owner.jwtToken, resent);
    const resend = await call(
      test.app,
      endpoints.upsertInvitation,
      inviteFields(resent, { id: invitation.id }),
      owner.jwtToken,
    );
    expect(resend.statusCode).toBe(200);
    await refusedWith(firstKey, resent, 'expired');

    const late = uniquePerson('glate').email;
    const { key: lateKey } = await invite(test.app, owner.jwtToken, late);
    test.clock.advanceSeconds(8 * 86_400);
    await refusedWith(lateKey, late, 'expired');

    for (const email of [declined, resent, late]) {
      expect(await userByEmail(email)).toBeUndefined();
    }
  });

  it('wants a captcha token the stand-in issued for the acceptance', async () => {
    const { email } = uniquePerson('gcap');
    const { invitation, key } = await invite(test.app, owner.jwtToken, email);
    for (const reCaptchaToken of [
      '',
      undefined,
      'not-a-token',
      await captchaToken(test.app, 'login'),
    ]) {
      const response = await acceptWithGoogle(test.app, key, email, {
        details: { reCaptchaToken },
      });
      expect(response.statusCode, String(reCaptchaToken)).toBe(400);
      expect(srv.envelopeOf(response).messages).toEqual([teamTexts.captchaRequired]);
    }
    expect(await userByEmail(email)).toBeUndefined();
    expect(await listed(invitation.id)).toMatchObject({ userInvitationStatus: 'Pending' });
  });

  it('refuses a member of the organisation (409), changing nothing', async () => {
    const { email } = uniquePerson('gmem');
    const { invitation, key } = await invite(test.app, owner.jwtToken, email, {
      canChangeEmailAddress: true,
    });
    const before = await userByEmail(DEMO_USERS.member.email);
    const response = await acceptWithGoogle(test.app, key, DEMO_USERS.member.email);
    expect(response.statusCode).toBe(409);
    expect(srv.envelopeOf(response).messages).toEqual([teamTexts.alreadyMember]);
    expect(response.cookies.some((c) => c.name === REFRESH_COOKIE)).toBe(false);
    expect(await userByEmail(DEMO_USERS.member.email)).toEqual(before);
    expect(await membershipOf(before!.id, ownerTenantId())).toMatchObject({
      userRole: UserRole.User,
    });
    expect(await listed(invitation.id)).toMatchObject({ userInvitationStatus: 'Pending' });
  });
});

describe('resending and cancelling', () => {
  it('issues a new link; the earlier one reads as expired and cannot be accepted', async () => {
    const { email } = uniquePerson('re');
    const { invitation, key: first } = await invite(test.app, owner.jwtToken, email);
    test.clock.advanceSeconds(3600);
    owner = await srv.login(test.app, DEMO_USERS.owner.email);
    const response = await call(
      test.app,
      endpoints.upsertInvitation,
      inviteFields(email, { id: invitation.id, message: 'Second try' }),
      owner.jwtToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const resent = dataOf<UserInvitation>(response);
    const { key: second } = linkIn(await latestMail(test.app, email), INVITATION_ROUTE);
    expect(second).not.toBe(first);
    expect(resent.userInvitationKey).toBe(second);
    expect(Date.parse(resent.expiryDate)).toBeGreaterThan(Date.parse(invitation.expiryDate));
    expect(dataOf<InvitationByKey>(await lookUp(test.app, first)).userInvitationStatus).toBe(
      'Expired',
    );
    const old = await call(
      test.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(test.app, first, email),
    );
    expect(old.statusCode).toBe(409);
    expect(srv.envelopeOf(old).messages).toEqual(['This invitation has already been expired.']);
    expect(dataOf<InvitationByKey>(await lookUp(test.app, second)).userInvitationStatus).toBe(
      'Pending',
    );
  });

  it("changes a pending invitation's details without a new link (update)", async () => {
    const { email } = uniquePerson('upd');
    const { invitation, key } = await invite(test.app, owner.jwtToken, email);
    const mailsBefore = (await readOutbox(test.app, email)).length;
    const details = {
      firstName: 'Irene',
      lastName: 'Vance',
      message: 'Come and run the harbour with us',
      userRole: UserRole.Administrator,
      canChangeEmailAddress: true,
    };
    const response = await call(
      test.app,
      endpoints.updateInvitation,
      {
        id: invitation.id,
        ...inviteFields(email, { ...details, message: `  ${details.message} ` }),
      },
      owner.jwtToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = dataOf<UserInvitation>(response);
    expect(validate(updated, UserInvitation)[0]).toBeUndefined();
    // The details change; the link, its expiry and the status stay.
    expect(updated).toEqual({ ...invitation, ...details });
    const got = await call(
      test.app,
      endpoints.getInvitation,
      { id: invitation.id },
      owner.jwtToken,
    );
    expect(got.statusCode).toBe(200);
    expect(dataOf<UserInvitation>(got)).toEqual(updated);
    expect((await invitationsOf(owner.jwtToken)).find((i) => i.id === invitation.id)).toEqual(
      updated,
    );
    expect((await readOutbox(test.app, email)).length).toBe(mailsBefore);
    // The link mailed first still leads to it, with the new details.
    expect(dataOf<InvitationByKey>(await lookUp(test.app, key))).toMatchObject({
      userInvitationKey: key,
      userInvitationStatus: 'Pending',
      firstName: details.firstName,
      lastName: details.lastName,
      canChangeEmailAddress: true,
    });
  });

  it('shows a pending invitation past its expiry as expired to the invitee', async () => {
    const { email } = uniquePerson('late');
    const { key } = await invite(test.app, owner.jwtToken, email);
    test.clock.advanceSeconds(8 * 86_400);
    expect(dataOf<InvitationByKey>(await lookUp(test.app, key)).userInvitationStatus).toBe(
      'Expired',
    );
    const declined = await call(test.app, endpoints.declineUserInvitation, {
      userInvitationKey: key,
    });
    expect(declined.statusCode).toBe(409);
    expect(srv.envelopeOf(declined).messages).toEqual([alreadyText('Expired')]);
  });

  it('cancels a pending invitation: its link is invalid', async () => {
    const { email } = uniquePerson('can');
    const { invitation, key } = await invite(test.app, owner.jwtToken, email);
    const response = await call(
      test.app,
      endpoints.deleteInvitationByGuid,
      { guid: invitation.guid },
      owner.jwtToken,
    );
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ deleted: true });
    const lookup = await lookUp(test.app, key);
    expect(lookup.statusCode).toBe(404);
    const gone = await call(
      test.app,
      endpoints.getInvitation,
      { id: invitation.id },
      owner.jwtToken,
    );
    expect(gone.statusCode).toBe(404);
    expect(srv.envelopeOf(gone).messages).toEqual([teamTexts.notInThisOrganisation]);
  });

  it('sets whether any address may be used, by id or by guid', async () => {
    const { email } = uniquePerson('flag');
    const { invitation } = await invite(test.app, owner.jwtToken, email);
    const byId = await call(
      test.app,
      endpoints.setCanChangeEmailAddress,
      { id: invitation.id, value: true },
      owner.jwtToken,
    );
    expect(dataOf<UserInvitation>(byId).canChangeEmailAddress).toBe(true);
    const byGuid = await call(
      test.app,
      endpoints.setCanChangeEmailAddress,
      { guid: invitation.guid, value: false },
      owner.jwtToken,
    );
    expect(dataOf<UserInvitation>(byGuid).canChangeEmailAddress).toBe(false);
    const got = await call(
      test.app,
      endpoints.getInvitationByGuid,
      { guid: invitation.guid },
      owner.jwtToken,
    );
    expect(dataOf<UserInvitation>(got).id).toBe(invitation.id);
    const bad = await call(
      test.app,
      endpoints.getInvitationByGuid,
      { guid: 'nope' },
      owner.jwtToken,
    );
    expect(bad.statusCode).toBe(404);
  });
});

describe('the users of the organisation', () => {
  it('lists the members with their role, owner flag, login and last login', async () => {
    const response = await call(
      test.app,
      endpoints.listUsers,
      {
        page: 1,
        pageSize: 999,
        sortBy: 'LastLoginDate',
        sortByDescending: true,
        searchString: '',
        getTotalCount: true,
      },
      owner.jwtToken,
    );
    expect(response.statusCode).toBe(200);
    const { list, totalCount } = dataOf<TeamUserList>(response);
    expect(totalCount).toBe(list.length);
    expect(list.find((u) => u.email === DEMO_USERS.owner.email)).toMatchObject({
      owner: true,
      userRole: UserRole.Administrator,
      loginEnabled: true,
      emailConfirmed: true,
    });
    expect(list.find((u) => u.email === DEMO_USERS.member.email)).toMatchObject({
      owner: false,
      userRole: UserRole.User,
    });
    expect(list[0]?.email).toBe(DEMO_USERS.owner.email);
  });

  it('answers a page past any list with an empty one, counted when asked', async () => {
    for (const endpoint of [endpoints.listUsers, endpoints.listInvitations]) {
      for (const page of [2 ** 31, 2 ** 53 - 1, 1e300]) {
        const response = await call(
          test.app,
          endpoint,
          { page, pageSize: 999, getTotalCount: true },
          owner.jwtToken,
        );
        expect(response.statusCode, `${endpoint.path} page ${page}: ${response.body}`).toBe(200);
        const { list, totalCount } = dataOf<TeamUserList>(response);
        expect(list).toEqual([]);
        expect(typeof totalCount).toBe('number');
      }
    }
  });

  it('never edits or deletes oneself nor the owner (403)', async () => {
    const self = await call(
      test.app,
      endpoints.updateUser,
      { id: owner.claims.id, userRole: UserRole.User, loginEnabled: true },
      owner.jwtToken,
    );
    expect(self.statusCode).toBe(403);
    expect(srv.envelopeOf(self).messages).toEqual([teamTexts.cannotEditSelf]);
    const selfDelete = await call(
      test.app,
      endpoints.deleteUser,
      { id: owner.claims.id },
      owner.jwtToken,
    );
    expect(selfDelete.statusCode).toBe(403);
    expect(srv.envelopeOf(selfDelete).messages).toEqual([teamTexts.cannotEditSelf]);

    // Another Administrator of the organisation cannot touch the owner.
    const { email } = uniquePerson('adm');
    const { key } = await invite(test.app, owner.jwtToken, email, {
      userRole: UserRole.Administrator,
    });
    const accepted = await call(
      test.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(test.app, key, email),
    );
    const admin = dataOf<AcceptInvitationResponse>(accepted).session!.jwtToken;
    const onOwner = await call(
      test.app,
      endpoints.updateUser,
      { id: owner.claims.id, userRole: UserRole.User, loginEnabled: false },
      admin,
    );
    expect(onOwner.statusCode).toBe(403);
    expect(srv.envelopeOf(onOwner).messages).toEqual([teamTexts.cannotEditOwner]);
    const deleteOwner = await call(test.app, endpoints.deleteUser, { id: owner.claims.id }, admin);
    expect(deleteOwner.statusCode).toBe(403);
    expect(srv.envelopeOf(deleteOwner).messages).toEqual([teamTexts.cannotEditOwner]);
    expect(await membershipOf(owner.claims.id, ownerTenantId())).toMatchObject({
      loginEnabled: true,
      userRole: UserRole.Administrator,
    });
  });

  it("switches a member's login off: no login, refresh or switch into the organisation", async () => {
    const member = await srv.login(test.app, DEMO_USERS.member.email);
    const harbourHope = ownerTenantId();
    const off = await call(
      test.app,
      endpoints.updateUser,
      { id: member.claims.id, userRole: UserRole.User, loginEnabled: false },
      owner.jwtToken,
    );
    expect(off.statusCode, off.body).toBe(200);
    try {
      // The session on the organisation ended at once.
      expect((await srv.postRefresh(test.app, member.refreshToken)).statusCode).toBe(401);
      const again = await srv.login(test.app, DEMO_USERS.member.email);
      expect(srv.parseJsonClaim<CurrentTenant>(again.claims.currentTenant).name).toBe(
        'Marcus Reed',
      );
      const switched = await test.app.inject({
        method: 'POST',
        url: srv.api(authEndpoints.switchTenant.path),
        headers: srv.bearer(again.jwtToken),
        cookies: { [REFRESH_COOKIE]: again.refreshToken },
        payload: { id: harbourHope },
      });
      expect(switched.statusCode).toBe(403);
      expect(srv.envelopeOf(switched).messages).toEqual([TENANT_LOGIN_DISABLED]);
    } finally {
      const on = await call(
        test.app,
        endpoints.updateUser,
        { id: member.claims.id, userRole: UserRole.User, loginEnabled: true },
        owner.jwtToken,
      );
      expect(on.statusCode).toBe(200);
    }
  });

  it('removes a member from the organisation only', async () => {
    const { email } = uniquePerson('del');
    const { key } = await invite(test.app, owner.jwtToken, email);
    await call(test.app, endpoints.acceptUserInvitation, await acceptPayload(test.app, key, email));
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    const response = await call(test.app, endpoints.deleteUser, { id: user!.id }, owner.jwtToken);
    expect(response.statusCode).toBe(200);
    expect(await membershipOf(user!.id, ownerTenantId())).toBeUndefined();
    const [still] = await handle.db.select().from(users).where(eq(users.id, user!.id));
    expect(still?.lastTenantId).toBeNull();
    const twice = await call(test.app, endpoints.deleteUser, { id: user!.id }, owner.jwtToken);
    expect(twice.statusCode).toBe(404);
    expect(srv.envelopeOf(twice).messages).toEqual([teamTexts.notInThisOrganisation]);
  });
});

describe('with activation required and low limits', () => {
  let strict: srv.TestApp;
  let strictOwner: srv.LoginResult;

  beforeAll(async () => {
    strict = await srv.createTestApp(handle.db, {
      SIGNUP_REQUIRES_ACTIVATION: 'true',
      IDENTITY_RATE_LIMIT_ADDRESS: '3',
    });
    strictOwner = await srv.login(strict.app, DEMO_USERS.owner.email);
  });
  afterAll(async () => {
    await strict.app.close();
  });

  it('accepts a new user who then activates by the emailed link', async () => {
    const { email } = uniquePerson('act');
    const { key } = await invite(strict.app, strictOwner.jwtToken, email);
    const response = await call(
      strict.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(strict.app, key, email),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response)).toEqual({ activated: false, session: null, newAccount: true });
    expect(response.cookies.some((c) => c.name === REFRESH_COOKIE)).toBe(false);
    const mail = await latestMail(strict.app, email);
    expect(mail.text).toContain('/activate/');
  });

  it('limits unknown keys per client address (429)', async () => {
    const ip = '203.0.113.77';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await lookUp(strict.app, `guess${attempt}`, ip)).statusCode).toBe(404);
    }
    const limited = await lookUp(strict.app, 'guess-more', ip);
    expect(limited.statusCode).toBe(429);
    const accept = await call(
      strict.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(strict.app, 'guess-more', 'x@example.org'),
      undefined,
      ip,
    );
    expect(accept.statusCode).toBe(429);
  });
});

describe('the invitation calls of one client address', () => {
  const WINDOW_SECONDS = 600;
  let limited: srv.TestApp;
  let limitedOwner: srv.LoginResult;

  beforeAll(async () => {
    limited = await srv.createTestApp(handle.db, {
      INVITATION_RATE_LIMIT_ADDRESS: '3',
      INVITATION_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
  });
  beforeEach(async () => {
    limitedOwner = await srv.login(limited.app, DEMO_USERS.owner.email);
  });
  afterAll(async () => {
    await limited.app.close();
  });

  it('are limited, valid keys too: 429 with Retry-After; another address still gets through', async () => {
    const { email } = uniquePerson('lim');
    const { key } = await invite(limited.app, limitedOwner.jwtToken, email);
    const ip = '198.51.100.21';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await lookUp(limited.app, key, ip)).statusCode).toBe(200);
    }
    const refused = await lookUp(limited.app, key, ip);
    expect(refused.statusCode).toBe(429);
    expect(srv.envelopeOf(refused).messages).toEqual([TOO_MANY_ATTEMPTS]);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    // An unknown key is refused for the limit too, before it is looked at.
    expect((await lookUp(limited.app, 'x'.repeat(43), ip)).statusCode).toBe(429);

    const other = await lookUp(limited.app, key, '198.51.100.22');
    expect(other.statusCode).toBe(200);
    expect(dataOf<InvitationByKey>(other).email).toBe(email);

    // Once the window has passed, the address is let through again.
    limited.clock.advanceSeconds(WINDOW_SECONDS + 1);
    expect((await lookUp(limited.app, key, ip)).statusCode).toBe(200);
  });

  it('counts acceptances (with a password or Google) and declines, whatever their outcome', async () => {
    const ip = '198.51.100.31';
    const { email } = uniquePerson('limacc');
    const { invitation, key } = await invite(limited.app, limitedOwner.jwtToken, email);
    const elsewhere = uniquePerson('limdec').email;
    const { key: declineKey } = await invite(limited.app, limitedOwner.jwtToken, elsewhere);

    const mismatch = await call(
      limited.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(limited.app, key, uniquePerson('limother').email),
      undefined,
      ip,
    );
    expect(mismatch.statusCode).toBe(400);
    const google = await acceptWithGoogle(limited.app, key, email, {
      details: { reCaptchaToken: 'not-a-token' },
      ip,
    });
    expect(google.statusCode).toBe(400);
    const declined = await call(
      limited.app,
      endpoints.declineUserInvitation,
      { userInvitationKey: declineKey },
      undefined,
      ip,
    );
    expect(declined.statusCode).toBe(200);

    // The fourth call of the address is refused, whichever it is, and changes nothing.
    const accept = await call(
      limited.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(limited.app, key, email),
      undefined,
      ip,
    );
    expect(accept.statusCode).toBe(429);
    expect(srv.envelopeOf(accept).messages).toEqual([TOO_MANY_ATTEMPTS]);
    expect(accept.headers['retry-after']).toBeDefined();
    const decline = await call(
      limited.app,
      endpoints.declineUserInvitation,
      { userInvitationKey: key },
      undefined,
      ip,
    );
    expect(decline.statusCode).toBe(429);
    const withGoogle = await acceptWithGoogle(limited.app, key, email, { ip });
    expect(withGoogle.statusCode).toBe(429);
    const [nobody] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(nobody).toBeUndefined();

    const fromElsewhere = await call(
      limited.app,
      endpoints.acceptUserInvitation,
      await acceptPayload(limited.app, key, email),
      undefined,
      '198.51.100.32',
    );
    expect(fromElsewhere.statusCode, fromElsewhere.body).toBe(200);
    const listed = await call(
      limited.app,
      endpoints.getInvitation,
      { id: invitation.id },
      limitedOwner.jwtToken,
    );
    expect(dataOf<UserInvitation>(listed).userInvitationStatus).toBe('Accepted');
  });
});

describe('the invitation mails (issue 31: no open relay)', () => {
  const inviteAs = (app: srv.TestApp['app'], token: string, email: string, overrides = {}) =>
    call(app, endpoints.createInvitation, inviteFields(email, overrides), token);

  /** The refusal of an invitation mail: 429, Retry-After within the window, the message. */
  function expectRefused(response: LightMyRequestResponse, message: string, window: number) {
    expect(response.statusCode, response.body).toBe(429);
    expect(srv.envelopeOf(response).messages).toEqual([message]);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window);
  }

  it('are limited per Administrator and day: the 51st of 61 in a row is refused, mailing and saving nothing', async () => {
    const fresh = await srv.createTestApp(handle.db);
    try {
      const { perAdministrator, windowSeconds } = teamSettings(
        fresh.config.env,
      ).invitationMailLimit;
      expect([perAdministrator, windowSeconds]).toEqual([50, 86_400]);
      const admin = await srv.login(fresh.app, DEMO_USERS.owner.email);
      const statuses: number[] = [];
      let firstInvitation: UserInvitation | undefined;
      for (let n = 0; n < 61; n += 1) {
        const email = uniquePerson(`relay${n}`).email;
        const response = await inviteAs(fresh.app, admin.jwtToken, email, {
          message: 'Claim your prize at https://phish.example',
        });
        statuses.push(response.statusCode);
        firstInvitation ??= dataOf<UserInvitation>(response);
        if (n < perAdministrator) continue;
        expectRefused(response, invitationMailLimitMessages.administrator, windowSeconds);
        expect(await readOutbox(fresh.app, email)).toEqual([]);
        const listed = await call(fresh.app, endpoints.listInvitations, {}, admin.jwtToken);
        expect(dataOf<UserInvitationList>(listed).list.map((i) => i.email)).not.toContain(email);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(perAdministrator);
      expect(statuses.slice(perAdministrator).every((status) => status === 429)).toBe(true);

      // Resending mails again, so it is refused too; updating a detail mails nothing.
      const resend = await call(
        fresh.app,
        endpoints.upsertInvitation,
        inviteFields(firstInvitation!.email, { id: firstInvitation!.id }),
        admin.jwtToken,
      );
      expectRefused(resend, invitationMailLimitMessages.administrator, windowSeconds);
      const update = await call(
        fresh.app,
        endpoints.updateInvitation,
        inviteFields(firstInvitation!.email, { id: firstInvitation!.id, lastName: 'Vane' }),
        admin.jwtToken,
      );
      expect(update.statusCode, update.body).toBe(200);

      // A day later the Administrator may invite again.
      fresh.clock.advanceSeconds(windowSeconds);
      admin.jwtToken = (await srv.login(fresh.app, DEMO_USERS.owner.email)).jwtToken;
      const email = uniquePerson('nextday').email;
      expect((await inviteAs(fresh.app, admin.jwtToken, email)).statusCode).toBe(200);
      expect(await readOutbox(fresh.app, email)).toHaveLength(1);
    } finally {
      await fresh.app.close();
    }
  });

  it('are limited per organisation, whichever of its Administrators sends them', async () => {
    const WINDOW = 3600;
    const limited = await srv.createTestApp(handle.db, {
      INVITATION_MAIL_LIMIT_ADMINISTRATOR: '3',
      INVITATION_MAIL_LIMIT_ORGANISATION: '4',
      INVITATION_MAIL_LIMIT_WINDOW_SECONDS: String(WINDOW),
    });
    const admin = await srv.login(limited.app, DEMO_USERS.owner.email);
    const member = await srv.login(limited.app, DEMO_USERS.member.email);
    const promote = (userRole: UserRole) =>
      call(
        limited.app,
        endpoints.updateUser,
        { id: member.claims.id, userRole, loginEnabled: true },
        admin.jwtToken,
      );
    expect((await promote(UserRole.Administrator)).statusCode).toBe(200);
    try {
      const second = await srv.switchTenant(limited.app, member, 'Harbour Hope');
      for (let n = 0; n < 3; n += 1) {
        const sent = await inviteAs(limited.app, admin.jwtToken, uniquePerson('org').email);
        expect(sent.statusCode, sent.body).toBe(200);
      }
      const fourth = uniquePerson('org4').email;
      expectRefused(
        await inviteAs(limited.app, admin.jwtToken, fourth),
        invitationMailLimitMessages.administrator,
        WINDOW,
      );
      expect(await readOutbox(limited.app, fourth)).toEqual([]);
      // The other Administrator sends the organisation's 4th; its 5th is refused for both.
      expect((await inviteAs(limited.app, second.jwtToken, fourth)).statusCode).toBe(200);
      const fifth = uniquePerson('org5').email;
      expectRefused(
        await inviteAs(limited.app, second.jwtToken, fifth),
        invitationMailLimitMessages.organisation,
        WINDOW,
      );
      expect(await readOutbox(limited.app, fifth)).toEqual([]);
      // The same person still invites for their own organisation (their 2nd of 3).
      const own = await srv.switchTenant(limited.app, second, 'Marcus Reed');
      expect((await inviteAs(limited.app, own.jwtToken, fifth)).statusCode).toBe(200);
    } finally {
      expect((await promote(UserRole.User)).statusCode).toBe(200);
      await limited.app.close();
    }
  });

  it('are counted together by every server process on the database', async () => {
    const env = { INVITATION_MAIL_LIMIT_ADMINISTRATOR: '2' };
    const first = await srv.createTestApp(handle.db, env);
    const second = await srv.createTestApp(handle.db, env);
    try {
      const one = await srv.login(first.app, DEMO_USERS.owner.email);
      const two = await srv.login(second.app, DEMO_USERS.owner.email);
      expect((await inviteAs(first.app, one.jwtToken, uniquePerson('p1').email)).statusCode).toBe(
        200,
      );
      expect((await inviteAs(second.app, two.jwtToken, uniquePerson('p2').email)).statusCode).toBe(
        200,
      );
      const refused = await inviteAs(first.app, one.jwtToken, uniquePerson('p3').email);
      expectRefused(refused, invitationMailLimitMessages.administrator, 86_400);
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });
});
