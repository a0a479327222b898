/**
 * Organisations (issue 18) in Chromium against the real server: member@example.com creates a
 * third organisation with a logo (cropped, uploaded with the organisation-logo preset) and lands
 * in it (its onboarding); the owner edits Harbour Hope's details and sees them after a reload; a
 * Standard User (the member in Harbour Hope) sees them read-only. axe at 1280 and 390 px, and
 * screenshots of both screens at both widths in test-results/organisations/.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { accountMenu, expectAccessibleAtBothWidths } from './accountSupport';
import { expectAccessible, logIn, MEMBER, OWNER, storedSession, tokenPayload } from './support';

function logo(): Promise<Buffer> {
  return sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
    .png()
    .toBuffer();
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({
      path: `test-results/organisations/${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function currentTenant(page: Page): Promise<{ id: number; name: string }> {
  const session = await storedSession(page);
  if (!session) throw new Error('no session');
  return JSON.parse(String(tokenPayload(session.jwtToken).currentTenant)) as {
    id: number;
    name: string;
  };
}

test.describe('organisations', () => {
  test.describe.configure({ mode: 'serial' });

  test('the owner edits the organisation details and sees them after a reload', async ({
    page,
  }) => {
    await logIn(page, OWNER);
    await expect(page).toHaveURL(/\/dashboard|\/feed|\/$/);
    await page.goto('/account/organisation');
    const menu = accountMenu(page);
    await expect(menu.getByRole('link', { name: 'Organisation Details' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { name: 'Organisation Details' })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue('Harbour Hope');
    await expect(page.getByLabel('VAT number')).toHaveValue('GB123456789');
    await expectAccessibleAtBothWidths(page, 'organisation details', expectAccessible);
    await shoot(page, 'details-owner');

    await page.getByLabel('Contact phone').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a contact phone')).toBeVisible();

    await page.getByLabel('Contact phone').fill('+44 20 7946 0999');
    await page.getByLabel('Company number').fill('01234567');
    await page.getByLabel('Website').fill('https://harbourhope.example/about');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Organisation details updated')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Company number')).toHaveValue('01234567');
    await expect(page.getByLabel('Contact phone')).toHaveValue('+44 20 7946 0999');
    await expect(page.getByLabel('Website')).toHaveValue('https://harbourhope.example/about');
  });

  test('a Standard User sees the details read-only', async ({ page }) => {
    await logIn(page, MEMBER);
    await expect(page).toHaveURL(/\/dashboard|\/feed|\/$/);
    expect((await currentTenant(page)).name).toBe('Harbour Hope');
    await page.goto('/account/organisation');
    await expect(page.getByRole('heading', { name: 'Organisation Details' })).toBeVisible();
    await expect(
      page.getByText("Only the organisation's Administrators can change its details."),
    ).toBeVisible();
    await expect(page.getByText('01234567')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'organisation details read-only', expectAccessible);
    await shoot(page, 'details-standard-user');
  });

  test('the member creates a third organisation with a logo and lands in it', async ({ page }) => {
    await logIn(page, MEMBER);
    await expect(page).toHaveURL(/\/dashboard|\/feed|\/$/);
    // Everyone finds New Organisation in the account settings menu.
    await page.getByRole('button', { name: /Account settings/ }).click();
    await page
      .getByRole('group', { name: 'Organisations' })
      .getByRole('link', { name: 'New Organisation' })
      .click();
    await expect(page).toHaveURL(/\/account\/organisation\/new$/);
    await expect(page.getByRole('heading', { name: 'New Organisation' })).toBeVisible();
    await expect(page.getByText('square, min 400, max 800 px')).toBeVisible();
    await page.getByRole('button', { name: 'Create Organisation' }).click();
    await expect(page.getByText('Please enter the company name')).toBeVisible();
    await expect(page.getByText('Please enter a company email address')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'new organisation', expectAccessible);

    await page.getByLabel('Company name').fill('Tide Table Trust');
    await page.getByLabel('Email').fill('hello@tidetable.example');
    await page.getByLabel('Contact name').fill('Marcus Reed');
    await page.getByLabel('Contact phone').fill('+44 7700 900456');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logo(),
    });
    const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
    await expect(dialog).toBeVisible();
    const uploaded = page.waitForResponse((r) => r.url().includes('UploadPending'));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const upload = await uploaded;
    expect(upload.status()).toBe(200);
    const [pending] = (await upload.json()) as { width: number; height: number }[];
    expect(pending?.width).toBe(pending?.height);
    expect(pending?.width).toBeLessThanOrEqual(800);
    expect(pending?.width).toBeGreaterThanOrEqual(400);
    await expect(page.getByRole('img', { name: /Organisation logo/ })).toBeVisible();
    await shoot(page, 'new-organisation');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/tenants/new'));
    await page.getByRole('button', { name: 'Create Organisation' }).click();
    expect((await created).status()).toBe(200);
    // The new organisation is the current one, and it is onboarding.
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect.poll(async () => (await currentTenant(page)).name).toBe('Tide Table Trust');

    // Back to Harbour Hope (a switch is also where later logins land; later tests expect it).
    const session = await storedSession(page);
    const tenants = JSON.parse(String(tokenPayload(session?.jwtToken ?? '').tenants)) as {
      id: number;
      name: string;
    }[];
    expect(tenants.map((t) => t.name)).toContain('Tide Table Trust');
    const harbourHope = tenants.find((t) => t.name === 'Harbour Hope');
    const back = await page.request.post('/api/auth/switchTenant', {
      data: { id: harbourHope?.id },
      headers: { Authorization: `Bearer ${session?.jwtToken ?? ''}` },
    });
    expect(back.ok()).toBe(true);
  });
});
