import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newPerson, signUpViaApi, type NewPerson } from './signupSupport';
import { PASSWORD, tokenPayload } from './support';

/** POSTs to the API with a bearer token and answers the envelope's data. */
export async function apiPost(
  request: APIRequestContext,
  path: string,
  data: unknown,
  token?: string,
): Promise<unknown> {
  const response = await request.post(`/api/${path}`, {
    data,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: unknown }).data;
}

/** Logs in through the API: the access token. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const data = (await apiPost(request, 'auth/login', { email, password })) as { jwtToken: string };
  return data.jwtToken;
}

/**
 * A new person with an Individual account whose onboarding is finished (the account area is in
 * the app layout, which sends an onboarding organisation to /onboarding).
 */
export async function readyPerson(
  request: APIRequestContext,
  firstName = 'Ada',
  lastName = 'Lovelace',
): Promise<NewPerson> {
  const person = newPerson(firstName, lastName);
  await signUpViaApi(request, person);
  const token = await apiLogin(request, person.email);
  const tenant = JSON.parse(String(tokenPayload(token).currentTenant)) as { id: number };
  await apiPost(request, 'tenants/setIsOnboarding', { id: tenant.id, value: false }, token);
  return person;
}

/** The account area's menu. */
export const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' });

/**
 * Checks the screen with axe at 1280 and at 390 px wide (then back to 1280), each time from the
 * top of the page: a page left scrolled has some link half under the sticky header, which axe's
 * target-size rule counts as too small wherever the scroll happened to stop (seen on the admin
 * menu's links in CI), though nothing is wrong with the screen.
 */
export async function expectAccessibleAtBothWidths(
  page: Page,
  screen: string,
  expectAccessible: (page: Page, screen: string) => Promise<void>,
): Promise<void> {
  const atTop = () => page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 900 });
  await atTop();
  await expectAccessible(page, `${screen} at 1280 px`);
  await page.setViewportSize({ width: 390, height: 844 });
  await atTop();
  await expectAccessible(page, `${screen} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}
