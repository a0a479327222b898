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
        page.getByRole('heading', {
          level: 1,
          name: 'An error occurred, please refresh the page.',
        }),
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

  for (const width of WIDTHS) {
    test(`a directly opened /login or /signup: its Back arrow goes to /, not off the site (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/login', '/signup']) {
        // A new tab's first page is about:blank: Back in the browser would leave the site.
        await page.goto('about:blank');
        await page.goto(path);
        const back = page.getByRole('button', { name: 'Back' });
        await expect(back).toBeVisible();
        await expectAccessible(page, `${path} opened directly at ${width} px`);
        await back.click();
        await expect(page).toHaveURL(/:\d+\/$/);
        await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      }
      // Reached from a page of the site, Back returns to it.
      await page.goto('/start-signup');
      await page.getByRole('link', { name: /Fund Raiser/ }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/start-signup$/);
    });

    test(`onboarding's first step has no Back arrow; the next step's goes back to it (${width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const person = newPerson('Ona', 'Firststep');
      await signUpViaApi(request, person);
      await logIn(page, person.email);
      await expect(page).toHaveURL(/\/onboarding$/);
      const step2 = page.getByRole('heading', { level: 1, name: 'What do you care about?' });
      await expect(step2).toBeVisible();
      const back = page.getByRole('button', { name: 'Back' });
      await expect(back).toHaveCount(0);
      // The header keeps its logo and menu without the arrow.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Givedrop' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
      expect(await noSideways(page)).toBe(true);
      await expectAccessible(page, `onboarding step 2 at ${width} px`);
      await shoot(page, `onboarding-step2-${width}`);
      const topics = page.getByRole('list', { name: 'Topics' }).getByRole('button');
      for (const index of [0, 1, 2]) await topics.nth(index).click();
      await page.getByRole('button', { name: 'Select these 3 topics' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Add a profile photo' }),
      ).toBeVisible();
      await expect(back).toBeVisible();
      await back.click();
      await expect(step2).toBeVisible();
      await expect(back).toHaveCount(0);
    });
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

/**
 * Spec §7.1: a 429 is retried once after its Retry-After, however long. A long wait shows above
 * the screen with the server's message and when Givedrop tries again, and Stop waiting ends it:
 * the screen then shows the refusal. The login's answer is a 429 of 15 minutes here (answered by
 * the browser, as the real limit needs failures from one address that other tests share).
 */
test.describe('a long 429 wait (spec §7.1)', () => {
  for (const width of WIDTHS) {
    test(`is shown, with Stop waiting, and the login shows the refusal once stopped (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      const message = 'Too many failed logins from this address. Try again later.';
      let sent = 0;
      await page.route('**/api/auth/login', (route) => {
        sent += 1;
        return route.fulfill({
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '900' },
          body: JSON.stringify({ status: 3, messages: [message], data: null }),
        });
      });
      await page.goto('/login');
      await openEmailLogin(page);
      await page.getByLabel('Email').fill(OWNER);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await loginButton(page).click();
      const notice = page.getByRole('region', { name: 'Too many requests' });
      await expect(notice).toContainText(message);
      await expect(notice).toContainText(
        /Givedrop will try again at \d\d\/\d\d\/\d{4} \d\d:\d\d\./,
      );
      expect(await noSideways(page)).toBe(true);
      await expectAccessible(page, `the 429 notice at ${width} px`);
      await shoot(page, `rate-limit-notice-${width}`);

      await notice.getByRole('button', { name: 'Stop waiting' }).click();
      await expect(notice).toHaveCount(0);
      await expect(page.getByRole('alert')).toContainText(message);
      expect(sent).toBe(1);
    });
  }
});
