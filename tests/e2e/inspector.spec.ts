/**
 * The inspector (issue 33, deliverable 5): the app, with the browser inspector pointed at a
 * local page (`?inspect=/__inspector`, the inspector's `url` option), sends that page the whole
 * actor tree — the root `app`, its `session` and `subscription` children and the running flow's
 * machine, named by their systemIds — and none of the secrets a person's sign-up with a code,
 * acceptance of an invitation and login pass through: the passwords typed, the emailed code, the
 * invitation key, the captcha tokens, the access tokens and the refresh cookie.
 *
 * The local page is served by the test (a route of the browser context): like Stately's, it
 * tells its opener it is connected, then receives every event by postMessage; it hands each to
 * the test through a binding, so nothing is lost when a page load opens it again.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import { apiLogin } from './accountSupport';
import { newPerson, fillSignupForm } from './signupSupport';
import { codeOf, OWNER, openEmailLogin, loginButton, uniqueSuffix, waitForMail } from './support';
import { acceptTerms, invitee, inviteViaApi } from './teamSupport';

// The inspector page opens as a window of its own in front of the app's: the app's page must
// go on rendering and running its timers behind it, as a developer's does.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumArgs,
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
    ],
  },
});

const INSPECTOR_PATH = '/__inspector';
const INSPECT = `inspect=${encodeURIComponent(INSPECTOR_PATH)}`;

/** The local inspector page: says it is connected (as Stately's does) and passes on every event. */
const INSPECTOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Local inspector</title></head><body><p>Local inspector</p><script>
window.addEventListener('message', (event) => {
  const data = event.data;
  if (data && typeof data.type === 'string' && data.type.startsWith('@xstate.')) {
    window.__inspected(JSON.stringify(data));
  }
});
if (window.opener) window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script></body></html>`;

interface InspectedActor {
  type: '@xstate.actor';
  name: string;
  systemId?: string;
  sessionId: string;
  parentId?: string;
}

/** Serves the local inspector page and collects what it receives. */
async function localInspector(context: BrowserContext) {
  const received: string[] = [];
  await context.exposeBinding('__inspected', (_source, message: string) => {
    received.push(message);
  });
  await context.route(`**${INSPECTOR_PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      // The app's own opener policy (the server's, outside development): a page of another
      // policy would lose its opener, and the app its window.
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin' },
      body: INSPECTOR_PAGE,
    }),
  );
  const actors = () =>
    received
      .map((message) => JSON.parse(message) as { type: string })
      .filter((message): message is InspectedActor => message.type === '@xstate.actor');
  return { received, actors };
}

/** Every secret the browser's traffic shows: access tokens, captcha tokens, passwords sent. */
function secretsOnTheWire(page: Page) {
  const secrets = new Set<string>();
  const reading: Promise<void>[] = [];
  const collect = (value: unknown, key = ''): void => {
    if (typeof value === 'string') {
      if (/^(jwtToken|token|reCaptchaToken|password|code|key|userInvitationKey)$/.test(key)) {
        secrets.add(value);
      }
      return;
    }
    if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) collect(item, name);
    }
  };
  page.on('request', (request) => {
    if (!request.url().includes('/api/')) return;
    const body = request.postData();
    if (body?.startsWith('{')) collect(JSON.parse(body) as unknown);
  });
  page.on('response', (response: Response) => {
    if (!response.url().includes('/api/') || response.url().includes('/api/dev/mail')) return;
    if (!response.headers()['content-type']?.includes('json')) return;
    reading.push(
      response
        .json()
        .then((body: unknown) => collect(body))
        .catch(() => undefined),
    );
  });
  return {
    async all(): Promise<string[]> {
      await Promise.all(reading);
      return [...secrets].filter((secret) => secret.length >= 4);
    },
  };
}

/** Whether a received message shows `secret` (a code of digits: as a number of its own). */
function shows(text: string, secret: string): boolean {
  if (/^\d+$/.test(secret)) return new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text);
  return text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1));
}

async function refreshCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .filter((cookie) => cookie.httpOnly)
    .map((cookie) => cookie.value);
}

async function invitationLink(request: APIRequestContext) {
  const person = invitee('Ines');
  const link = await inviteViaApi(request, await apiLogin(request, OWNER), person);
  return { person, link, key: link.split('/').pop() ?? '' };
}

test('the inspector receives the actor tree and no secret while a person signs up with a code, accepts an invitation and logs in', async ({
  page,
  context,
  request,
}) => {
  const inspector = await localInspector(context);
  const wire = secretsOnTheWire(page);
  const person = { ...newPerson('Ina', 'Spector'), password: `Signup!${uniqueSuffix()}` };
  const secrets: string[] = [person.password];
  const rootIds = () =>
    inspector.actors().filter((actor) => actor.systemId === 'app' && actor.parentId === undefined);
  /** The systemIds of the actors the inspector was told the root started as its children. */
  const childrenOfRoot = () => {
    const roots = new Set(rootIds().map((actor) => actor.sessionId));
    return new Set(
      inspector
        .actors()
        .filter((actor) => actor.parentId !== undefined && roots.has(actor.parentId))
        .map((actor) => actor.systemId),
    );
  };

  // Sign up with the emailed code (and the captcha stand-in's token).
  await page.goto(`/signup?${INSPECT}`);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await fillSignupForm(page, request, person);
  secrets.push(codeOf(await waitForMail(request, person.email, 'verification code')));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).not.toHaveURL(/\/signup/);
  await expect
    .poll(() =>
      [...childrenOfRoot()]
        .filter((id) => ['session', 'subscription', 'signup'].includes(id ?? ''))
        .sort(),
    )
    .toEqual(['session', 'signup', 'subscription']);

  // Accept an invitation (a new account; visiting the link signs the first person out).
  const invitation = await invitationLink(request);
  secrets.push(invitation.key);
  const inviteePassword = `Invitee!${uniqueSuffix()}`;
  secrets.push(inviteePassword);
  await page.goto(`${invitation.link}?${INSPECT}`);
  await expect(page.getByRole('heading', { name: 'Join Harbour Hope' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(inviteePassword);
  await page.getByLabel('Confirm password').fill(inviteePassword);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => childrenOfRoot().has('invitation')).toBe(true);

  // Log in as the person who signed up.
  await page.goto(`/login?${INSPECT}`);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await openEmailLogin(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await loginButton(page).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect.poll(() => childrenOfRoot().has('loginForm')).toBe(true);

  // The whole tree, named: the root app actor and its children, for every page load.
  expect(rootIds().length).toBeGreaterThanOrEqual(3);
  for (const systemId of [
    'config',
    'session',
    'subscription',
    'signup',
    'invitation',
    'loginForm',
  ]) {
    expect(childrenOfRoot(), `a child '${systemId}' of the root 'app'`).toContain(systemId);
  }

  // No secret in anything the inspector page received.
  secrets.push(...(await wire.all()), ...(await refreshCookies(context)));
  const text = inspector.received.join('\n');
  expect(text).toContain(person.email); // what is no secret passes
  expect(text).toContain('[redacted]');
  // The passwords, the code, the key, 2 captcha tokens, 3 access tokens, the refresh cookie.
  expect(new Set(secrets).size).toBeGreaterThanOrEqual(8);
  const seen = [...new Set(secrets)].filter((secret) => shows(text, secret));
  expect(seen, `secrets the inspector received (of ${new Set(secrets).size})`).toEqual([]);
});
