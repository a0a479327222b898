import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Giving!2026';
export const OWNER = 'owner@example.com';
export const MEMBER = 'member@example.com';
export const NEWBIE = 'newbie@example.com';

/** WCAG 2.2 A/AA: zero violations on the screen as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function storedSession(
  page: Page,
): Promise<{ jwtToken: string; expiresAt: number } | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('authSession');
    return raw ? (JSON.parse(raw) as { jwtToken: string; expiresAt: number }) : null;
  });
}

export function tokenPayload(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}
