import { afterEach, describe, expect, it } from 'vitest';
import { bootLandingShell } from '../../src/app/landingShell/boot';
import {
  renderLandingShellMarkup,
  renderMemberShell,
  renderVisitorShell,
} from '../../src/app/landingShell/LandingShells';
import {
  DEFERRED_PRELOAD_ATTRIBUTE,
  LANDING_SHELL_ID,
  LANDING_SHELL_STYLE,
  MEMBER_TEMPLATE_ID,
  removeLandingShell,
  restoreDeferredPreloads,
  VISITOR_TEMPLATE_ID,
} from '../../src/app/landingShell/shellDom';
import { createAppStorage } from '../../src/services/storage';
import { VISITOR_LEAD, VISITOR_SAMPLE_NOTE, VISITOR_TITLE } from '../../src/features/home/HomeView';
import { MemoryStorage } from '../services/helpers/memoryStorage';
import { makeToken } from '../services/helpers/tokens';

/**
 * The landing page's start-up shell (issue 15 item 2): the top of `/` painted from the HTML
 * before the app's code has loaded, the visitor's or the signed-in person's, then handed over to
 * the app.
 */

const memoryStorage = (entries: Record<string, string> = {}) => new MemoryStorage(entries);

const storedSession = (token: string) =>
  JSON.stringify({
    jwtToken: token,
    expiresAt: 4_102_444_800_000,
    refreshTokenExpiresAt: '2100-01-01T00:00:00.000Z',
  });

/** The page of `/` as the server sends it: the shell's markup before an empty #root. */
function loadPage(markup = renderLandingShellMarkup()): void {
  document.head.innerHTML = '';
  document.body.innerHTML = `${markup}<div id="root"></div>`;
}

const shell = () => document.getElementById(LANDING_SHELL_ID);

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the shells', () => {
  it("the visitor's: the public layout's Login and Sign up, and what Givedrop is", () => {
    const holder = document.createElement('div');
    holder.innerHTML = renderVisitorShell();
    expect(holder.querySelector('header a[href="/login"]')?.textContent).toBe('Login');
    expect(holder.querySelector('header a[href="/start-signup"]')?.textContent).toBe('Sign up');
    const main = holder.querySelector('main#main');
    expect(main?.querySelector('h1')?.textContent).toBe(VISITOR_TITLE);
    expect(main?.textContent).toContain(VISITOR_LEAD);
    expect(main?.textContent).toContain(VISITOR_SAMPLE_NOTE);
    expect([...(main?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
      '/start-signup',
      '/login',
    ]);
    // The heading only: the carousel and the feed are the app's.
    expect(main?.querySelector('[aria-roledescription="carousel"]')).toBeNull();
  });

  it("the signed-in person's: the app layout's navigation with Home current, and the greeting's place", () => {
    const holder = document.createElement('div');
    holder.innerHTML = renderMemberShell();
    const headings = holder.querySelectorAll('main#main h1');
    expect(headings).toHaveLength(1);
    expect(headings[0]?.textContent).toBe('\u00a0');
    const current = [...holder.querySelectorAll('a[aria-current="page"]')];
    expect(current.length).toBeGreaterThan(0);
    for (const link of current) expect(link.getAttribute('href')).toBe('/');
    // No one's name or organisation is in the page of `/`.
    expect(holder.textContent).not.toMatch(/Olivia|Harbour/);
  });

  it('the markup: the style that hides #root while the shell shows, the empty shell, two templates', () => {
    loadPage();
    expect(document.querySelector('style')?.textContent).toBe(LANDING_SHELL_STYLE);
    expect(shell()?.childNodes).toHaveLength(0);
    expect(document.getElementById(VISITOR_TEMPLATE_ID)).toBeInstanceOf(HTMLTemplateElement);
    expect(document.getElementById(MEMBER_TEMPLATE_ID)).toBeInstanceOf(HTMLTemplateElement);
    expect(LANDING_SHELL_STYLE).toBe('#landing-shell:not(:empty)~#root{display:none}');
  });
});

