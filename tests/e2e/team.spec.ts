import { expect, test, type Page } from '@playwright/test';
import { apiLogin, expectAccessibleAtBothWidths, readyPerson } from './accountSupport';
import { newPerson, signUpViaApi } from './signupSupport';
import {
  expectAccessible,
  linkPathOf,
  logInToDashboard,
  MEMBER,
  OWNER,
  PASSWORD,
  storedSession,
  tokenPayload,
  uniqueSuffix,
  waitForMail,
} from './support';
import {
  acceptTerms,
  fullName,
  invite,
  invitedUsersTable,
  invitee,
  invitationRow,
  inviteViaApi,
  memberRow,
  newPage,
  openUsers,
  usersTable,
} from './teamSupport';
import { consentAs } from './thirdPartySupport';

/**
 * The team (issue 17) in Chromium against the real server: the owner of Harbour Hope invites
 * people from /users; the invitees accept (a new account by password or by Google, an existing
 * account by its password, another address when the invitation allows it), decline, or find
 * their link replaced; the owner switches a member's login off; a Standard User is sent away from
 * /users; another organisation's Administrator sees only their own team.
 */

/** The claims of the page's stored session. */
async function sessionClaims(page: Page) {
  const session = await storedSession(page);
  expect(session, 'a stored session').not.toBeNull();
  const claims = tokenPayload(session!.jwtToken);
  return {
    email: claims.email,
    provider: claims.currentLoginProvider,
    currentTenant: JSON.parse(String(claims.currentTenant)) as { name: string; userRole: number },
    tenants: (JSON.parse(String(claims.tenants)) as { name: string }[]).map((t) => t.name),
  };
}

