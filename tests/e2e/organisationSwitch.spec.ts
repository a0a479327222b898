import { expect, test, type Page } from '@playwright/test';
import { accountMenu, expectAccessibleAtBothWidths } from './accountSupport';
import { expectAccessible, logInToDashboard, MEMBER, storedSession, tokenPayload } from './support';

/**
 * The organisation switcher (issue 18) in Chromium against the real server. member@example.com
 * is a Standard User of the charity Harbour Hope and the owner of his own Individual account,
 * Marcus Reed: he switches from the account settings menu and from the account area's heading,
 * lands on the home each time, sees the account-type badge change, and his other tab follows.
 * He ends where he started (later tests sign him in to Harbour Hope).
 */
const currentTenantOf = async (page: Page) => {
  const session = await storedSession(page);
  return JSON.parse(String(tokenPayload(session?.jwtToken ?? '').currentTenant)) as {
    name: string;
  };
};

test('a member of two organisations switches between them; every tab follows', async ({
  page,
  context,
}) => {
  await logInToDashboard(page, MEMBER);
  const header = page.getByRole('banner');
  await expect(header.getByText('Harbour Hope')).toBeVisible();

  // A second tab on the account area.
  const other = await context.newPage();
  await other.goto('/account/preferences');
  await expect(accountMenu(other).getByText('Charity Account')).toBeVisible();

  // The account settings menu lists both organisations, the current one marked.
  await header.getByRole('button', { name: /Account settings/ }).click();
  const menuGroup = page.getByRole('group', { name: 'Organisations' });
  // (Other tests may have given him more organisations: these two are his from the seed.)
  await expect(menuGroup.getByRole('button', { name: 'Marcus Reed' })).toBeVisible();
  await expect(menuGroup.getByRole('button', { name: 'Marcus Reed' })).not.toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(menuGroup.getByRole('link', { name: 'New Organisation' })).toBeVisible();
  await expect(menuGroup.getByRole('button', { name: 'Harbour Hope' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expectAccessibleAtBothWidths(page, 'account menu with the switcher', expectAccessible);
  await menuGroup.getByRole('button', { name: 'Marcus Reed' }).click();

  // The new session is stored and he goes to the home of that organisation.
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByText('Marcus Reed', { exact: true })).toBeVisible();
  expect((await currentTenantOf(page)).name).toBe('Marcus Reed');
  // The other tab follows.
  await expect(accountMenu(other).getByText('Individual Account')).toBeVisible();
  await expect(accountMenu(other).getByText('Marcus Reed', { exact: true })).toBeVisible();
  await other.close();

  // The account area's heading: the badge of the current organisation, and the switcher, used
  // from the keyboard.
  await page.goto('/account/preferences');
  const area = accountMenu(page);
  await expect(area.getByText('Individual Account')).toBeVisible();
  const trigger = area.getByRole('button', { name: 'Switch organisation' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const areaGroup = area.getByRole('group', { name: 'Your organisations' });
  await expect(areaGroup.getByRole('button', { name: 'Marcus Reed' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expectAccessibleAtBothWidths(page, 'account area with the switcher', expectAccessible);
  await page.keyboard.press('Tab');
  await expect(areaGroup.getByRole('button', { name: 'Harbour Hope' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByText('Harbour Hope')).toBeVisible();
  expect((await currentTenantOf(page)).name).toBe('Harbour Hope');
  await page.goto('/account/preferences');
  await expect(accountMenu(page).getByText('Charity Account')).toBeVisible();
});
