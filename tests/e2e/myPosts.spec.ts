import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logInToDashboard, MEMBER, uniqueSuffix } from './support';

/**
 * My posts on the Profile (issue 34: a saved draft or a scheduled post can be found again), at
 * 1280 and 390 px with axe on every screen: a draft is saved and left, found under Drafts, edited
 * into a scheduled post, found under Scheduled, and deleted through the confirm dialog. And Create
 * Post refuses a date in the past, and says 'Post not found' for an address that is not a post.
 */

/** 'yyyy-MM-dd' of the local day `days` from today (the date input's value). */
function localDay(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'dd/MM/yyyy' of the same day, as the app shows dates. */
const shownDay = (iso: string) => iso.split('-').reverse().join('/');

/** With E2E_SHOTS_DIR set, a full-page screenshot there (the screenshots to look at). */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({
    path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`,
    fullPage: true,
  });
}

/** Nothing is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openProfile(page: Page) {
  // The side navigation at 1280 px, the bottom bar at 390 px: both name it Profile.
  await page.getByRole('link', { name: 'Profile', exact: true }).first().click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { name: 'My posts' })).toBeVisible();
}

const section = (page: Page) => page.getByRole('region', { name: 'My posts' });
const myPosts = (page: Page) => section(page).getByRole('tablist', { name: 'My posts' });
const panel = (page: Page) => section(page).getByRole('tabpanel');

for (const width of [1280, 390]) {
  test.describe(`my posts at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    });

    test('a draft is found under Drafts, edited into a scheduled post, found under Scheduled, and deleted', async ({
      page,
    }) => {
      test.slow();
      await logInToDashboard(page, MEMBER);
      const message = `My draft ${uniqueSuffix()} at ${width}`;
      await page.goto('/create-post');
      await page.getByLabel('Message').fill(message);
      await page.getByRole('button', { name: 'Save Draft' }).click();
      await expect(page).toHaveURL(/\/create-post\/\d+$/);

      // Leave, and find it again.
      await page.goto('/feed');
      await openProfile(page);
      const tabs = myPosts(page).getByRole('tab');
      await expect(tabs).toHaveText(['Published', 'Scheduled', 'Drafts']);
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      // Roving focus: the arrows move between the tabs and select them.
      await tabs.first().focus();
      await page.keyboard.press('End');
      await expect(tabs.nth(2)).toBeFocused();
      await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
      const draft = panel(page).getByRole('listitem').filter({ hasText: message });
      await expect(draft).toBeVisible();
      await expectAccessible(page, `my posts, drafts, at ${width} px`);
      await expectNoSidewaysScroll(page);
      await shoot(page, 'my-posts-drafts');

      // Edit it (Create Post's update mode) and schedule it.
      await draft.getByRole('link', { name: /^Edit post:/ }).click();
      await expect(page).toHaveURL(/\/create-post\/\d+$/);
      await expect(page.getByLabel('Message')).toHaveValue(message);
      const day = localDay(2);
      await page.getByLabel('Publish date').fill(day);
      await page.getByLabel('Publish time').selectOption('12:00');
      await page.getByLabel('Is Draft').uncheck();
      await page.getByRole('button', { name: 'Update Post' }).click();
      await expect(page.getByText('Post updated')).toBeVisible();

      await openProfile(page);
      await myPosts(page).getByRole('tab', { name: 'Drafts' }).click();
      await expect(panel(page).getByText(message)).toHaveCount(0);
      await myPosts(page).getByRole('tab', { name: 'Scheduled' }).click();
      const scheduled = panel(page).getByRole('listitem').filter({ hasText: message });
      await expect(scheduled).toContainText(`Scheduled for ${shownDay(day)} 12:00`);
      await expectAccessible(page, `my posts, scheduled, at ${width} px`);
      await expectNoSidewaysScroll(page);

      // Delete, through the dialog: Cancel first (focus back on Delete), then Delete post.
      const remove = scheduled.getByRole('button', { name: /^Delete post:/ });
      await remove.click();
      const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
      await expect(dialog).toContainText(message);
      await expectAccessible(page, `my posts, delete dialog, at ${width} px`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await remove.click();
      await dialog.getByRole('button', { name: 'Delete post' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Post deleted' })).toBeVisible();
      await expect(panel(page).getByText(message)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'My posts' })).toBeFocused();
      await expectAccessible(page, `my posts, deleted, at ${width} px`);
    });

    test("Create Post refuses a date in the past, and an address that is not a post says 'Post not found'", async ({
      page,
    }) => {
      // Two axe scans and a login: 42-60 s on a shared 2-core machine, near the 60 s default.
      test.slow();
      await logInToDashboard(page, MEMBER);
      await page.goto('/create-post');
      await page.getByLabel('Message').fill(`Back-dated ${uniqueSuffix()}`);
      await page.getByLabel('Publish date').fill('2020-01-01');
      await page.getByRole('button', { name: 'Create Post' }).click();
      await expect(page.getByText('The publish date and time cannot be in the past')).toBeVisible();
      await expect(page).toHaveURL(/\/create-post$/);
      await expectAccessible(page, `create post, a date in the past, at ${width} px`);

      await page.goto('/create-post/abc');
      await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
      await expect(page.getByLabel('Message')).toHaveCount(0);
      await expectAccessible(page, `post not found, at ${width} px`);
      await expectNoSidewaysScroll(page);
      await page.getByRole('link', { name: 'Back to My posts' }).click();
      await expect(page).toHaveURL(/\/account\/profile$/);
    });
  });
}

test('my posts at 320 px: the tabs and the posts fit, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await logInToDashboard(page, MEMBER);
  await openProfile(page);
  for (const name of ['Published', 'Scheduled', 'Drafts']) {
    const tab = myPosts(page).getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
    // Its word fits inside it on one line (never drawn over the next tab, never broken).
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(box && box.height < 50).toBe(true);
    await expectNoSidewaysScroll(page);
    await shoot(page, `my-posts-${name.toLowerCase()}`);
  }
  await expectAccessible(page, 'my posts at 320 px');
});
