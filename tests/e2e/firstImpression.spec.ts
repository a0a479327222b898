import { expect, test, type Page } from '@playwright/test';
import { logIn, OWNER } from './support';

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
    });

    test(`signed in at ${width} px: the real drops and posts arrive without moving anything`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await logIn(page, OWNER);
      await expect(page).toHaveURL(/\/dashboard$/);
      await recordShifts(page);
      await loadHome(page);
      expect(await shiftsOf(page)).toEqual([]);
    });
  }
});
