import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_MENU_LABELS } from '../support/menus';
import { apiLogin, apiPost, expectAccessibleAtBothWidths, readyPerson } from './accountSupport';
import { newPerson, signUpViaApi } from './signupSupport';
import { expectAccessible, logIn, logInToDashboard, MEMBER, OWNER } from './support';

/**
 * The admin area (issue 19) in Chromium against the real server: Olivia (a host Administrator)
 * reaches it from the account settings menu; its side menu and pages; she disables a country,
 * which leaves the phone picker, and reorders the product categories (the interest topics), by
 * the keyboard's buttons and by dragging, which onboarding then shows in the new order. A
 * Standard User is sent to / (spec §2.1, §6: a role outside the allowed list) and an
 * Administrator who is not a host to /dashboard (spec §2.3 Admin). What is changed
 * is restored at the end (the suite shares one database).
 */

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

interface Topic {
  id: number;
  name: string;
  order: number;
}

/** Every topic in Order, as the host sees them. */
async function allTopics(request: APIRequestContext, token: string): Promise<Topic[]> {
  const data = (await apiPost(
    request,
    'userinterestedtopics/list',
    { page: 1, pageSize: 999, sortBy: 'Order', includeDisabled: true },
    token,
  )) as { list: Topic[] };
  return data.list;
}

/** Puts the topics back in the given order. */
async function restoreTopicOrder(request: APIRequestContext, token: string, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await apiPost(request, 'userinterestedtopics/moveOrderToIndex', { id, index }, token);
  }
}

