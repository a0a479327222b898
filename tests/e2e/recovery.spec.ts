import { expect, test } from '@playwright/test';
import { newPerson, signUpViaApi } from './signupSupport';
import {
  expectAccessible,
  linkPathOf,
  loginButton,
  openEmailLogin,
  outbox,
  storedSession,
  waitForMail,
} from './support';

test.describe('password recovery', () => {
  test('requests a reset and sets a new password from the emailed link', async ({
    page,
    request,
  }) => {
    // An account of its own: the seeded ones keep their password for the other tests.
    const person = newPerson('Dorothy', 'Hodgkin');
    await signUpViaApi(request, person);
    const email = person.email;
    await page.goto('/forgotten-password');
    await expect(page.getByRole('heading', { name: 'Forgotten Password' })).toBeVisible();
    await expectAccessible(page, 'forgotten password');
    const submit = page.getByRole('button', { name: 'Request Password Reset' });
    await submit.click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await page.getByLabel('Email').fill('nobody-at-all');
    await submit.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    const since = Date.now();
    await page.getByLabel('Email').fill(email);
    await submit.click();
    const success = page.getByText('Password Reset Requested');
    await expect(success).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await expectAccessible(page, 'password reset requested');

    const mail = await waitForMail(request, email, 'Reset your', since);
    const link = linkPathOf(mail);
    expect(link).toMatch(/^\/forgotten-password\/[^/]+$/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expectAccessible(page, 'reset password');
    const newPassword = 'Fresh#Start7';
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('shorter');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your password has been updated successfully')).toBeVisible();

    // The new password logs in; the link cannot be used twice.
    await page.goto('/login');
    await openEmailLogin(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await loginButton(page).click();
    await expect.poll(async () => (await storedSession(page)) !== null).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveCount(0);
    await expect(page.getByText(/invalid or has expired/)).toBeVisible();
  });

  test('an unknown address gets the same answer', async ({ page, request }) => {
    const email = 'not-registered@example.org';
    await page.goto('/forgotten-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Request Password Reset' }).click();
    await expect(page.getByText('Password Reset Requested')).toBeVisible();
    expect((await outbox(request)).some((m) => m.to === email)).toBe(false);
  });
});

test.describe('email confirmation', () => {
  test('confirms an email address from its link, once', async ({ page, request }) => {
    const email = 'member@example.com';
    const since = Date.now();
    const sent = await request.post('/api/dev/sendEmailConfirmation', { data: { email } });
    expect(sent.ok()).toBe(true);
    const mail = await waitForMail(request, email, 'Confirm your', since);
    const link = linkPathOf(mail);
    expect(link).toMatch(/^\/account\/confirm-email\/[^/]+$/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Address Confirmed' })).toBeVisible();
    await expectAccessible(page, 'email confirmed');
    await page.goto(link);
    await expect(
      page.getByRole('heading', { name: 'Error Confirming Email Address' }),
    ).toBeVisible();
    await expect(
      page.getByText('The email confirmation link is invalid or has expired, please try again'),
    ).toBeVisible();
    await expectAccessible(page, 'email confirmation failed');
  });
});
