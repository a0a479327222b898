import { expect, test } from '@playwright/test';
import { expectAccessible, logInToDashboard, MEMBER } from './support';

test.describe('the screens behind the navigation', () => {
  test('the sidebar reaches Following, with its tabs and name filter', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInToDashboard(page, MEMBER);
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Following' }).click();
    await expect(page).toHaveURL(/\/following$/);
    await expect(page).toHaveTitle('Givedrop | Following');
    await expect(sidebar.getByRole('link', { name: 'Following' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Show' }).getByRole('tab');
    await expect(tabs).toHaveText(['All', 'Accounts', 'Charities', 'Mutual']);
    const panel = page.getByRole('tabpanel');
    const entries = panel.getByRole('listitem');
    await expect(entries).toHaveCount(10);
    await expectAccessible(page, 'following');

    await page.getByRole('tab', { name: 'Charities' }).click();
    await expect(page.getByRole('tab', { name: 'Charities' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(entries).toHaveCount(5);
    await expect(panel).toContainText('Ocean Rescue Trust');
    await expect(panel).not.toContainText('Amara Okafor');

    // Arrow keys move between the tabs and select them (WAI-ARIA tabs).
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Mutual' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Mutual' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(entries).toHaveCount(4);
    await expect(entries.getByText('Follows you')).toHaveCount(4);

    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const filter = page.getByLabel('Filter by name');
    await filter.fill('rescue');
    await expect(entries).toHaveCount(2);
    await expect(panel).toContainText('Ocean Rescue Trust');
    await expect(panel).toContainText('Little Paws Rescue');
    await filter.fill('nobody at all');
    await expect(panel).toContainText('No one matches "nobody at all".');
    await expectAccessible(page, 'following with nobody matching');
    await page.screenshot({ path: 'test-results/screens/following.png' });
  });

  test('the bottom bar reaches Search, and Create leads to the Create Drop placeholder', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logInToDashboard(page, MEMBER);
    const bar = page.getByRole('navigation', { name: 'Bottom navigation' });

    await bar.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page).toHaveTitle('Givedrop | Search');
    const search = page.getByRole('searchbox', { name: 'Search drops, posts and people' });
    await expect(search).toBeVisible();
    await search.fill('lifeboat');
    await expect(search).toHaveValue('lifeboat');
    await expectAccessible(page, 'search');

    await bar.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/create-info$/);
    await page.getByRole('link', { name: /New Drop/ }).click();
    await expect(page).toHaveURL(/\/create-drop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Drop' })).toBeVisible();
    await expect(page.getByText('Coming soon')).toBeVisible();
    await expectAccessible(page, 'create drop');
    await page.screenshot({ path: 'test-results/screens/create-drop-390.png' });
    await page.getByRole('link', { name: 'create a post' }).click();
    await expect(page).toHaveURL(/\/create-post$/);
    await expect(page.getByLabel('Message')).toBeVisible();
  });
});
