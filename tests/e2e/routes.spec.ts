import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logInToDashboard, OWNER, storedSession } from './support';

const WIDTHS = [1280, 390] as const;

async function signedIn(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await logInToDashboard(page, OWNER);
}

test.describe('the remaining routes of spec §2.1', () => {
  for (const width of WIDTHS) {
    test(`/create shows Create info in the app layout (${width} px)`, async ({ page }) => {
      await signedIn(page, width);
      await page.goto('/create');
      await expect(page).toHaveTitle('Givedrop | Create');
      await expect(page.getByRole('heading', { level: 1, name: 'Create' })).toBeVisible();
      await expect(page.getByText('New Drop')).toBeVisible();
      await expect(page.getByText('New Post')).toBeVisible();
      // The app layout: its navigation is there (the sidebar wide, the bottom bar narrow).
      const nav =
        width > 768
          ? page.getByRole('navigation', { name: 'Main' })
          : page.getByRole('navigation', { name: 'Bottom navigation' });
      await expect(nav).toBeVisible();
      await expectAccessible(page, `/create at ${width} px`);
    });

    test(`the profile shows the counts Drops, Raised and Followers (${width} px)`, async ({
      page,
    }) => {
      await signedIn(page, width);
      const answer = page.waitForResponse((r) => r.url().includes('users/getDashboardInformation'));
      await page.goto('/account/profile');
      expect((await answer).status()).toBe(200);
      // Olivia has 8 of the seeded drops in Harbour Hope; Harbour Hope has received nothing yet
      // and Followers is 0.
      const counts = page.locator('dl').first();
      await expect(counts.getByText('Drops')).toBeVisible();
      await expect(counts).toContainText('Drops8');
      await expect(counts).toContainText('Raised£0.00');
      await expect(counts).toContainText('Followers0');
      await expectAccessible(page, `profile at ${width} px`);
    });
  }

  for (const path of ['/brand-signup', '/buyer-signup']) {
    test(`${path} signs the user out and starts signup`, async ({ page }) => {
      await signedIn(page, 1280);
      expect(await storedSession(page)).not.toBeNull();
      await page.goto(path);
      await expect(page).toHaveURL(/\/start-signup$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
      expect(await storedSession(page)).toBeNull();
      await expectAccessible(page, `${path} -> /start-signup`);
    });
  }

  test('a visitor on /buyer-signup lands on start signup too (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/buyer-signup');
    await expect(page).toHaveURL(/\/start-signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expectAccessible(page, '/start-signup at 390 px');
  });

  test('the sign-in callback reports the provider error and clears the address', async ({
    page,
  }) => {
    await page.goto('/auth/google/callback?error=access_denied&state=secret-state');
    await expect(page.getByText('Google login failed: access_denied')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/google\/callback$/);
    await expectAccessible(page, 'sign-in callback');
  });

  test('/auth/logout signs out, like /logout, and lands on /', async ({ page }) => {
    await signedIn(page, 1280);
    expect(await storedSession(page)).not.toBeNull();
    await page.goto('/auth/logout');
    await expect(page).toHaveURL(/\/$/);
    expect(await storedSession(page)).toBeNull();
    // Signed out: the landing page offers signing in again.
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  });

  test('/profile is the profile too, with Profile highlighted (390 px)', async ({ page }) => {
    await signedIn(page, 390);
    await page.goto('/profile');
    await expect(page).toHaveTitle('Givedrop | Profile');
    await expect(page.locator('dl').first()).toContainText('Drops8');
    const profileItem = page
      .getByRole('navigation', { name: 'Bottom navigation' })
      .getByRole('link', { name: 'Profile' });
    await expect(profileItem).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, '/profile at 390 px');
  });

  test("/admin/email-templates/ (the spec's form, with its slash) says 'Coming soon'", async ({
    page,
  }) => {
    await signedIn(page, 1280);
    await page.goto('/admin/email-templates/');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();
    await expect(page.getByText('Coming soon', { exact: true })).toBeVisible();
  });
});
