import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './accountSupport';
import {
  expectAccessible,
  linkPathOf,
  logIn,
  MEMBER,
  OWNER,
  PASSWORD,
  storedSession,
  tokenPayload,
  uniqueSuffix,
  waitForMail,
} from './support';

/**
 * The team (issue 17) in Chromium against the real server: the owner of Harbour Hope invites
 * people from /users; the invitees accept, decline, or find their link replaced; the owner
 * switches a member's login off; a Standard User is sent away from /users.
 */
interface Invitee {
  firstName: string;
  lastName: string;
  email: string;
}
const invitee = (firstName: string): Invitee => ({
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}.${uniqueSuffix()}@example.org`,
});

async function openUsers(page: Page) {
  await logIn(page, OWNER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
}

async function invite(page: Page, person: Invitee) {
  await page.getByRole('button', { name: 'Invite User' }).click();
  await expect(page.getByRole('heading', { name: 'Invite User' })).toBeVisible();
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email Address', { exact: true }).fill(person.email);
  await page.getByLabel('Message (optional)').fill('Come and give with us.');
  await page.getByLabel('User Role').selectOption({ label: 'Standard User' });
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation Sent')).toBeVisible();
}

/** The invited users table's row of a person. */
const invitationRow = (page: Page, person: Invitee) =>
  page.getByRole('region', { name: 'Invited users table' }).getByRole('row').filter({
    hasText: person.email,
  });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
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
    await invited.getByLabel('I accept the terms of service').check();
    await invited.getByLabel('I accept the privacy policy').check();
    await invited.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(invited).toHaveURL(/\/dashboard$/);
    const claims = tokenPayload((await storedSession(invited))!.jwtToken);
    expect(JSON.parse(String(claims.currentTenant))).toMatchObject({
      name: 'Harbour Hope',
      userRole: 0,
    });
    await invited.context().close();

    await page.reload();
    await expect(invitationRow(page, person).getByText('Accepted')).toBeVisible();
    const memberRow = page
      .getByRole('region', { name: 'Users table', exact: true })
      .getByRole('row')
      .filter({ hasText: person.email });
    await expect(memberRow.getByText('Standard User')).toBeVisible();

    // Login off: the member can no longer sign in to the organisation.
    await memberRow
      .getByRole('button', { name: `Edit ${person.firstName} ${person.lastName}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'edit user', expectAccessible);
    await page.getByLabel('Login enabled').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User Updated')).toBeVisible();
    await expect(memberRow.getByRole('img', { name: 'No' })).toBeVisible();
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
    await logIn(page, MEMBER);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/$/);
  });
});
