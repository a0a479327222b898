import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logInToDashboard, MEMBER, OWNER, uniqueSuffix } from './support';

/** One layout shift the browser reported (the Layout Instability API), with what moved. */
interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

/** Records every layout shift of the pages loaded after this call (buffered from navigation). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      }[]) {
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName} ${source.node.className}`
              : String(source.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);

/**
 * Loads `/` and waits until the drops and the posts (sample or real) have arrived and their
 * pictures are in, then for a few more frames.
 */
async function loadHome(page: Page): Promise<void> {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Drops' });
  await expect(carousel.getByRole('group')).not.toHaveCount(1);
  await expect(carousel).toHaveAttribute('aria-busy', 'false');
  const feed = page.getByRole('feed');
  await expect(feed.getByRole('article').first()).toBeVisible();
  await expect(feed).toHaveAttribute('aria-busy', 'false');
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images).map((image) =>
        image.loading === 'lazy' && !image.complete ? null : image.decode().catch(() => null),
      ),
    ),
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 0;
        const next = () => (++frames >= 10 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
}

test.describe('first impression: no layout shift on the home (issue 15)', () => {
  for (const width of [1280, 390]) {
    test(`signed out at ${width} px: the sample drops and posts arrive without moving anything`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await recordShifts(page);
      await loadHome(page);
      expect(await shiftsOf(page)).toEqual([]);
      await expectAccessible(page, `landing signed out at ${width} px`);
    });

    test(`signed in at ${width} px: the real drops and posts arrive without moving anything`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await logInToDashboard(page, OWNER);
      await recordShifts(page);
      await loadHome(page);
      expect(await shiftsOf(page)).toEqual([]);
      await expectAccessible(page, `home signed in at ${width} px`);
    });
  }
});

/** Where the focus is: 'carousel', 'feed' (and the article's position), or another place. */
async function focusPlace(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.closest('[aria-roledescription="carousel"]')) return 'carousel';
    const article = active.closest('article[aria-posinset]');
    if (article && active.closest('[role="feed"]')) {
      return `feed ${article.getAttribute('aria-posinset') ?? ''}`;
    }
    return `${active.tagName} ${active.textContent?.trim().slice(0, 30) ?? ''}`;
  });
}

/** Presses Tab until `place` says the focus arrived (at most `max` presses); returns the count. */
async function tabUntil(page: Page, arrived: (place: string) => boolean, max: number) {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (arrived(await focusPlace(page))) return presses;
  }
  throw new Error(`Focus did not arrive within ${max} Tab presses (at ${await focusPlace(page)})`);
}

test.describe('first impression: the home by keyboard (issue 15)', () => {
  for (const who of ['visitor', 'member'] as const) {
    test(`${who}: the carousel is passed with a few Tab presses, moved with the arrow keys, and the feed is reached`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 844 });
      if (who === 'member') {
        await logInToDashboard(page, MEMBER);
      }
      await loadHome(page);
      const carousel = page.getByRole('region', { name: 'Drops' });
      const groups = carousel.getByRole('group');
      await page.locator('body').focus();
      // Into the carousel from the top of the page: its Next button, then the strip.
      await tabUntil(page, (place) => place === 'carousel', 40);
      const strip = carousel.locator('[tabindex="0"][aria-describedby]');
      for (
        let i = 0;
        i < 3 && !(await strip.evaluate((el) => el === document.activeElement));
        i += 1
      ) {
        await page.keyboard.press('Tab');
      }
      await expect(strip).toBeFocused();
      await expect(groups.first()).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(groups.nth(1)).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(groups.nth(2)).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press('ArrowLeft');
      await expect(groups.nth(1)).toHaveAttribute('aria-current', 'true');
      await expect(strip).toBeFocused();
      // Tab leaves the carousel within the shown drop's own controls, for the feed's first post.
      const presses = await tabUntil(page, (place) => place !== 'carousel', 4);
      expect(presses).toBeLessThanOrEqual(4);
      expect(await focusPlace(page)).toBe('feed 1');
      // The feed pattern: Page Down moves to the next post.
      await page.keyboard.press('PageDown');
      await expect.poll(() => focusPlace(page)).toBe('feed 2');
      // And Shift+Tab goes back into the carousel, not around it.
      await page.keyboard.press('PageUp');
      await expect.poll(() => focusPlace(page)).toBe('feed 1');
      await page.keyboard.press('Shift+Tab');
      expect(await focusPlace(page)).toBe('carousel');
    });
  }

  test("a route change focuses the new page's heading and announces it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loadHome(page);
    await page.locator('body').focus();
    const hero = page.getByRole('region', { name: 'Give where it matters' });
    const login = hero.getByRole('link', { name: 'Login' });
    for (
      let i = 0;
      i < 15 && !(await login.evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(login).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Welcome Back' });
    await expect(heading).toBeFocused();
    await expect(page.locator('[aria-live="polite"]', { hasText: 'Welcome Back' })).toHaveCount(1);
    await expectAccessible(page, 'login after a route change');
  });

  test('after creating a post, the new post is first, in view, focused and announced', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logInToDashboard(page, OWNER);
    await page.goto('/create-post');
    const message = `Keyboard post ${uniqueSuffix()}`;
    await page.getByLabel('Message').fill(message);
    await page.getByLabel('Message').press('Tab');
    const create = page.getByRole('button', { name: 'Create Post' });
    for (
      let i = 0;
      i < 10 && !(await create.evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(create).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/feed/);
    const first = page.getByRole('feed').getByRole('article').first();
    await expect(first).toContainText(message);
    await expect(first).toContainText('New');
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport();
    await expect(
      page.locator('[aria-live="polite"]', { hasText: 'Your new post is first in the feed.' }),
    ).toHaveCount(1);
    await expectAccessible(page, 'feed with a new post');
  });
});

