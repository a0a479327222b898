import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Reach } from '../../src/app/reach';
import { writeReach } from './reachFixture';
import {
  expectAccessible,
  logIn,
  loginButton,
  logInToDashboard,
  MEMBER,
  NEWBIE,
  openEmailLogin,
  OWNER,
  PASSWORD,
  storedSession,
  tokenPayload,
} from './support';

// What the real browser reaches (tests/e2e/reachFixture.ts): the app built for the test recorded
// the login machine's states and transitions, and this worker's file of the run has them.
test.afterAll('the e2e reach report has the login machine', () => {
  const file = writeReach();
  expect(file, 'the e2e run has a folder for the reach files').not.toBeNull();
  const reach = JSON.parse(readFileSync(file!, 'utf8')) as Reach;
  expect(reach.login?.states).toContain('login');
  expect(reach.login?.transitions.length ?? 0).toBeGreaterThan(0);
});

test.describe('login', () => {
  test('shows the validation texts of the login form', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Givedrop | Welcome Back');
    await expectAccessible(page, 'login');
    await openEmailLogin(page);
    await loginButton(page).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('a@b');
    await loginButton(page).click();
    await expect(page.getByText('Email must be at least 4 characters')).toBeVisible();
    await expectAccessible(page, 'login with errors');
  });

  test("a wrong password shows the 'Login Error' alert and keeps what was typed", async ({
    page,
  }) => {
    await logIn(page, OWNER, 'not-the-password');
    const alert = page.getByRole('alert').filter({ hasText: 'Login Error' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Invalid email or password.');
    await expect(page.getByLabel('Email')).toHaveValue(OWNER);
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page, 'login error');
  });

  test("someone else's wrong passwords do not lock the account: its right password signs in, through the captcha", async ({
    page,
  }) => {
    // Five failures of the account (the server's per-account threshold) make it ask for a
    // captcha; the client makes a token for 'login' (the development stand-in here) and sends
    // the login again, so the person sees only their login succeed.
    const loginCalls: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/login')) loginCalls.push(response.status());
    });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await logIn(page, NEWBIE, `wrong-password-${attempt}`);
      await expect(page.getByRole('alert').filter({ hasText: 'Login Error' })).toContainText(
        'Invalid email or password.',
      );
    }
    await logIn(page, NEWBIE);
    await expect(page).toHaveURL(/\/onboarding$/);
    expect(loginCalls).toEqual([401, 401, 401, 401, 401, 403, 200]);
  });

  test('logs in, goes to /dashboard and shows the home; reload keeps the session', async ({
    page,
  }) => {
    await logInToDashboard(page, OWNER);
    await expect(page.getByRole('heading', { name: /Welcome back, Olivia/ })).toBeVisible();
    await expectAccessible(page, 'home');
    const session = await storedSession(page);
    expect(session).not.toBeNull();
    const claims = tokenPayload(session!.jwtToken);
    expect(claims.email).toBe(OWNER);
    expect(claims.isHost).toBe('true');

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Welcome back, Olivia/ })).toBeVisible();
  });

  test('a guarded path sends a visitor to /login and returns there after login', async ({
    page,
  }) => {
    await page.goto('/feed');
    await expect(page).toHaveURL(/\/login$/);
    await openEmailLogin(page);
    await page.getByLabel('Email').fill(MEMBER);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('heading', { name: /Welcome back, Marcus/ })).toBeVisible();
  });

  test('a malformed stored session starts the app signed out', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('authSession', '{"jwtToken": 42'));
    await page.reload();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('authSession'))).toBeNull();
  });

  test('the login screen also lives at /account/login, in the public layout', async ({ page }) => {
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expectAccessible(page, 'login (public layout)');
    await openEmailLogin(page);
    await page.getByLabel('Email').fill(MEMBER);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('session', () => {
  test('the token is refreshed before it expires', async ({ page }) => {
    await page.clock.install();
    await logInToDashboard(page, OWNER);
    const before = (await storedSession(page))!;
    const exp = tokenPayload(before.jwtToken).exp as number;
    const iatMs = Date.now();
    // Refresh is due at exp − 60 s − 60 s: move the page's clock just past it.
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refreshToken'));
    await page.clock.fastForward(exp * 1000 - 120_000 - iatMs + 1_000);
    expect((await refreshed).status()).toBe(200);
    await expect
      .poll(async () => (await storedSession(page))?.expiresAt)
      .toBeGreaterThan(before.expiresAt);
    await expect(page.getByRole('heading', { name: /Welcome back, Olivia/ })).toBeVisible();
  });

  test('a failed refresh signs the user out', async ({ page, context }) => {
    await page.clock.install();
    await logInToDashboard(page, OWNER);
    const exp = tokenPayload((await storedSession(page))!.jwtToken).exp as number;
    await context.clearCookies(); // the refresh token is gone
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refreshToken'));
    await page.clock.fastForward(exp * 1000 - 120_000 - Date.now() + 1_000);
    expect((await refreshed).status()).toBe(401);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toBeNull();
  });

  test('signing out clears storage, and every tab signs out', async ({ page, context }) => {
    await logInToDashboard(page, MEMBER);
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(other.getByRole('heading', { name: /Welcome back, Marcus/ })).toBeVisible();
    await page.evaluate(() => {
      window.localStorage.setItem('user', '{}');
      window.localStorage.setItem('passwordReset', '{}');
    });

    await page.getByRole('button', { name: 'Account settings' }).click();
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expectAccessible(page, 'landing (signed out)');
    const keys = await page.evaluate(() => ({
      authSession: window.localStorage.getItem('authSession'),
      user: window.localStorage.getItem('user'),
      passwordReset: window.localStorage.getItem('passwordReset'),
    }));
    expect(keys).toEqual({ authSession: null, user: null, passwordReset: null });

    // The other tab was signed out too: its guarded page sends it to /login.
    await expect(other).toHaveURL(/\/login$/);
  });

  test("/logout shows 'Logging out...', signs out and goes to /", async ({ page }) => {
    await logInToDashboard(page, MEMBER);
    // Hold the revoke call so the screen can be seen while it is under way.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/revokeToken', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/logout');
    await expect(page.getByText('Logging out...')).toBeVisible();
    await expect(page).toHaveTitle('Givedrop | Logging out');
    await expectAccessible(page, 'logout');
    release();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedSession(page)).toBeNull();
  });
});