test.describe('team', () => {
  test('an invitee accepts by the copied link; the owner sees Accepted, then switches their login off', async ({
    page,
    browser,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const person = invitee('Ines');
    await openUsers(page);
    await expectAccessibleAtBothWidths(page, 'users', expectAccessible);
    // The owner's own row is locked.
    await expect(page.getByText('Current users cannot edit themselves')).toBeVisible();

    await page.getByRole('button', { name: 'Invite User' }).click();
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('User role is required')).toBeVisible();
    await page.getByLabel('Email Address', { exact: true }).fill('not-an-address');
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'invite form', expectAccessible);
    await page.getByRole('button', { name: 'Cancel' }).click();

    const since = Date.now();
    await invite(page, person);
    const mail = await waitForMail(
      request,
      person.email,
      'invited you to join Harbour Hope',
      since,
    );
    expect(mail.text).toContain('Come and give with us.');
    await expect(invitationRow(page, person).getByText('Pending')).toBeVisible();

    // Copy Link puts the link on the clipboard; 'Copy Link' reads 'Copied' meanwhile.
    const copy = page.getByRole('button', { name: 'Copy Link' });
    await copy.click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(linkPathOf(mail));

    const invited = await newPage(browser);
    await invited.goto(new URL(copied).pathname);
    await expect(invited.getByRole('heading', { name: 'Join Harbour Hope' })).toBeVisible();
    await expect(
      invited.getByText(/Olivia Harper \(owner@example.com\) invited you/),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(invited, 'invitation', expectAccessible);
    await invited.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(invited.getByText('Please enter a password')).toBeVisible();
    await expect(invited.getByText('The terms of service must be accepted.')).toBeVisible();
    await invited.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invited.getByLabel('Confirm password').fill(PASSWORD);
    await acceptTerms(invited);
    await invited.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(invited).toHaveURL(/\/dashboard$/);
    expect((await sessionClaims(invited)).currentTenant).toMatchObject({
      name: 'Harbour Hope',
      userRole: 0,
    });
    // A first-time invitee is welcomed, not welcomed back (issue 34).
    await expect(invited.getByRole('heading', { level: 1 })).toHaveText(
      `Welcome, ${person.firstName}`,
    );
    await invited.context().close();

    await page.reload();
    await expect(invitationRow(page, person).getByText('Accepted')).toBeVisible();
    const member = memberRow(page, person.email);
    await expect(member.getByText('Standard User')).toBeVisible();

    // Login off: the member can no longer sign in to the organisation.
    await member.getByRole('button', { name: `Edit ${fullName(person)}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'edit user', expectAccessible);
    await page.getByLabel('Login enabled').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User Updated')).toBeVisible();
    await expect(member.getByRole('img', { name: 'No' })).toBeVisible();
    const login = await request.post('/api/auth/login', {
      data: { email: person.email, password: PASSWORD },
    });
    expect(login.status()).toBe(403);
  });

  test('a resent invitation expires the first link; a declined one shows its reason', async ({
    page,
    browser,
    request,
  }) => {
    const first = invitee('Rosa');
    const third = invitee('Dara');
    await openUsers(page);
    const since = Date.now();
    await invite(page, first);
    const firstMail = await waitForMail(request, first.email, 'invited you', since);

    const resendSince = Date.now();
    await invitationRow(page, first)
      .getByRole('button', { name: `Resend invitation to ${first.firstName} ${first.lastName}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Resend Invitation' })).toBeVisible();
    await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue(first.email);
    await page.getByRole('button', { name: 'Resend Invitation' }).click();
    await expect(page.getByText('Invitation Sent')).toBeVisible();
    const secondMail = await waitForMail(request, first.email, 'invited you', resendSince);
    expect(linkPathOf(secondMail)).not.toBe(linkPathOf(firstMail));

    const visitor = await newPage(browser);
    await visitor.goto(linkPathOf(firstMail));
    await expect(visitor.getByText('This invitation has already been expired.')).toBeVisible();
    await expectAccessible(visitor, 'an expired invitation');
    await visitor.goto('/invitation/not-a-real-key');
    await expect(visitor.getByRole('heading', { name: 'Invalid Invitation' })).toBeVisible();

    await invite(page, third);
    const thirdMail = await waitForMail(request, third.email, 'invited you', since);
    await visitor.goto(linkPathOf(thirdMail));
    await visitor.getByRole('button', { name: 'Decline invitation' }).click();
    await visitor.getByLabel('Reason (optional)').fill('Not this year, thank you.');
    await expectAccessible(visitor, 'decline');
    await visitor.getByRole('button', { name: 'Decline Invitation' }).click();
    await expect(visitor.getByRole('heading', { name: 'Invitation Declined' })).toBeVisible();
    await visitor.context().close();

    await page.reload();
    await expect(invitationRow(page, third).getByText('Declined')).toBeVisible();
    await expect(page.getByText('Reason: Not this year, thank you.')).toBeVisible();
  });

  test('a Standard User opening /users is sent to /', async ({ page }) => {
    await logInToDashboard(page, MEMBER);
    // The account settings menu lists no Users item for them.
    await page.getByRole('button', { name: /Account settings/ }).click();
    await expect(page.getByRole('link', { name: 'Preferences' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an invitee accepts with Google as the invited address: signed in to Harbour Hope with the granted role', async ({
    page,
    browser,
    request,
  }) => {
    const person = invitee('Gwen');
    const link = await inviteViaApi(request, await apiLogin(request, OWNER), person, {
      role: 'Administrator',
    });

    const invited = await newPage(browser);
    await invited.goto(link);
    await expect(invited.getByRole('heading', { name: 'Join Harbour Hope' })).toBeVisible();
    const acceptWithGoogle = invited.getByRole('button', { name: 'Accept with Google' });
    // The terms come first: no popup before they are accepted.
    await acceptWithGoogle.click();
    await expect(invited.getByText('The terms of service must be accepted.')).toBeVisible();
    await expect(invited.getByText('The privacy policy must be accepted.')).toBeVisible();
    await acceptTerms(invited);
    await consentAs(invited, () => acceptWithGoogle.click(), person.email);
    await expect(invited).toHaveURL(/\/dashboard$/);
    const claims = await sessionClaims(invited);
    expect(claims.email).toBe(person.email);
    expect(claims.provider).toBe('Google');
    expect(claims.currentTenant).toMatchObject({ name: 'Harbour Hope', userRole: 1 });
    await invited.context().close();

    await openUsers(page);
    await expect(invitationRow(page, person).getByText('Accepted')).toBeVisible();
    // The name is the one the provider gave (the stand-in's consent page).
    const member = memberRow(page, person.email);
    await expect(
      member.getByRole('cell', { name: 'Katherine Johnson', exact: true }),
    ).toBeVisible();
    await expect(member.getByText('Administrator')).toBeVisible();
  });

  test('an invitation to an address with an account asks for its password: a wrong one is refused, the right one adds the organisation', async ({
    browser,
    request,
  }) => {
    const person = newPerson('Hilda', 'Geiringer');
    await signUpViaApi(request, person);
    const link = await inviteViaApi(request, await apiLogin(request, OWNER), person);

    const invited = await newPage(browser);
    await invited.goto(link);
    await expect(invited.getByRole('heading', { name: 'Join Harbour Hope' })).toBeVisible();
    // The existing account's password only: no new password, no confirmation, no checklist.
    const password = invited.getByLabel('Password', { exact: true });
    await expect(password).toHaveAccessibleDescription(
      /You already have an account: enter its password\./,
    );
    await expect(invited.getByLabel('Confirm password')).toHaveCount(0);
    await expectAccessibleAtBothWidths(
      invited,
      'invitation to an existing account',
      expectAccessible,
    );

    await password.fill(`${PASSWORD}x`);
    await acceptTerms(invited);
    const accept = invited.getByRole('button', { name: 'Accept Invitation' });
    await accept.click();
    await expect(invited.getByText('Error Accepting Invitation')).toBeVisible();
    await expect(
      invited.getByText(
        'An account with this email address already exists: enter its password to accept.',
      ),
    ).toBeVisible();
    expect(await storedSession(invited)).toBeNull();
    await expectAccessibleAtBothWidths(
      invited,
      'a refused existing-account password',
      expectAccessible,
    );

    await password.fill(PASSWORD);
    await accept.click();
    await expect(invited).toHaveURL(/\/dashboard$/);
    // An existing account joining is welcomed back.
    await expect(invited.getByRole('heading', { level: 1 })).toHaveText(
      `Welcome back, ${person.firstName}`,
    );
    const claims = await sessionClaims(invited);
    expect(claims.email).toBe(person.email);
    expect(claims.currentTenant).toMatchObject({ name: 'Harbour Hope', userRole: 0 });
    expect(claims.tenants).toEqual(
      expect.arrayContaining(['Harbour Hope', `${person.firstName} ${person.lastName}`]),
    );
    await invited.context().close();
  });

  test("'User can use any email address?': the invitee accepts with another address; the owner sees the invited one struck through", async ({
    page,
    browser,
  }) => {
    const person = invitee('Vera');
    const other = `vera.elsewhere.${uniqueSuffix()}@example.org`;
    await openUsers(page);
    await invite(page, person, { anyEmailAddress: true });
    const link = await page.getByLabel(`Invitation Link for ${fullName(person)}`).inputValue();

    const invited = await newPage(browser);
    await invited.goto(new URL(link).pathname);
    const email = invited.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(person.email);
    await expect(email).toBeEditable();
    await expect(invited.getByText('This invitation is for this address.')).toHaveCount(0);
    await email.fill(other);
    await invited.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invited.getByLabel('Confirm password').fill(PASSWORD);
    await acceptTerms(invited);
    await invited.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(invited).toHaveURL(/\/dashboard$/);
    const claims = await sessionClaims(invited);
    expect(claims.email).toBe(other);
    expect(claims.currentTenant).toMatchObject({ name: 'Harbour Hope' });
    await invited.context().close();

    await page.reload();
    const row = invitationRow(page, person);
    await expect(row.getByText('Accepted')).toBeVisible();
    const struck = row.locator('s, del');
    await expect(struck).toHaveText(`Invited as ${person.email}`);
    await expect(struck).toHaveCSS('text-decoration-line', 'line-through');
    await expect(row.getByText(other, { exact: true })).toBeVisible();
    // The member signed up with the other address, which nothing has confirmed yet.
    await expect(memberRow(page, other)).toContainText('Email requires confirmation');
    await expectAccessibleAtBothWidths(
      page,
      'users with an invitation accepted at another address',
      expectAccessible,
    );
  });

  test("another organisation's Administrator sees only their own users and invitations on /users", async ({
    page,
    request,
  }) => {
    const admin = await readyPerson(request, 'Grete', 'Hermann');
    const theirs = invitee('Emmy');
    await inviteViaApi(request, await apiLogin(request, admin.email), theirs);
    const harbours = invitee('Lise');
    await inviteViaApi(request, await apiLogin(request, OWNER), harbours);
    const harbourHopeTexts = ['Olivia Harper', OWNER, 'Marcus Reed', MEMBER, harbours.email];

    // Harbour Hope's owner first, in the same browser: what must not show later shows now.
    await openUsers(page);
    for (const text of harbourHopeTexts) {
      await expect(page.getByText(text).first()).toBeVisible();
    }

    await openUsers(page, admin.email);
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(memberRow(page, admin.email)).toContainText(
      'Current users cannot edit themselves',
    );
    await expect(invitedUsersTable(page).locator('tbody')).toHaveCount(1);
    await expect(invitationRow(page, theirs).getByText('Pending')).toBeVisible();
    for (const text of harbourHopeTexts) {
      await expect(page.getByText(text)).toHaveCount(0);
    }
  });
});