test.describe('admin area', () => {
  // Each page is checked by axe at both widths, a few seconds a scan on a quiet machine and
  // several times that on a busy one: one test per page or two, each with room for its scans.
  test("a host opens it from the account menu, which lists the spec's pages", async ({ page }) => {
    test.slow();
    await logInToDashboard(page, OWNER);
    await page.getByRole('button', { name: /Account settings/ }).click();
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(heading(page, 'Admin')).toBeVisible();
    await expect(adminMenu(page).getByRole('link')).toHaveText(['Admin', ...ADMIN_MENU_LABELS]);
    await expectAccessibleAtBothWidths(page, 'admin', expectAccessible);
    await shoot(page, 'admin');
  });

  test('Email Templates and Reports say they are coming soon', async ({ page }) => {
    test.slow();
    await logInToDashboard(page, OWNER);
    await page.goto('/admin');
    await expect(heading(page, 'Admin')).toBeVisible();
    for (const [label, path] of [
      ['Email Templates', '/admin/email-templates'],
      ['Reports', '/admin/reports'],
    ] as const) {
      await adminMenu(page).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(heading(page, label)).toBeVisible();
      await expect(page.getByText('Coming soon', { exact: true })).toBeVisible();
      await expect(adminMenu(page).getByRole('link', { name: label })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectAccessibleAtBothWidths(page, label, expectAccessible);
    }
    // The spec's paths end with a slash.
    await page.goto('/admin/reports/');
    await expect(heading(page, 'Reports')).toBeVisible();
  });

  test('Currencies lists them and its form keeps what was typed on an error', async ({ page }) => {
    test.slow();
    await logInToDashboard(page, OWNER);
    await page.goto('/admin');
    await expect(heading(page, 'Admin')).toBeVisible();
    await adminMenu(page).getByRole('link', { name: 'Currencies' }).click();
    await expect(heading(page, 'Currencies')).toBeVisible();
    const table = page.getByRole('region', { name: 'Currencies list' });
    await expect(table.getByRole('rowheader', { name: 'British Pound' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'currencies', expectAccessible);
    await shoot(page, 'currencies');
    // The form: the contract's messages, nothing saved.
    await page.getByRole('button', { name: 'Add currency' }).click();
    await expect(page.getByRole('heading', { name: 'New currency' })).toBeVisible();
    await page.getByLabel('Code').fill('GB');
    await page.getByRole('button', { name: 'Add currency' }).click();
    await expect(page.getByText('Please enter a name')).toBeVisible();
    await expect(
      page.getByText('Please enter a three-letter ISO 4217 code (e.g. GBP)'),
    ).toBeVisible();
    // A code another currency has: the server's message, and what was typed stays.
    await page.getByLabel('Name').fill('Pound Two');
    await page.getByLabel('Code').fill('gbp');
    await page.getByRole('button', { name: 'Add currency' }).click();
    await expect(page.getByText('A currency with the code GBP already exists.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Pound Two');
    await expectAccessibleAtBothWidths(page, 'currency form', expectAccessible);
    await shoot(page, 'currency-form');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(table).toBeVisible();
  });

  test('a disabled country leaves the phone picker', async ({ page, request }) => {
    // axe reads every row of the 245 countries at both widths: about 25 s each.
    test.setTimeout(180_000);
    const token = await apiLogin(request, OWNER);
    await logInToDashboard(page, OWNER);
    await page.goto('/admin/countries');
    await expect(heading(page, 'Countries')).toBeVisible();
    const iceland = page
      .getByRole('region', { name: 'Countries list' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Iceland' }) });
    try {
      await expect(iceland.getByText('Enabled', { exact: true })).toBeVisible();
      // Disabling asks first: Cancel changes nothing, Yes disables.
      await iceland.getByRole('button', { name: 'Disable Iceland' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disable country' });
      await expect(dialog).toContainText(
        'Disable ‘Iceland’? It stays listed here, but it leaves every country and phone picker.',
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(iceland.getByText('Enabled', { exact: true })).toBeVisible();
      await iceland.getByRole('button', { name: 'Disable Iceland' }).click();
      await dialog.getByRole('button', { name: 'Yes, Disable' }).click();
      await expect(dialog).toBeHidden();
      await expect(iceland.getByText('Disabled', { exact: true })).toBeVisible();
      // Focus is back on the row's button, which now enables it.
      await expect(iceland.getByRole('button', { name: 'Enable Iceland' })).toBeFocused();
      await expectAccessibleAtBothWidths(page, 'countries', expectAccessible);
      await shoot(page, 'countries');

      // The default phone country stays: the server's refusal shows.
      const gb = page
        .getByRole('region', { name: 'Countries list' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'United Kingdom' }) });
      await gb.getByRole('button', { name: 'Disable United Kingdom' }).click();
      await dialog.getByRole('button', { name: 'Yes, Disable' }).click();
      await expect(
        page.getByText(
          'GB is the default phone country: it cannot be disabled, deleted or given another code.',
        ),
      ).toBeVisible();

      await page.goto('/account/personal-details');
      const picker = page.getByLabel('Country', { exact: true });
      await expect(picker.locator('option', { hasText: 'United Kingdom (+44)' })).toHaveCount(1);
      await expect(picker.locator('option', { hasText: 'Iceland' })).toHaveCount(0);
      await expect(picker.locator('option', { hasText: 'Ireland (+353)' })).toHaveCount(1);
    } finally {
      const countries = (await apiPost(
        request,
        'countries/list',
        { page: 1, pageSize: 999, includeDisabled: true },
        token,
      )) as { list: { id: number; code: string }[] };
      const id = countries.list.find((country) => country.code === 'IS')?.id;
      await apiPost(request, 'countries/setEnabled', { id, value: true }, token);
    }
  });

  test('reordered product categories show in the new order at onboarding', async ({
    page,
    browser,
    request,
  }) => {
    const token = await apiLogin(request, OWNER);
    const original = await allTopics(request, token);
    const [first, second, third] = original;
    try {
      await logInToDashboard(page, OWNER);
      await page.goto('/admin/product-categories');
      await expect(heading(page, 'Product Categories')).toBeVisible();
      const table = page.getByRole('region', { name: 'Product Categories list' });
      const names = table.getByRole('rowheader');
      await expect(names.first()).toHaveText(first!.name);
      // By the keyboard: the first one down a place.
      const down = page.getByRole('button', { name: `Down: move ${first!.name} down` });
      await down.focus();
      await page.keyboard.press('Enter');
      await expect(names.nth(0)).toHaveText(second!.name);
      await expect(names.nth(1)).toHaveText(first!.name);
      // Focus followed the row: the same Down button, so the next press moves it again.
      await expect(down).toBeFocused();
      // By dragging: the third one onto the first place.
      const rows = table.getByRole('row');
      await rows.nth(3).dragTo(rows.nth(1));
      await expect(names.nth(0)).toHaveText(third!.name);
      await expect(names.nth(1)).toHaveText(second!.name);
      await expect(names.nth(2)).toHaveText(first!.name);
      await expectAccessibleAtBothWidths(page, 'product categories', expectAccessible);
      await shoot(page, 'product-categories');

      // Deleting asks first; No deletes nothing.
      await page.getByRole('button', { name: `Delete ${first!.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete product category' });
      await expect(dialog).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'delete confirmation', expectAccessible);
      await shoot(page, 'delete-confirmation');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(names.nth(2)).toHaveText(first!.name);

      // Someone whose organisation is onboarding sees the new order.
      const person = newPerson('Ona', 'Board');
      await signUpViaApi(request, person);
      const context = await browser.newContext();
      const onboarding = await context.newPage();
      await logIn(onboarding, person.email);
      await expect(onboarding).toHaveURL(/\/onboarding$/);
      const topics = onboarding.getByRole('list', { name: 'Topics' }).getByRole('button');
      await expect(topics.nth(0)).toHaveText(third!.name);
      await expect(topics.nth(1)).toHaveText(second!.name);
      await expect(topics.nth(2)).toHaveText(first!.name);
      await context.close();
    } finally {
      await restoreTopicOrder(
        request,
        token,
        original.map((topic) => topic.id),
      );
    }
    expect((await allTopics(request, token)).map((topic) => topic.id)).toEqual(
      original.map((topic) => topic.id),
    );
  });

  test('a Standard User is sent to /, an Administrator who is not a host to /dashboard', async ({
    browser,
    request,
  }) => {
    // Room for its two axe scans and a second person's signup (as the host's walk has).
    test.slow();
    const member = await (await browser.newContext()).newPage();
    await logInToDashboard(member, MEMBER);
    for (const width of [1280, 390]) {
      await member.setViewportSize({ width, height: 900 });
      for (const path of ['/admin', '/admin/countries']) {
        await member.goto(path);
        await expect(member).toHaveURL(/:\d+\/$/);
        // The signed-in home at / (the app layout), not the admin area.
        await expect(member.getByRole('heading', { level: 1, name: 'Admin' })).toHaveCount(0);
        await expect(member.getByRole('button', { name: /Account settings/ })).toBeVisible();
      }
      await expectAccessible(member, `/admin -> / for a Standard User at ${width} px`);
    }
    await member.setViewportSize({ width: 1280, height: 900 });
    await member.getByRole('button', { name: /Account settings/ }).click();
    await expect(member.getByRole('link', { name: 'Logout' })).toBeVisible();
    await expect(member.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await member.context().close();

    const person = await readyPerson(request, 'Ada', 'Nohost');
    const admin = await (await browser.newContext()).newPage();
    await logInToDashboard(admin, person.email);
    await admin.goto('/admin/product-categories');
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.context().close();
  });
});
