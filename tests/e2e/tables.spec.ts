import { expect, test, type Locator, type Page } from '@playwright/test';
import { flowRegistry } from '../../src/app/flowList';
import { apiLogin, readyPerson } from './accountSupport';
import { expectAccessible, logInToDashboard, OWNER } from './support';
import { invitee, inviteViaApi } from './teamSupport';

/**
 * Tables that fit (issue 34 points 1 and 3): at 1280 px every column and every row action of
 * every data table is on screen without sideways scrolling; at 390 px the rows are cards with the
 * same data and the same actions. Every action is inside the viewport (and inside its table's
 * region, which would otherwise hide it under its scroll) and at least 24 x 24 px (WCAG 2.2
 * 2.5.8). And no route of the app scrolls sideways at 320 px, signed in or out.
 */

const WIDTHS = [1280, 390, 320] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box on the page; it must be rendered. */
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  return box!;
}

/** The page scrolls no sideways: the document is no wider than the viewport. */
async function expectNoSidewaysScroll(page: Page, where: string, soft = false): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  (soft ? expect.soft : expect)(
    scrollWidth,
    `${where}: the page is ${scrollWidth} px wide`,
  ).toBeLessThanOrEqual(innerWidth);
}

/**
 * Every row of the table region: each cell has a size and lies within the region (so within the
 * screen, with nothing to scroll to), and each action (button or link) lies within the viewport
 * and the region and is at least 24 x 24 px.
 */
async function expectRowsFit(page: Page, region: Locator, where: string): Promise<number> {
  const viewport = page.viewportSize()!;
  const area = await boxOf(region);
  expect(area.x, `${where}: the table starts on screen`).toBeGreaterThanOrEqual(0);
  expect(area.x + area.width, `${where}: the table ends on screen`).toBeLessThanOrEqual(
    viewport.width,
  );
  const rows = region.locator('tbody tr');
  const count = await rows.count();
  expect(count, `${where}: the table has rows`).toBeGreaterThan(0);
  let actions = 0;
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    const cells = row.locator(':scope > td, :scope > th');
    for (let c = 0; c < (await cells.count()); c += 1) {
      const cell = cells.nth(c);
      if ((await cell.getAttribute('aria-hidden')) === 'true') continue;
      if ((await cell.innerText()).trim() === '' && (await cell.locator('svg').count()) === 0) {
        continue;
      }
      const box = await boxOf(cell);
      const what = `${where}, row ${index + 1}, cell ${c + 1}`;
      expect(box.width, `${what} has a width`).toBeGreaterThan(0);
      expect(box.x, `${what} starts inside the table`).toBeGreaterThanOrEqual(area.x - 0.5);
      expect(box.x + box.width, `${what} ends inside the table`).toBeLessThanOrEqual(
        area.x + area.width + 0.5,
      );
    }
    const controls = row.locator('button, a[href]');
    for (let a = 0; a < (await controls.count()); a += 1) {
      const control = controls.nth(a);
      await control.scrollIntoViewIfNeeded();
      const box = await boxOf(control);
      const name = (await control.getAttribute('aria-label')) ?? (await control.innerText()).trim();
      const what = `${where}: '${name}'`;
      expect(box.width, `${what} is at least 24 px wide`).toBeGreaterThanOrEqual(24);
      expect(box.height, `${what} is at least 24 px high`).toBeGreaterThanOrEqual(24);
      const shown = await boxOf(region);
      expect(box.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(box.y, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${what} ends inside the viewport`).toBeLessThanOrEqual(
        viewport.height + 0.5,
      );
      expect(box.x, `${what} starts inside the table`).toBeGreaterThanOrEqual(shown.x - 0.5);
      expect(box.x + box.width, `${what} ends inside the table`).toBeLessThanOrEqual(
        shown.x + shown.width + 0.5,
      );
      actions += 1;
    }
    // The lock that stands for hidden actions has its icon's size (it was 0 px wide).
    const locks = row.locator('[data-lock] svg');
    for (let l = 0; l < (await locks.count()); l += 1) {
      const box = await boxOf(locks.nth(l));
      expect(box.width, `${where}, row ${index + 1}: the lock icon's width`).toBeGreaterThanOrEqual(
        16,
      );
    }
  }
  await expectNoSidewaysScroll(page, where);
  return actions;
}

/** At 390 px the table's header row is not shown: each row is a card that names its fields. */
async function expectCards(region: Locator, where: string): Promise<void> {
  await expect(region.locator('thead'), `${where}: no header row`).toHaveCSS(
    'position',
    'absolute',
  );
  const row = region.locator('tbody tr').first();
  await expect(row, `${where}: a row is a card`).toHaveCSS('display', 'block');
}

