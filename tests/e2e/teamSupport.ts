/** Helpers of the team's end-to-end tests (issue 17): the Users screen and the invitation page. */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiPost } from './accountSupport';
import { logInToDashboard, OWNER, uniqueSuffix } from './support';

export interface Invitee {
  firstName: string;
  lastName: string;
  email: string;
}

export const invitee = (firstName: string): Invitee => ({
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}.${uniqueSuffix()}@example.org`,
});

export const fullName = (person: Invitee) => `${person.firstName} ${person.lastName}`;

/** Logs in (the owner of Harbour Hope unless told) and opens /users. */
export async function openUsers(page: Page, email = OWNER) {
  await logInToDashboard(page, email);
  // Administrators find the screen in the account settings menu.
  await page.getByRole('button', { name: /Account settings/ }).click();
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
}

export type RoleLabel = 'Standard User' | 'Administrator';

/** Invites the person from the Users screen's form (the list must be showing). */
export async function invite(
  page: Page,
  person: Invitee,
  options: { role?: RoleLabel; anyEmailAddress?: boolean } = {},
) {
  await page.getByRole('button', { name: 'Invite User' }).click();
  await expect(page.getByRole('heading', { name: 'Invite User' })).toBeVisible();
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email Address', { exact: true }).fill(person.email);
  await page.getByLabel('Message (optional)').fill('Come and give with us.');
  await page.getByLabel('User Role').selectOption({ label: options.role ?? 'Standard User' });
  if (options.anyEmailAddress) await page.getByLabel('User can use any email address?').check();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation Sent')).toBeVisible();
}

/**
 * Invites the person through the API, as the holder of `token` (an Administrator of the
 * organisation): the new invitation's link path, /invitation/{key}. The mail is sent as from the
 * form; tests that are not about the form skip it and the outbox.
 */
export async function inviteViaApi(
  request: APIRequestContext,
  token: string,
  person: Invitee,
  options: { role?: RoleLabel; anyEmailAddress?: boolean } = {},
): Promise<string> {
  const invitation = (await apiPost(
    request,
    'userinvitations/create',
    {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      message: '',
      userRole: options.role === 'Administrator' ? 1 : 0,
      canChangeEmailAddress: options.anyEmailAddress ?? false,
    },
    token,
  )) as { userInvitationKey: string };
  return `/invitation/${invitation.userInvitationKey}`;
}

/** The users table of the Users screen. */
export const usersTable = (page: Page) =>
  page.getByRole('region', { name: 'Users table', exact: true });

/** The invited users table of the Users screen. */
export const invitedUsersTable = (page: Page) =>
  page.getByRole('region', { name: 'Invited users table' });

/** The users table's row of an address. */
export const memberRow = (page: Page, email: string) =>
  usersTable(page).getByRole('row').filter({ hasText: email });

/** The invited users table's row of a person (by the address they were invited at). */
export const invitationRow = (page: Page, person: Invitee) =>
  invitedUsersTable(page).getByRole('row').filter({ hasText: person.email });

/** Ticks the invitation page's terms and privacy boxes. */
export async function acceptTerms(page: Page) {
  await page.getByLabel('I accept the terms of service').check();
  await page.getByLabel('I accept the privacy policy').check();
}

/** A page of a new browser context (no session, no storage shared with the others). */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}
