// The e2e run's `test` (what '@playwright/test' maps to there), typed with its `server` option.
import { expect, test, type Page } from './reachFixture';
import { accountAreaLabels } from '../support/menus';
import {
  accountMenu,
  apiLogin,
  apiPost,
  expectAccessibleAtBothWidths,
  readyPerson,
} from './accountSupport';
import { verifyEmail } from './signupSupport';
import { signUpWithGoogle } from './thirdPartySupport';
import {
  expectAccessible,
  linkPathOf,
  logIn,
  logInToDashboard,
  MEMBER,
  NEWBIE,
  PASSWORD,
  storedSession,
  tokenPayload,
  uniqueSuffix,
  waitForMail,
} from './support';

/**
 * Account settings (issue 16) in Chromium against the real server: the account area, Personal
 * Details (names, phone, handle; a new email confirmed by its link), Preferences, Change Password
 * (other sessions end), and Data Privacy (the zip; deleting one's account). Every screen is
 * checked with axe at 1280 and 390 px. Each test signs up people of its own.
 */
async function openAccount(page: Page, email: string, path: string) {
  await logInToDashboard(page, email);
  await page.goto(path);
}

test.describe('account settings', () => {
  test('personal details: names, phone and handle are saved and kept after a reload', async ({
    page,
    request,
  }) => {
    const person = await readyPerson(request, 'Grace', 'Hopper');
    await openAccount(page, person.email, '/account');
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
    // The account area: the organisation, its badge and the items in the spec's order.
    const menu = accountMenu(page);
    await expect(menu.getByText('Individual Account')).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(accountAreaLabels(true));
    await expect(menu.getByRole('link', { name: 'Personal Details' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expectAccessibleAtBothWidths(page, 'personal details', expectAccessible);

    // Bad input: the spec's messages, nothing sent.
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Date of birth').fill('2015-01-01');
    await page.getByLabel('Phone number').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter your first name')).toBeVisible();
    await expect(page.getByText('You must be at least 18 years old')).toBeVisible();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();

    // A handle someone else has is 'Not Available'; one's own is available.
    const handle = page.getByLabel('Profile name/handle');
    await handle.fill('olivia_harper');
    await expect(page.getByText('Not Available', { exact: true })).toBeVisible();
    await handle.fill(person.handle.toUpperCase());
    await expect(page.getByText('Available', { exact: true })).toBeVisible();

    const newHandle = `gh_${uniqueSuffix()}`.slice(0, 20);
    await page.getByLabel('First name').fill('Amazing');
    await page.getByLabel('Last name').fill('Grace');
    await page.getByLabel('Date of birth').fill('1980-12-09');
    await page.getByLabel('Phone number').fill('07911 123456');
    await handle.fill(newHandle);
    await expect(page.getByText('Available', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Personal details updated')).toBeVisible();
    // The session was refreshed: the header's menu carries the new initials.
    await expect(page.getByRole('button', { name: 'AG, Account settings' })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Amazing');
    await expect(page.getByLabel('Last name')).toHaveValue('Grace');
    await expect(page.getByLabel('Phone number')).toHaveValue('07911 123456');
    await expect(page.getByLabel('Date of birth')).toHaveValue('1980-12-09');
    await expect(handle).toHaveValue(newHandle);
  });

  test('a new email is confirmed by its emailed link before it signs in', async ({
    page,
    request,
  }) => {
    const person = await readyPerson(request, 'Katherine', 'Johnson');
    const newEmail = `kj.${uniqueSuffix()}@example.net`;
    await openAccount(page, person.email, '/account/personal-details');
    await expect(page.getByLabel('First name')).toHaveValue('Katherine');

    // An address that is not verified is refused.
    await page.getByRole('button', { name: '(change email)' }).click();
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please verify your email address.')).toBeVisible();

    await verifyEmail(page, request, newEmail);
    const since = Date.now();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Personal details updated')).toBeVisible();
    await expect(page.getByText('Email requires confirmation')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'personal details, email pending', expectAccessible);

    // Until the link is used, the old address signs in and the new one does not.
    expect(
      (
        await request.post('/api/auth/login', { data: { email: newEmail, password: PASSWORD } })
      ).ok(),
    ).toBe(false);
    const mail = await waitForMail(request, newEmail, 'onfirm', since);
    await page.goto(linkPathOf(mail));
    await expect(page.getByText('Email Address Confirmed')).toBeVisible();
    expect(await apiLogin(request, newEmail)).toBeTruthy();
    expect(
      (
        await request.post('/api/auth/login', { data: { email: person.email, password: PASSWORD } })
      ).ok(),
    ).toBe(false);
  });

  test('preferences: the two consents are saved and kept after a reload', async ({
    page,
    request,
  }) => {
    const person = await readyPerson(request, 'Mary', 'Jackson');
    await openAccount(page, person.email, '/account/preferences');
    await expect(page.getByRole('heading', { name: 'Communication Preferences' })).toBeVisible();
    const help = page.getByLabel(
      'I consent to receiving info to get me started (short help topics on app features)',
    );
    const marketing = page.getByLabel(
      'I consent to receiving related product marketing news, updates & offers.',
    );
    await expect(help).not.toBeChecked();
    await expect(marketing).not.toBeChecked();
    await expectAccessibleAtBothWidths(page, 'preferences', expectAccessible);
    await help.check();
    await marketing.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status', { name: 'Preferences Updated' })).toContainText(
      'Preferences updated successfully',
    );
    await page.reload();
    await expect(help).toBeChecked();
    await expect(marketing).toBeChecked();
  });

  test('change password: this device stays in, another is signed out at its next refresh', async ({
    page,
    browser,
    request,
  }) => {
    const person = await readyPerson(request, 'Dorothy', 'Vaughan');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logInToDashboard(otherPage, person.email);

    await openAccount(page, person.email, '/account/change-password');
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'change password', expectAccessible);
    const newPassword = 'Orbit!2027x';
    await page.getByLabel('Current password').fill('Wrong!Pass1');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert', { name: 'Error Updating Password' })).toBeVisible();
    // A failed save keeps what was typed.
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(newPassword);

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('status', { name: 'Password Updated' })).toContainText(
      'Your password has been updated successfully',
    );
    // This device is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

    // The other device is signed out when it next refreshes its session.
    await otherPage.evaluate(() => {
      const raw = window.localStorage.getItem('authSession');
      if (!raw) return;
      const session = JSON.parse(raw) as { expiresAt: number };
      window.localStorage.setItem(
        'authSession',
        JSON.stringify({ ...session, expiresAt: Date.now() - 1000 }),
      );
    });
    await otherPage.reload();
    await expect.poll(() => storedSession(otherPage)).toBeNull();
    await other.close();

    // The new password signs in; the old one does not.
    expect(
      (
        await request.post('/api/auth/login', { data: { email: person.email, password: PASSWORD } })
      ).ok(),
    ).toBe(false);
    await page.goto('/logout');
    await logInToDashboard(page, person.email, newPassword);
  });

  test('a Google login has no Change Password: the menus leave it out and its page sends on', async ({
    page,
    request,
  }) => {
    await signUpWithGoogle(page, `katherine.${uniqueSuffix()}@example.org`);
    await expect.poll(async () => (await storedSession(page)) !== null).toBe(true);
    const token = (await storedSession(page))!.jwtToken;
    const tenant = JSON.parse(String(tokenPayload(token).currentTenant)) as { id: number };
    await apiPost(request, 'tenants/setIsOnboarding', { id: tenant.id, value: false }, token);

    await page.goto('/account/change-password');
    await expect(page).toHaveURL(/\/account\/personal-details$/);
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
    await expect(accountMenu(page).getByRole('link')).toHaveText(accountAreaLabels(false));
    await page.getByRole('button', { name: /Account settings/ }).click();
    await expect(page.getByRole('link', { name: 'Personal Information' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change Password' })).toHaveCount(0);
  });

  test('someone still onboarding reaches Data Privacy from the full-page menu', async ({
    page,
  }) => {
    await logIn(page, NEWBIE);
    await expect(page).toHaveURL(/\/onboarding$/);
    // Once the step has loaded (it takes the focus, which would close an open menu).
    await expect(page.getByRole('heading', { name: 'What do you care about?' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Data Privacy' }).click();
    await expect(page).toHaveURL(/\/data-privacy$/);
    await expect(page.getByRole('heading', { name: 'Data Privacy' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(accountMenu(page)).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'data privacy (full page)', expectAccessible);
  });

  test('data privacy: the personal data downloads as a zip named from the name', async ({
    page,
    request,
  }) => {
    const person = await readyPerson(request, 'Ada', 'Lovelace');
    await openAccount(page, person.email, '/account/data-privacy');
    await expect(page.getByRole('heading', { name: 'Data Privacy' })).toBeVisible();
    await expect(page.getByText('Privacy policy version')).toBeVisible();
    await expect(page.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Contact us/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expectAccessibleAtBothWidths(page, 'data privacy', expectAccessible);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Personal Data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^AdaLovelace\d{12}\.zip$/);
    const { unzip } = await import('../server/support/unzip');
    const entries = unzip(await readAll(await file.createReadStream()));
    const data = entries.find((entry) => entry.name === 'personal-data.json')?.data;
    const json = JSON.parse(data?.toString('utf8') ?? '{}') as {
      profile?: { email?: string; firstName?: string };
    };
    expect(json.profile?.email).toBe(person.email);
    expect(json.profile?.firstName).toBe('Ada');
  });

  test('an owner deletes their account: they and their organisation are gone', async ({
    page,
    request,
  }) => {
    const person = await readyPerson(request, 'Hedy', 'Lamarr');
    const token = await apiLogin(request, person.email);
    const message = `Farewell post ${uniqueSuffix()}`;
    await apiPost(
      request,
      'posts/create',
      {
        message,
        link: '',
        publishedDate: new Date(Date.now() - 60_000).toISOString(),
        isDraft: false,
      },
      token,
    );
    await openAccount(page, person.email, '/account/data-privacy');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    // Spec §6, said in full: the account and the organisation go; nothing of the person stays.
    const deleted = dialog.getByRole('list').first().getByRole('listitem');
    await expect(deleted).toHaveText([
      'Your account and your personal data: you will not be able to log in again.',
      'The organisation Hedy Lamarr, with its posts, drops and media, its subscription and its payment records.',
      "Every member's access to Hedy Lamarr. Members who belong to no other organisation are deleted with it.",
    ]);
    await expectAccessibleAtBothWidths(page, 'delete account dialog (owner)', expectAccessible);
    // Cancelling keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByRole('button', { name: 'Yes, Delete Account' }).click();
    // The confirmation, on the full-page Data Privacy, signed out.
    await expect(page).toHaveURL(/\/data-privacy$/);
    await expect(page.getByRole('status')).toHaveText(
      'Account DeletedYour account and your organisation have been deleted, with all their data. You have been logged out.',
    );
    await expect.poll(() => storedSession(page)).toBeNull();
    await expectAccessibleAtBothWidths(page, 'account deleted', expectAccessible);

    expect(
      (
        await request.post('/api/auth/login', { data: { email: person.email, password: PASSWORD } })
      ).ok(),
    ).toBe(false);
    const feed = await request.post('/api/posts/feedList', {
      data: {
        page: 1,
        pageSize: 50,
        sortBy: 'CreatedDate',
        sortByDescending: true,
        getTotalCount: false,
      },
    });
    expect(await feed.text()).not.toContain(message);
  });
});

test.describe('data privacy for whoever opens it (issue 34)', () => {
  test('a visitor reads the data privacy information at /data-privacy, without account actions', async ({
    page,
  }) => {
    await page.goto('/data-privacy');
    await expect(page).toHaveURL(/\/data-privacy$/);
    await expect(page.getByRole('heading', { name: 'Data Privacy', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What we keep' })).toBeVisible();
    await expect(page.getByRole('link', { name: /privacy policy/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(page.getByRole('button', { name: 'Download Personal Data' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Account' })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'data privacy (visitor)', expectAccessible);
  });

  test('a signed-in person opens /data-privacy from the full-page menu and gets the account actions', async ({
    page,
    request,
  }) => {
    const person = await readyPerson(request, 'Mary', 'Jackson');
    await logInToDashboard(page, person.email);
    await page.goto('/data-privacy');
    await expect(page).toHaveURL(/\/data-privacy$/);
    await expect(page.getByText('Privacy policy version')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Personal Data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Account' })).toBeVisible();
    await expect(accountMenu(page)).toHaveCount(0);
    await expectAccessibleAtBothWidths(
      page,
      'data privacy (full page, signed in)',
      expectAccessible,
    );
    // On a 320 px phone the agreed date and the actions stay inside the panel.
    await page.setViewportSize({ width: 320, height: 800 });
    const panel = await page.getByRole('region', { name: 'Data Privacy' }).boundingBox();
    const right = (panel?.x ?? 0) + (panel?.width ?? 0);
    expect(right).toBeLessThanOrEqual(320);
    for (const inside of [
      page.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
      page.getByRole('button', { name: 'Download Personal Data' }),
      page.getByRole('button', { name: 'Delete Account' }),
    ]) {
      const box = await inside.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(right);
    }
  });

  test('an owner of two organisations deletes the current one; the account stays with the other', async ({
    page,
    request,
  }) => {
    const person = await readyPerson(request, 'Katherine', 'Johnson');
    const token = await apiLogin(request, person.email);
    await apiPost(
      request,
      'tenants/new',
      {
        name: 'Johnson Labs',
        email: 'labs@example.com',
        contactName: 'Katherine Johnson',
        contactPhone: '01632 960000',
      },
      token,
    );
    await openAccount(page, person.email, '/account/data-privacy');
    await expect(accountMenu(page).getByText('Katherine Johnson')).toBeVisible();
    await expect(
      page.getByText(
        'Deletes the organisation Katherine Johnson, with all its data. Your account stays with your other organisation Johnson Labs.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    const [deleted, stays] = [dialog.getByRole('list').first(), dialog.getByRole('list').nth(1)];
    await expect(deleted.getByRole('listitem')).toHaveText([
      'The organisation Katherine Johnson, with its posts, drops and media, its subscription and its payment records.',
      "Every member's access to Katherine Johnson. Members who belong to no other organisation are deleted with it.",
    ]);
    await expect(stays.getByRole('listitem')).toHaveText([
      'Your account, with your other organisation Johnson Labs: you will be logged out, and can log in again to use it.',
      "The accounts of Katherine Johnson's members who also belong to other organisations.",
    ]);
    await expectAccessibleAtBothWidths(
      page,
      'delete account dialog (owner of two)',
      expectAccessible,
    );
    await dialog.getByRole('button', { name: 'Yes, Delete Account' }).click();
    await expect(page).toHaveURL(/\/data-privacy$/);
    await expect(page.getByRole('status')).toContainText(
      'Organisation DeletedThe organisation has been deleted, with all its data. Your account stays: log in to carry on with it.',
    );
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect.poll(() => storedSession(page)).toBeNull();

    // As the words said: the account stays, now with Johnson Labs only.
    const claims = tokenPayload(await apiLogin(request, person.email));
    expect((JSON.parse(String(claims.tenants)) as { name: string }[]).map((t) => t.name)).toEqual([
      'Johnson Labs',
    ]);
  });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The seeded member belongs to two organisations (Standard User in Harbour Hope, owner of his
 * own). This runs on the second server (its own database), so that the other tests keep him in
 * Harbour Hope.
 */
test.describe('deleting one of two memberships', () => {
  test.use({ server: 'activation' });

  test('a member of two organisations deletes their account in one and signs in to the other', async ({
    page,
    request,
  }) => {
    await openAccount(page, MEMBER, '/account/data-privacy');
    await expect(accountMenu(page).getByText('Harbour Hope')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await expect(dialog.getByRole('list').first().getByRole('listitem')).toHaveText([
      'Your access to Harbour Hope, and the posts and drops you wrote in it.',
    ]);
    await expect(dialog.getByRole('list').nth(1).getByRole('listitem')).toHaveText([
      'Your account, with your other organisation Marcus Reed: you will be logged out, and can log in again to use it.',
      'Harbour Hope itself and its other members.',
    ]);
    await expectAccessibleAtBothWidths(page, 'delete account dialog (member)', expectAccessible);
    await dialog.getByRole('button', { name: 'Yes, Delete Account' }).click();
    await expect(page).toHaveURL(/\/data-privacy$/);
    await expect(page.getByRole('status')).toContainText('Organisation Left');
    await expect.poll(() => storedSession(page)).toBeNull();

    // He still signs in, now to his own organisation only.
    const token = await apiLogin(request, MEMBER);
    const claims = tokenPayload(token);
    expect(JSON.parse(String(claims.currentTenant))).toMatchObject({ name: 'Marcus Reed' });
    expect((JSON.parse(String(claims.tenants)) as { name: string }[]).map((t) => t.name)).toEqual([
      'Marcus Reed',
    ]);
    await logInToDashboard(page, MEMBER);
  });
});
