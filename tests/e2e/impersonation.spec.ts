import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './accountSupport';
import {
  expectAccessible,
  logInToDashboard,
  MEMBER,
  OWNER,
  storedSession,
  tokenPayload,
} from './support';

/**
 * Impersonation and the host's admin lists (issue 19) in Chromium against the real server:
 * Olivia (the seeded host and owner of Harbour Hope) opens /admin/users, impersonates Marcus,
 * sees the banner on his feed (and on a full-page screen), is offered neither Delete Account
 * nor the Change Password form (the server refuses both while impersonating), stops and is
 * Olivia again on /admin/users; /admin/organisations lists the organisations. Nothing in the
 * shared database is left changed (an impersonation's audit row is the only trace).
 */

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/impersonation';

async function claimsOf(page: Page) {
  const session = await storedSession(page);
  expect(session, 'a stored session').not.toBeNull();
  return tokenPayload(session!.jwtToken);
}

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('impersonation', () => {
  test('the host impersonates Marcus from /admin/users, sees his feed under the banner, and stops', async ({
    page,
  }) => {
    await logInToDashboard(page, OWNER);

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Organisations' })).toBeVisible();
    const marcusRow = page.getByRole('row').filter({ hasText: MEMBER });
    await expect(marcusRow).toBeVisible();
    // Never oneself.
    const oliviaRow = page.getByRole('row').filter({ hasText: OWNER });
    await expect(oliviaRow.getByRole('button', { name: /^Impersonate/ })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'admin users', expectAccessible);
    await screenshots(page, 'admin-users');

    // The search narrows the list (debounced).
    await page.getByRole('searchbox', { name: 'Search users' }).fill('marcus');
    await expect(page.getByText(/^1 user · page 1 of 1$/)).toBeVisible();
    await expect(oliviaRow).toHaveCount(0);

    await marcusRow.getByRole('button', { name: 'Impersonate Marcus Reed' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect(banner).toContainText('You are viewing Givedrop as Marcus Reed');
    const claims = await claimsOf(page);
    expect(claims.email).toBe(MEMBER);
    expect(claims.impersonatorName).toBe('Olivia Harper');
    await expect(page.getByRole('heading', { name: /Drops/ }).first()).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'feed while impersonating', expectAccessible);
    await screenshots(page, 'feed-impersonating');

    // What the server refuses an impersonated session is not offered: Data Privacy keeps the
    // download but has no Delete Account button, Change Password has no form; a note says why.
    await page.goto('/account/data-privacy');
    await expect(
      page.getByText(
        'Deleting the account is not available while you are viewing Givedrop as another user.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Personal Data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Account' })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'data privacy while impersonating', expectAccessible);
    await page.goto('/account/change-password');
    await expect(
      page.getByText(
        'Changing the password is not available while you are viewing Givedrop as another user.',
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Update Password' })).toHaveCount(0);

    // The banner is on every layout, the full-page one too.
    await page.goto('/data-privacy');
    await expect(banner).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'full page while impersonating', expectAccessible);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(banner.getByRole('button', { name: 'Stop impersonating' })).toBeInViewport();

    // Keyboard: the Stop button is reachable and works with Enter.
    const stop = banner.getByRole('button', { name: 'Stop impersonating' });
    await stop.focus();
    await expect(stop).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(banner).toHaveCount(0);
    const back = await claimsOf(page);
    expect(back.email).toBe(OWNER);
    expect(back.impersonatorId).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  });

  test('the host lists every organisation on /admin/organisations', async ({ page }) => {
    await logInToDashboard(page, OWNER);
    await page.goto('/admin/organisations');
    await expect(page.getByRole('heading', { name: 'Organisations', exact: true })).toBeVisible();
    const harbour = page.getByRole('row').filter({ hasText: 'Harbour Hope' });
    await expect(harbour).toContainText('Olivia Harper');
    await expect(harbour.getByRole('button', { name: 'Disable Harbour Hope' })).toBeVisible();
    // A switch asks first; cancelling changes nothing.
    await harbour.getByRole('button', { name: 'Turn off emails for Harbour Hope' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn emails off' });
    await expect(dialog).toContainText('Stop sending emails on behalf of Harbour Hope?');
    await expectAccessibleAtBothWidths(page, 'organisation confirm dialog', expectAccessible);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(harbour).toContainText('On');
    await expectAccessibleAtBothWidths(page, 'admin organisations', expectAccessible);
    await screenshots(page, 'admin-organisations');
  });
});
