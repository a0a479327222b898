import { expect, test } from '@playwright/test';
import { logInToDashboard, MEMBER, OWNER, storedSession, tokenPayload } from './support';

test('one refresh serves every tab', async ({ context }) => {
  await context.clock.install();
  const first = await context.newPage();
  await logInToDashboard(first, OWNER);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('heading', { name: /Welcome back, Olivia/ })).toBeVisible();

  const refreshes: number[] = [];
  context.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refreshToken')) refreshes.push(r.status());
  });
  const before = (await storedSession(first))!;
  const exp = tokenPayload(before.jwtToken).exp as number;
  await context.clock.fastForward(exp * 1000 - 120_000 - Date.now() + 1_000);

  await expect
    .poll(async () => (await storedSession(first))?.expiresAt)
    .toBeGreaterThan(before.expiresAt);
  // The refresh token was spent once: a second use would have revoked the whole family and
  // signed both tabs out, so both still open signed in after a reload, and only one refresh
  // went out.
  for (const tab of [first, second]) {
    await tab.reload();
    await expect(tab.getByRole('heading', { name: /Welcome back, Olivia/ })).toBeVisible();
  }
  expect(refreshes).toEqual([200]);
});

test('visiting an auth path signs the user out', async ({ page }) => {
  await logInToDashboard(page, MEMBER);
  const revoked = page.waitForResponse((r) => r.url().endsWith('/api/auth/revokeToken'));
  await page.goto('/forgotten-password');
  await revoked;
  await expect.poll(() => storedSession(page)).toBeNull();
});

test('a newer client version announced by the server reloads the page on the next navigation', async ({
  page,
}) => {
  await page.clock.install();
  await logInToDashboard(page, OWNER);
  // The server announces 1.0.2 on an API answer.
  await page.route('**/api/tenants/getCurrentTenantStatus', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'x-client-version': '1.0.2' },
    });
  });
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'before'));
  const polled = page.waitForResponse((r) =>
    r.url().endsWith('/api/tenants/getCurrentTenantStatus'),
  );
  await page.clock.fastForward(61_000);
  // Playwright hears of the answer from the network; the page reads its header in a task of its
  // own, which the browser may run after an input event sent at once. One fresh-clone CI run
  // waited 60 s for a reload that never came, most likely so (not reproduced in 29 runs here).
  await (await polled).finished();
  // Then lets the page's event loop take two turns (a MessageChannel, which the installed clock
  // does not fake), so the networking task that hands the answer to the page has run.
  for (let turn = 0; turn < 2; turn += 1) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
  // Nothing reloads until the person navigates.
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'before',
  );
  const reloaded = page.waitForEvent('load');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await reloaded;
  expect(
    await page.evaluate(() => (window as unknown as { marker?: string }).marker),
  ).toBeUndefined();
  await expect(page).toHaveURL(/\/$/);
});