/**
 * Holds back the app's code (its chunks) until the returned function is called: what a visitor
 * on a slow link sees before it arrives.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const boxOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
  });

test.describe('first impression: the start-up shell of / (issue 15)', () => {
  for (const width of [1280, 390]) {
    for (const who of ['visitor', 'member'] as const) {
      test(`${who} at ${width} px: the top of the home is shown before the app's code arrives, then is the app's, in the same place`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 844 });
        const refused: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy|Refused to/i.test(message.text())) {
            refused.push(message.text());
          }
        });
        if (who === 'member') {
          await logInToDashboard(page, OWNER);
        }
        await recordShifts(page);
        const release = await holdAppCode(page);
        await page.goto('/', { waitUntil: 'commit' });
        const heading = who === 'visitor' ? 'Give where it matters' : 'Welcome back, Olivia';
        const shellHeading = page.locator('#landing-shell h1');
        await expect(shellHeading).toHaveText(heading);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        if (who === 'visitor') {
          await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(2);
          await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(2);
        } else {
          await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
          await expect(page.getByRole('link', { name: 'Home' }).first()).toBeVisible();
        }
        await expectAccessible(page, `the start-up shell, ${who}, at ${width} px`);
        const before = await boxOf(page, '#landing-shell main h1');

        release();
        await expect(page.locator('#landing-shell')).toHaveCount(0);
        const appHeading = page.locator('#root main h1');
        await expect(appHeading).toHaveText(heading);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        expect(await boxOf(page, '#root main h1')).toEqual(before);
        await expect(page.getByRole('region', { name: 'Drops' })).toBeVisible();
        expect(await shiftsOf(page)).toEqual([]);
        expect(refused).toEqual([]);
      });
    }
  }

  test('a link tabbed to in the shell keeps the focus when the app takes its place', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 844 });
    const release = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('#landing-shell h1')).toBeVisible();
    // Skip link, logo, the header's Login and Sign up, then the hero's Sign up.
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    const focusedInShell = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('#landing-shell main') ? active.textContent : null;
      });
    expect(await focusedInShell()).toBe('Sign up');
    const before = await page.evaluate(() => {
      const { x, y } = (document.activeElement as Element).getBoundingClientRect();
      return { x, y };
    });
    release();
    await expect(page.locator('#landing-shell')).toHaveCount(0);
    await expect(page.locator('#root main').getByRole('link', { name: 'Sign up' })).toBeFocused();
    const after = await page.evaluate(() => {
      const { x, y } = (document.activeElement as Element).getBoundingClientRect();
      return { x, y };
    });
    expect(after).toEqual(before);
    // And the next Tab goes on from there: the hero's Login.
    await page.keyboard.press('Tab');
    await expect(page.locator('#root main').getByRole('link', { name: 'Login' })).toBeFocused();
  });
});