describe('the inline script (bootLandingShell)', () => {
  it("shows the visitor's shell when no session is stored", () => {
    loadPage();
    expect(bootLandingShell(document, createAppStorage({ local: memoryStorage() }))).toBe(
      'visitor',
    );
    expect(shell()?.querySelector('h1')?.textContent).toBe(VISITOR_TITLE);
    expect(shell()?.querySelector('header a[href="/login"]')).not.toBeNull();
  });

  it("shows a returning person's shell greeting them 'Welcome back, {firstName}'", () => {
    loadPage();
    const local = memoryStorage({ authSession: storedSession(makeToken({ firstName: 'Zoë' })) });
    expect(bootLandingShell(document, createAppStorage({ local }))).toBe('member');
    expect(shell()?.querySelector('main h1')?.textContent).toBe('Welcome back, Zoë');
    expect(shell()?.querySelector('header a[href="/login"]')).toBeNull();
  });

  it("greets an account in its first session 'Welcome, {firstName}' (the home's own rule)", () => {
    loadPage();
    const local = memoryStorage({
      authSession: storedSession(makeToken({ firstName: 'Ada', email: 'Ada@Example.org' })),
      newAccount: 'ada@example.org',
    });
    bootLandingShell(document, createAppStorage({ local }));
    expect(shell()?.querySelector('main h1')?.textContent).toBe('Welcome, Ada');
  });

  it("shows the visitor's shell for a stored session that is not one (and forgets it, as the app would)", () => {
    loadPage();
    const local = memoryStorage({ authSession: '{"jwtToken":"not-a-jwt"}' });
    expect(bootLandingShell(document, createAppStorage({ local }))).toBe('visitor');
    expect(local.getItem('authSession')).toBeNull();
  });

  it('shows nothing on a page without a shell or without its template', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(bootLandingShell(document, createAppStorage({ local: memoryStorage() }))).toBeNull();
    loadPage(`<div id="${LANDING_SHELL_ID}"></div>`);
    expect(bootLandingShell(document, createAppStorage({ local: memoryStorage() }))).toBeNull();
    expect(shell()?.childNodes).toHaveLength(0);
  });
});

describe('handing over to the app', () => {
  it('removeLandingShell takes the shell away, leaving the templates', () => {
    loadPage();
    bootLandingShell(document, createAppStorage({ local: memoryStorage() }));
    removeLandingShell(document);
    expect(shell()).toBeNull();
    expect(document.getElementById(VISITOR_TEMPLATE_ID)).not.toBeNull();
    removeLandingShell(document);
  });

  it("moves the focus from the shell's link to the app's link in the same place", () => {
    loadPage();
    bootLandingShell(document, createAppStorage({ local: memoryStorage() }));
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    // The header's Login and Sign up, then the hero's Sign up and Login (and one of another text).
    root.innerHTML = [
      '<header><a href="/login">Login</a><a href="/start-signup">Sign up</a></header>',
      '<main><a href="/start-signup">Sign up</a><a href="/login">Log in</a><a href="/login">Login</a></main>',
    ].join('');
    const heroLogin = [...(shell()?.querySelectorAll<HTMLAnchorElement>('main a') ?? [])].find(
      (a) => a.textContent === 'Login',
    );
    heroLogin?.focus();
    expect(document.activeElement).toBe(heroLogin);
    removeLandingShell(document);
    expect(document.activeElement).toBe(root.querySelectorAll('main a')[2]);
  });

  it("moves the focus from the shell's header link to the app's header link", () => {
    loadPage();
    bootLandingShell(document, createAppStorage({ local: memoryStorage() }));
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    root.innerHTML =
      '<header><a href="/start-signup">Sign up</a></header><main><a href="/start-signup">Sign up</a></main>';
    shell()?.querySelector<HTMLAnchorElement>('header a[href="/start-signup"]')?.focus();
    removeLandingShell(document);
    expect(document.activeElement).toBe(root.querySelector('header a'));
  });

  it('leaves the focus alone when it is not in the shell', () => {
    loadPage();
    bootLandingShell(document, createAppStorage({ local: memoryStorage() }));
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    root.innerHTML = '<button type="button">Elsewhere</button><a href="/login">Login</a>';
    root.querySelector('button')?.focus();
    removeLandingShell(document);
    expect(document.activeElement?.textContent).toBe('Elsewhere');
  });
});

describe('the held-back preloads', () => {
  it('restoreDeferredPreloads turns them into module preloads, keeping crossorigin', () => {
    document.head.innerHTML = [
      `<link ${DEFERRED_PRELOAD_ATTRIBUTE}="modulepreload" crossorigin href="/assets/libs-a.js">`,
      `<link ${DEFERRED_PRELOAD_ATTRIBUTE}="modulepreload" crossorigin href="/assets/react-b.js">`,
      '<link rel="icon" href="data:image/png;base64,AA==">',
    ].join('');
    restoreDeferredPreloads(document);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href')])).toEqual([
      ['modulepreload', `${location.origin}/assets/libs-a.js`],
      ['modulepreload', `${location.origin}/assets/react-b.js`],
      ['icon', 'data:image/png;base64,AA=='],
    ]);
    expect(links[0]?.getAttribute('crossorigin')).toBe('');
    expect(document.querySelectorAll(`[${DEFERRED_PRELOAD_ATTRIBUTE}]`)).toHaveLength(0);
  });
});
