import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logIn, logInToDashboard, MEMBER, OWNER } from './support';

const END_TEXT = "You've seen all the posts, thanks for your attention.";

/**
 * Scrolls the feed down until its end text shows: after each wheel, waits for the feed to
 * answer (the last card shown changes, or the end text appears) before scrolling again.
 */
async function scrollToEnd(page: Page): Promise<void> {
  const end = page.getByText(END_TEXT);
  const lastShown = () =>
    page.getByRole('feed').getByRole('article').last().getAttribute('aria-posinset');
  for (let i = 0; i < 60 && !(await end.isVisible()); i += 1) {
    const before = await lastShown();
    await page.mouse.wheel(0, 4000);
    await expect
      .poll(async () => (await end.isVisible()) || (await lastShown()) !== before)
      .toBe(true);
  }
  await expect(end).toBeVisible();
}

test.describe('home', () => {
  test('a visitor sees sample drops and posts and scrolls to the end', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: /drops/i });
    await expect(carousel.getByText('Drop Info')).toBeVisible();
    await expect(
      carousel.getByText(
        'A Drop is a time limited post showing exclusive content for a charitable event or initiative.',
      ),
    ).toBeVisible();
    const feed = page.getByRole('feed');
    await expect(feed.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'landing with sample content');
    await page.screenshot({ path: 'test-results/screens/landing-visitor.png' });
    // 50 sample posts in pages of 20: scrolling loads them all, then the end text.
    await scrollToEnd(page);
    await expect(feed.getByRole('article').last()).toHaveAttribute('aria-setsize', '50');
  });

  test('a user scrolls the real feed across pages to its end', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    let feedRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/posts/feedList')) feedRequests += 1;
    });
    await logInToDashboard(page, MEMBER);
    const feed = page.getByRole('feed');
    await expect(feed.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'home signed in');
    await page.screenshot({ path: 'test-results/screens/home-signed-in.png' });
    await scrollToEnd(page);
    // The seeded feed spans several pages of 20; each was loaded as the last card showed.
    expect(feedRequests).toBeGreaterThanOrEqual(3);
    const last = page.getByRole('feed').getByRole('article').last();
    const setSize = Number(await last.getAttribute('aria-setsize'));
    expect(setSize).toBeGreaterThan(40);
    expect(feedRequests).toBe(Math.floor(setSize / 20) + 1);

    // The feed pattern's keys: Page Down and Page Up move between the articles (back at the top,
    // where the virtualised list has unmounted the cards below the screen: how many stay mounted
    // depends on the heights of the newest posts, which other tests may have written).
    const articles = feed.getByRole('article');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(feed.locator(`article[aria-posinset="${setSize}"]`)).toHaveCount(0);
    await expect.poll(() => articles.count()).toBeLessThan(10);
    await articles.first().focus();
    await page.keyboard.press('PageDown');
    await expect(feed.locator('article[aria-posinset="2"]')).toBeFocused();
    await page.keyboard.press('PageDown');
    await expect(feed.locator('article[aria-posinset="3"]')).toBeFocused();
    await page.keyboard.press('PageUp');
    await expect(feed.locator('article[aria-posinset="2"]')).toBeFocused();
  });

  test('the carousel moves by buttons and swipes', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // Held still while the swipes are typed (see the touch test below).
    await page.clock.install();
    await logIn(page, OWNER);
    const carousel = page.getByRole('region', { name: /drops/i });
    await expect(carousel.getByText('Drop Info')).toBeVisible();
    const current = carousel.locator('[aria-current="true"]');
    const previous = carousel.getByRole('button', { name: /previous drop/i });
    await expect(current).toHaveAttribute('aria-label', /^1 of/);
    await expect(previous).toBeDisabled();

    await carousel.getByRole('button', { name: /next drop/i }).click();
    await expect(current).toHaveAttribute('aria-label', /^2 of/);
    await previous.click();
    await expect(current).toHaveAttribute('aria-label', /^1 of/);

    // A swipe on the strip (which stays put while its drops scroll): more than 50 px within
    // 300 ms, let go wherever the pointer ends up.
    const strip = (await current.locator('..').boundingBox())!;
    const y = strip.y + strip.height / 2;
    const x = strip.x + strip.width / 2;
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 160, y, { steps: 2 });
    await page.mouse.up();
    await expect(current).toHaveAttribute('aria-label', /^2 of/);
    // A swipe the other way shows the previous drop.
    await page.mouse.move(x - 80, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 2 });
    await page.mouse.up();
    await expect(current).toHaveAttribute('aria-label', /^1 of/);
    // A short drag is not a swipe: nothing moves (the arrow keys below count from the first).
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 30, y, { steps: 2 });
    await page.mouse.up();
    await expect(current).toHaveAttribute('aria-label', /^1 of/);
    await page.clock.resume();
    await expectAccessible(page, 'carousel moved');

    // The arrow keys move it while focus is in the carousel.
    const track = carousel.getByRole('group', { name: /^1 of/ }).locator('..');
    await expect(track).not.toHaveAttribute('data-reduced-motion');
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAttribute('aria-label', /^3 of/);
    await page.keyboard.press('ArrowLeft');
    await expect(current).toHaveAttribute('aria-label', /^2 of/);

    // Scrolled near its end, the strip loads the next page of drops (the intro + 20, then 30).
    await expect(current).toHaveAttribute('aria-label', '2 of 21');
    await track.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect(current).toHaveAttribute('aria-label', / of 31$/);
    // The strip gives cards only to the slides near what is shown: those at its end have theirs,
    // those at its start (out of view now) have none.
    await expect(
      carousel.getByRole('group', { name: '21 of 31' }).getByRole('heading'),
    ).toBeVisible();
    await expect(
      carousel.getByRole('group', { name: '12 of 31' }).getByRole('heading'),
    ).toHaveCount(0);
  });

  test('the carousel moves by touch swipes', async ({ browser }) => {
    const context = await browser.newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    // The page's clock is held still while a swipe is typed: one touch event per CDP round trip
    // can take longer than the 300 ms swipe window on a busy machine, and the window is the
    // machine's delay, not what this test is about.
    await page.clock.install();
    await logIn(page, OWNER);
    const carousel = page.getByRole('region', { name: /drops/i });
    await expect(carousel.getByText('Drop Info')).toBeVisible();
    const current = carousel.locator('[aria-current="true"]');
    await expect(current).toHaveAttribute('aria-label', /^1 of/);
    const strip = (await current.locator('..').boundingBox())!;
    const y = strip.y + strip.height / 2;
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const cdp = await context.newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      const point = (x: number) => [{ x, y, id: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromX) });
      for (const step of [1, 2, 3]) {
        const x = fromX + ((toX - fromX) * step) / 3;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x) });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(strip.x + strip.width * 0.8, strip.x + strip.width * 0.2);
    await expect(current).toHaveAttribute('aria-label', /^2 of/);
    await swipe(strip.x + strip.width * 0.2, strip.x + strip.width * 0.8);
    await expect(current).toHaveAttribute('aria-label', /^1 of/);
    await context.close();
  });

  test('the carousel honours reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, OWNER);
    const carousel = page.getByRole('region', { name: /drops/i });
    await expect(carousel.getByText('Drop Info')).toBeVisible();
    // The strip scrolls to a drop at once instead of smoothly.
    await expect(carousel.getByRole('group', { name: /^1 of/ }).locator('..')).toHaveAttribute(
      'data-reduced-motion',
    );
    await carousel.getByRole('button', { name: /next drop/i }).click();
    await expect(carousel.locator('[aria-current="true"]')).toHaveAttribute('aria-label', /^2 of/);
  });
});
