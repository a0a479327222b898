import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { AXE_EXTRA_RULES, AXE_WCAG_TAGS } from '../support/axeOptions';

export const PASSWORD = 'Giving!2026';
export const OWNER = 'owner@example.com';
export const MEMBER = 'member@example.com';
export const NEWBIE = 'newbie@example.com';

/**
 * The project's own axe-core (package.json), the one the jsdom checks run, rather than the older
 * copy @axe-core/playwright bundles (4.11): that one leaves out a control's aria-hidden text when
 * it compares visible text with the name, and so passed the account menu button that showed the
 * user's initials but was named 'Account settings'.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * WCAG 2.2 A/AA, Label in Name (label-content-name-mismatch) included: zero violations on the
 * screen as it is now.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // options() replaces every option set before it: the rules first, then the tags.
  const results = await new AxeBuilder({ page, axeSource })
    .options({ rules: { ...AXE_EXTRA_RULES } })
    .withTags([...AXE_WCAG_TAGS])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

/** The Login screen's email form is behind its 'Login with Email' toggle. */
export async function openEmailLogin(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Login with Email' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByLabel('Email')).toBeVisible();
}

export const loginButton = (page: Page) => page.getByRole('button', { name: 'Login', exact: true });

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await openEmailLogin(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await loginButton(page).click();
}

/** Logs in (as logIn) and waits until the app has landed on the dashboard. */
export async function logInToDashboard(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
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

/** One mail of the development outbox (GET /api/dev/mail, newest first). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The development outbox, newest first (GET /api/dev/mail answers the envelope). */
export async function outbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const response = await request.get('/api/dev/mail');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: OutboxMail[] }).data;
}

/** Waits for the newest mail to `to` whose subject contains `subject`, sent after `since`. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string,
  since = 0,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await outbox(request);
        found = mails.find(
          (m) => m.to === to && m.subject.includes(subject) && Date.parse(m.sentAt) >= since - 1000,
        );
        return found !== undefined;
      },
      { message: `a mail to ${to} about "${subject}"` },
    )
    .toBe(true);
  return found!;
}

/** The six-digit code of a verification mail. */
export function codeOf(mail: OutboxMail): string {
  const code = /verification code is: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The first link of a mail, as a path of this site ('/activate/…'). */
export function linkPathOf(mail: OutboxMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in: ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A fresh address and handle per test run, so reruns on the same database do not collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Records, from the next page load on, the browser's own upload progress events (percent) of every XHR upload. */
export async function recordUploadProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const progress: number[] = [];
    (window as unknown as { __uploadProgress: number[] }).__uploadProgress = progress;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      this.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) progress.push(Math.round((100 * event.loaded) / event.total));
      });
      return send.call(this, body);
    };
  });
}

/** The upload progress events recorded so far (see recordUploadProgress). */
export function uploadProgress(page: Page): Promise<number[]> {
  return page.evaluate(
    () => (window as unknown as { __uploadProgress: number[] }).__uploadProgress,
  );
}
