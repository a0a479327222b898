import { expect, test, type Page } from '@playwright/test';
import { newPerson, signUpViaApi } from './signupSupport';
import {
  expectAccessible,
  logIn,
  logInToDashboard,
  loginButton,
  openEmailLogin,
  OWNER,
  PASSWORD,
  storedSession,
} from './support';

/**
 * Spec §2.1's routes and guards as a person meets them in the browser (issue 34, point 6): each
 * was seen departing from the spec, at 1280 px and at 390 px.
 */
const WIDTHS = [1280, 390] as const;

/** Where the screenshots go when asked for (E2E_SHOTS_DIR), to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("spec §2.1's layouts and guards", () => {
  for (const width of WIDTHS) {
    test(`an onboarding account on /create-info is sent to /onboarding (${width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // A new account: its organisation is onboarding until Start Giving.
      const person = newPerson('Ona', 'Boarding');
      await signUpViaApi(request, person);
      await logIn(page, person.email);
      await expect(page).toHaveURL(/\/onboarding$/);
      await page.goto('/create-info');
      await expect(page).toHaveURL(/\/onboarding$/);
      await expect(page.getByRole('button', { name: 'Choose at least 3 Topics' })).toBeVisible();
      // Not the app layout: neither of its navigations.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toHaveCount(0);
      await expectAccessible(page, `/create-info -> /onboarding at ${width} px`);
    });

    test(`/error is in the public layout: its header and logo (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/error');
      await expect(page).toHaveTitle('Givedrop | Error');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Givedrop' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 1, name: 'An error occurred, please refresh the page.' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
      expect(await noSideways(page)).toBe(true);
      await expectAccessible(page, `/error at ${width} px`);
      await shoot(page, `error-${width}`);
      // The logo goes to /.
      await header.getByRole('link', { name: 'Givedrop' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    for (const path of ['/loginfoo', '/signup/extra']) {
      test(`signed in, ${path} signs out: it starts with a sign-out route (${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        await logInToDashboard(page, OWNER);
        expect(await storedSession(page)).not.toBeNull();
        await page.goto(path);
        // Any unknown path shows the landing page: a visitor's, with Login and Sign up.
        await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
        expect(await storedSession(page)).toBeNull();
        await expectAccessible(page, `${path} at ${width} px`);
      });
    }
  }

  test('a visitor sent to /login comes back to the path they asked for, its query too', async ({
    page,
  }) => {
    await page.goto('/search?q=tea&page=2');
    await expect(page).toHaveURL(/\/login$/);
    await openEmailLogin(page);
    await page.getByLabel('Email').fill(OWNER);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/search\?q=tea&page=2$/);
  });

  test('/error at 320 px: the message and its button fit', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/error');
    const button = page.getByRole('button', { name: 'Reload Page' });
    await expect(button).toBeVisible();
    // (The public header's Sign up at 320 px is issue 34 point 4's, not this screen's.)
    for (const shown of [button, page.getByRole('heading', { level: 1 })]) {
      const box = (await shown.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
    await shoot(page, 'error-320');
  });
});
