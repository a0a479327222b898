import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accountMenu, apiLogin, apiPost, expectAccessibleAtBothWidths } from './accountSupport';
import { expectAccessible, logInToDashboard, MEMBER, OWNER, tokenPayload } from './support';

/**
 * Subscription / Invoices and Integration (issue 18 items 4, 5 and 8) in Chromium against the
 * real server and its development billing stand-in. owner@example.com's Harbour Hope is active
 * with three invoices; member@example.com's own organisation, Marcus Reed, is trialing with no
 * customer. The tests run in this order: the host ends Marcus Reed's trial before he subscribes.
 * member@example.com is switched back to Harbour Hope at the end of each test (later tests sign
 * him in there).
 */
test.describe.configure({ mode: 'serial' });

const PAYMENTS = '/account/organisation/payments';
const INTEGRATION = '/account/organisation/integration';
const SHOTS = process.env.E2E_SCREENSHOTS;

async function screenshots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Switches the signed-in person to `name` from the account settings menu (they land on /). */
async function switchTo(page: Page, name: string) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /Account settings/ }).click();
  await page.getByRole('group', { name: 'Organisations' }).getByRole('button', { name }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByText(name, { exact: true })).toBeVisible();
}

/** The id of member@example.com's own organisation, Marcus Reed. */
async function marcusReedId(request: APIRequestContext): Promise<number> {
  const token = await apiLogin(request, MEMBER);
  const tenants = JSON.parse(String(tokenPayload(token).tenants)) as { id: number; name: string }[];
  const tenant = tenants.find((t) => t.name === 'Marcus Reed');
  expect(tenant).toBeDefined();
  return tenant!.id;
}

/** The Status line (the Plan and Price lines follow it when there is a plan to offer). */
const subscriptionStatus = (page: Page) =>
  page.getByRole('region', { name: 'Subscription', exact: true }).getByRole('definition').first();

test("the owner's invoice table lists three invoices and Download serves a PDF", async ({
  page,
}) => {
  await logInToDashboard(page, OWNER);
  await page.goto(PAYMENTS);
  await expect(page.getByRole('heading', { name: 'Subscription / Invoices' })).toBeVisible();
  await expect(
    accountMenu(page).getByRole('link', { name: 'Subscription / Invoices' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(subscriptionStatus(page)).toHaveText(/^active until \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    '#',
    'Date',
    'Status',
    'Total',
    'Download',
  ]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByRole('cell').nth(1)).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  await expect(rows.first().getByRole('cell').nth(3)).toHaveText(/^[A-Z]{3} \d+\.\d\d$/);
  // The owner is an Administrator with a live subscription: no Subscribe, but the portal.
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();

  const download = rows.first().getByRole('link', { name: /Download/ });
  await expect(download).toHaveAttribute('target', '_blank');
  const href = await download.getAttribute('href');
  expect(href).toBeTruthy();
  const pdf = await page.request.get(href!);
  expect(pdf.ok()).toBe(true);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAccessibleAtBothWidths(page, 'subscription / invoices', expectAccessible);
  await screenshots(page, 'payments-owner');

  // Integration: the customer, the subscription and the billing portal.
  await accountMenu(page).getByRole('link', { name: 'Integration' }).click();
  await expect(page).toHaveURL(new RegExp(`${INTEGRATION}$`));
  await expect(page.getByRole('heading', { name: 'Integration' })).toBeVisible();
  await expect(page.getByText('Exists')).toBeVisible();
  await expect(page.getByText(/^cus_/)).toBeVisible();
  await expect(page.getByText(/^sub_/)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'integration', expectAccessible);
  await screenshots(page, 'integration-owner');
  await page.getByRole('button', { name: 'Open billing portal' }).click();
  // A full page navigation to the stand-in's portal, which links back here.
  await expect(page).not.toHaveURL(new RegExp(`${INTEGRATION}$`));
  await expect(
    page.getByRole('button', { name: /Cancel at the end of the period|Keep the subscription/ }),
  ).toBeVisible();
});

test('when the host ends a trial, the poll sends the person to / and Subscription / Invoices offers to subscribe', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await logInToDashboard(page, MEMBER);
  await switchTo(page, 'Marcus Reed');
  await page.goto(PAYMENTS);
  await expect(subscriptionStatus(page)).toHaveText(/^trialing until \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  // Subscribe is offered with its plan and price (issue 34 point 3), before the checkout page.
  await expect(
    page.getByRole('region', { name: 'Subscription', exact: true }).getByRole('definition'),
  ).toHaveText([/^trialing until /, 'Givedrop subscription, monthly', '£12.00 a month']);
  await expect(page.getByText('There are no invoices')).toBeVisible();
  await page.goto('/account/preferences');
  await expect(page.getByRole('heading', { name: 'Communication Preferences' })).toBeVisible();

  // The host (owner@example.com) ends the trial: its end is in the past.
  const host = await apiLogin(request, OWNER);
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  await apiPost(
    request,
    'tenants/setIsTrialing',
    { id: await marcusReedId(request), value: true, trialEndDate: yesterday },
    host,
  );
  // The 60 s poll notices and sends him to /.
  await page.clock.runFor(61_000);
  await expect(page).toHaveURL(/\/$/);

  await page.goto(PAYMENTS);
  await expect(subscriptionStatus(page)).toHaveText(/^trial ended on \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(page.getByLabel(/Promotional code/)).toBeVisible();
  await expectAccessibleAtBothWidths(
    page,
    'subscription / invoices, trial ended',
    expectAccessible,
  );
  await screenshots(page, 'payments-trial-ended');

  await switchTo(page, 'Harbour Hope');
});

test('a trial organisation subscribes through the checkout with a promotion code and reads active', async ({
  page,
}) => {
  await logInToDashboard(page, MEMBER);

  // In Harbour Hope he is a Standard User: the status and invoices, no controls.
  await page.goto(PAYMENTS);
  await expect(subscriptionStatus(page)).toHaveText(/^active until/);
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);

  await switchTo(page, 'Marcus Reed');
  // Its trial has ended (the test before): the poll flags it and sends him to / first.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('subscription-expired')))
    .not.toBeNull();
  await page.goto(PAYMENTS);
  const code = page.getByLabel(/Promotional code/);
  await code.fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This promotional code is not valid.')).toBeVisible();
  await code.fill('WELCOME20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/WELCOME20: 20\s?% off/)).toBeVisible();
  await expectAccessibleAtBothWidths(
    page,
    'subscription / invoices, code applied',
    expectAccessible,
  );
  await screenshots(page, 'payments-code-applied');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  // The stand-in's checkout page.
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Marcus Reed');
  await page.getByRole('button', { name: /^Pay / }).click();

  // Back on Subscription / Invoices: confirmed, the session id gone from the address.
  await expect(page.getByText('Thank you: your subscription has started.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PAYMENTS}$`));
  await expect(subscriptionStatus(page)).toHaveText(/^active until \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expectAccessibleAtBothWidths(page, 'subscription / invoices, subscribed', expectAccessible);
  await screenshots(page, 'payments-subscribed');

  // Reloading does not confirm it twice (the address no longer has the session id).
  await page.reload();
  await expect(subscriptionStatus(page)).toHaveText(/^active until/);
  await expect(page.getByText('Thank you: your subscription has started.')).toHaveCount(0);

  await switchTo(page, 'Harbour Hope');
});
