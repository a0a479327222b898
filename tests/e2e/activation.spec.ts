// The e2e run's `test` (what '@playwright/test' maps to there), typed with its `server` option.
import { expect, test } from './reachFixture';
import { fillSignupForm, newPerson } from './signupSupport';
import {
  expectAccessible,
  linkPathOf,
  loginButton,
  openEmailLogin,
  storedSession,
  waitForMail,
} from './support';

// The worker's second server runs with SIGNUP_REQUIRES_ACTIVATION=1: new accounts need the
// emailed link (tests/e2e/servers.ts).
test.use({ server: 'activation' });

test('a new account is activated by the emailed link, once', async ({ page, request }) => {
  const person = newPerson('Rosalind', 'Franklin');
  await page.goto('/signup');
  await fillSignupForm(page, request, person);
  const since = Date.now();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Account Created')).toBeVisible();
  await expect(page.getByText('Verify & activate account')).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  await expectAccessible(page, 'account created');

  // Not yet activated: login is refused.
  await page.goto('/login');
  await openEmailLogin(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await loginButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login Error' })).toBeVisible();

  const mail = await waitForMail(request, person.email, 'Activate your', since);
  const link = linkPathOf(mail);
  expect(link).toMatch(/^\/activate\/[^/]+$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Account Activated' })).toBeVisible();
  await expectAccessible(page, 'account activated');

  await page.goto('/login');
  await openEmailLogin(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await loginButton(page).click();
  await expect.poll(async () => (await storedSession(page)) !== null).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Error Activating Account' })).toBeVisible();
  await expect(
    page.getByText('The activation link is invalid or has expired, please try again'),
  ).toBeVisible();
  await expectAccessible(page, 'activation failed');
});