/**
 * At 1280 px the table is a table: its header row shows and each row is a table row with every
 * column (issue 34: 'at wide widths every column and action visible').
 */
async function expectColumns(region: Locator, where: string): Promise<void> {
  const width = await region.evaluate((element) => element.getBoundingClientRect().width);
  await expect(region.locator('thead'), `${where}: a header row (${width} px)`).not.toHaveCSS(
    'position',
    'absolute',
  );
  await expect(region.locator('tbody tr').first(), `${where}: a table row`).toHaveCSS(
    'display',
    'table-row',
  );
}

async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

test.describe('tables that fit', () => {
  for (const width of WIDTHS) {
    test(`users and invited users: every column and action on screen (${width} px)`, async ({
      page,
      request,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      // Harbour Hope: Olivia (the signed-in owner: the lock) and Marcus (Edit, Delete).
      await logInToDashboard(page, OWNER);
      await openScreen(page, '/users', 'Users');
      const users = page.getByRole('region', { name: 'Users table', exact: true });
      await expect(users.locator('tbody tr')).not.toHaveCount(0);
      await expect(users.getByText('Current users cannot edit themselves')).toBeVisible();
      expect(await expectRowsFit(page, users, `users at ${width} px`)).toBeGreaterThanOrEqual(2);
      if (width < 768) await expectCards(users, `users at ${width} px`);
      else await expectColumns(users, `users at ${width} px`);
      await shoot(page, 'users');

      // A new organisation's owner with two pending invitations: Resend and Delete on each.
      const person = await readyPerson(request, 'Tabitha', 'Fit');
      const token = await apiLogin(request, person.email);
      await inviteViaApi(request, token, invitee('Ingrid'));
      await inviteViaApi(request, token, invitee('Ivo'), { role: 'Administrator' });
      // /login signs Olivia out first.
      await logInToDashboard(page, person.email);
      await openScreen(page, '/users', 'Users');
      const invited = page.getByRole('region', { name: 'Invited users table' });
      await expect(invited.getByRole('button', { name: /invitation to Ivo Tester/ })).toHaveCount(
        2,
      );
      expect(
        await expectRowsFit(page, invited, `invited users at ${width} px`),
      ).toBeGreaterThanOrEqual(4);
      if (width < 768) await expectCards(invited, `invited users at ${width} px`);
      else await expectColumns(invited, `invited users at ${width} px`);
      await expectAccessible(page, `users at ${width} px`);
      await shoot(page, 'invited-users');
    });

    test(`admin organisations and admin users: every action on screen (${width} px)`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await logInToDashboard(page, OWNER);
      await openScreen(page, '/admin/organisations', 'Organisations');
      const organisations = page.getByRole('region', { name: 'All organisations' });
      await expect(organisations.locator('tbody tr')).not.toHaveCount(0);
      expect(
        await expectRowsFit(page, organisations, `admin organisations at ${width} px`),
      ).toBeGreaterThanOrEqual(2);
      if (width < 768) await expectCards(organisations, `admin organisations at ${width} px`);
      else await expectColumns(organisations, `admin organisations at ${width} px`);
      await expectAccessible(page, `admin organisations at ${width} px`);
      await shoot(page, 'admin-organisations');

      await openScreen(page, '/admin/users', 'Users');
      const users = page.getByRole('region', { name: 'All users' });
      await expect(users.locator('tbody tr')).not.toHaveCount(0);
      expect(await expectRowsFit(page, users, `admin users at ${width} px`)).toBeGreaterThanOrEqual(
        1,
      );
      if (width < 768) await expectCards(users, `admin users at ${width} px`);
      else await expectColumns(users, `admin users at ${width} px`);
      await expectAccessible(page, `admin users at ${width} px`);
      await shoot(page, 'admin-users');
    });

    test(`invoices: every Download on screen, the page no wider than the screen (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await logInToDashboard(page, OWNER);
      await openScreen(page, '/account/organisation/payments', 'Subscription / Invoices');
      const invoices = page.getByRole('region', { name: 'Invoices table' });
      await expect(invoices.locator('tbody tr')).toHaveCount(3);
      expect(await expectRowsFit(page, invoices, `invoices at ${width} px`)).toBe(3);
      if (width < 768) {
        await expectCards(invoices, `invoices at ${width} px`);
        // The app layout's bottom bar stays on this page too.
        await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toBeInViewport();
      } else await expectColumns(invoices, `invoices at ${width} px`);
      await expectAccessible(page, `invoices at ${width} px`);
      await shoot(page, 'invoices');
    });
  }
});

test.describe('countries: a search over 245 rows (issue 34 point 4)', () => {
  for (const width of WIDTHS) {
    test(`search by name or code from the keyboard; every action on screen (${width} px)`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await logInToDashboard(page, OWNER);
      await openScreen(page, '/admin/countries', 'Countries');
      const region = page.getByRole('region', { name: 'Countries list' });
      await expect(region.locator('tbody tr')).not.toHaveCount(0);
      const all = await region.locator('tbody tr').count();
      expect(all).toBeGreaterThan(200);
      const search = page.getByRole('searchbox', { name: 'Search countries by name or code' });
      await search.focus();
      await page.keyboard.type('united');
      await expect(page.getByText(/^\d+ shown\.$/)).toBeVisible();
      const names = await region.getByRole('rowheader').allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      expect(names.length).toBeLessThan(all);
      for (const name of names) expect(name.toLowerCase()).toContain('united');
      expect(await expectRowsFit(page, region, `countries at ${width} px`)).toBeGreaterThan(0);
      if (width < 768) await expectCards(region, `countries at ${width} px`);
      else await expectColumns(region, `countries at ${width} px`);
      // From the top: a button left under the fixed bottom bar counts as too small for axe.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page, `countries searched at ${width} px`);
      await shoot(page, 'countries');

      // By code: GB is the United Kingdom's.
      await search.fill('gb');
      await expect(region.getByRole('rowheader', { name: 'United Kingdom' })).toBeVisible();
      // Nothing matches: said, and no table.
      await search.fill('zzzz');
      await expect(page.getByText('No countries match \u2018zzzz\u2019.')).toBeVisible();
      await expect(region).toHaveCount(0);
      await search.fill('');
      await expect(region.locator('tbody tr')).toHaveCount(all);
    });
  }
});

test.describe('Subscription / Invoices on a phone (a mobile viewport)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the page stays as wide as the screen and the bottom bar stays on it', async ({ page }) => {
    await logInToDashboard(page, OWNER);
    await openScreen(page, '/account/organisation/payments', 'Subscription / Invoices');
    await expect(
      page.getByRole('region', { name: 'Invoices table' }).locator('tbody tr'),
    ).toHaveCount(3);
    await expectNoSidewaysScroll(page, 'Subscription / Invoices on a phone');
    const nav = page.getByRole('navigation', { name: 'Bottom navigation' });
    await expect(nav).toBeInViewport({ ratio: 1 });
    const box = await boxOf(nav);
    expect(box.width).toBeLessThanOrEqual(390);
  });
});

/** Every path of the route table, its parameters filled in ('*' as an unknown path). */
function allPaths(): { path: string; signsOut: boolean; access: string }[] {
  return flowRegistry.flatMap((flow) =>
    flow.routes.map((route) => ({
      path: route.path === '*' ? '/no-such-page' : route.path.replace(/:[a-z]+/gi, 'abc123'),
      signsOut: flow.signsOutOnVisit === true,
      access: flow.access,
    })),
  );
}

/** The route has settled: a level-1 heading (or the landing page's) shows and nothing loads. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test.describe('the public header at 320 px', () => {
  test("shows the logo, Login and the whole of 'Sign up'", async ({ page }) => {
    const header = page.getByRole('banner');
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto('/start-signup');
      await settled(page);
      await expect(header.getByRole('img', { name: 'Givedrop' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Login' })).toBeInViewport({ ratio: 1 });
      await expect(header.getByRole('link', { name: 'Sign up' })).toBeInViewport({ ratio: 1 });
      await expectNoSidewaysScroll(page, `the public header at ${width} px`);
      await expectAccessible(page, `/start-signup at ${width} px`);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/public-header-${width}.png`, fullPage: false });
      }
    }
  });
});

test.describe('no route scrolls sideways at 320 px', () => {
  test('signed out, every route', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 320, height: 700 });
    for (const { path } of allPaths()) {
      await page.goto(path);
      await settled(page);
      await expectNoSidewaysScroll(page, `${path} signed out at 320 px`, true);
    }
  });

  test('signed in as a host Administrator, every route that keeps the session', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 320, height: 700 });
    await logInToDashboard(page, OWNER);
    for (const { path } of allPaths().filter((route) => !route.signsOut)) {
      await page.goto(path);
      await settled(page);
      await expectNoSidewaysScroll(page, `${path} signed in at 320 px`, true);
    }
  });
});
