import { expect, test } from '@playwright/test';
import { expectAccessible, storedSession, tokenPayload, uniqueSuffix } from './support';
import { consentAs, signUpWithGoogle } from './thirdPartySupport';

test.describe('third-party sign-in (development stand-in)', () => {
  test('signs up, logs in, and an existing account is logged in from signup', async ({ page }) => {
    const email = `katherine.${uniqueSuffix()}@example.org`;

    // Sign up: terms and privacy first, then the provider.
    await signUpWithGoogle(page, email);
    await expect.poll(async () => (await storedSession(page)) !== null).toBe(true);
    const claims = tokenPayload((await storedSession(page))!.jwtToken);
    expect(claims.email).toBe(email);
    expect(claims.currentLoginProvider).toBe('Google');
    await expect(page).toHaveURL(/\/(feed|onboarding)$/);

    // Log in with the provider.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await expectAccessible(page, 'login with the third-party option');
    await consentAs(
      page,
      () => page.getByRole('button', { name: 'Login with Google' }).click(),
      email,
    );
    await expect.poll(async () => (await storedSession(page)) !== null).toBe(true);
    expect(tokenPayload((await storedSession(page))!.jwtToken).email).toBe(email);
    await expect(page).toHaveURL(/\/(dashboard|onboarding)$/);

    // Signing up again with the same identity logs the existing account in.
    await signUpWithGoogle(page, email);
    await expect(page.getByText('Account already exists, logging in...')).toBeVisible();
    await expect.poll(async () => (await storedSession(page)) !== null).toBe(true);
    await expect(page).toHaveURL(/\/(feed|onboarding)$/);
  });

  test('an unknown identity cannot log in; a closed popup says so', async ({ page }) => {
    await page.goto('/login');
    await consentAs(
      page,
      () => page.getByRole('button', { name: 'Login with Google' }).click(),
      `nobody.${uniqueSuffix()}@example.org`,
    );
    await expect(page.getByRole('alert').first()).toBeVisible();
    expect(await storedSession(page)).toBeNull();

    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Login with Google' }).click();
    const popup = await popupPromise;
    await popup.close();
    await expect(page.getByText(/Google login failed:/)).toBeVisible();
    await expectAccessible(page, 'login with a provider error');
  });
});
