import { expect, test, type Page } from '@playwright/test';
import { teamTexts } from '../../contract/team';
import { expectAccessibleAtBothWidths } from './accountSupport';
import { expectAccessible } from './support';

/**
 * Words at the right time (issue 34 point 4), in Chromium against the real server: a feed card's
 * hashtags are text, not links that lead nowhere, and its date is spec §9's dd/MM/yyyy HH:mm; an
 * invitation link that is not valid says 'Invalid Invitation' once, with what to do, under an
 * icon that does not celebrate. Each at 1280, 390 and 320 px.
 */
const WIDTHS = [1280, 390, 320] as const;

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
}

/** Nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a feed card: hashtags in the text’s own colour and not links; the date as dd/MM/yyyy HH:mm', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  // The feed shows the cards in view only: scroll until one whose text has a hashtag is there
  // (not every sample post has one).
  const hashtags = page.getByRole('feed').locator('[data-hashtag]');
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 400);
      return hashtags.count();
    })
    .toBeGreaterThan(0);
  const card = page
    .getByRole('feed')
    .getByRole('article')
    .filter({ has: page.locator('[data-hashtag]') })
    .first();
  await expect(card).toBeVisible();
  for (const width of WIDTHS) {
    await atWidth(page, width);
    const hashtag = card.locator('[data-hashtag]').first();
    await expect(hashtag).toBeVisible();
    const look = await hashtag.evaluate((element) => {
      const text = element.parentElement;
      const probe = document.createElement('a');
      probe.href = '/';
      document.body.append(probe);
      const linkColour = getComputedStyle(probe).color;
      probe.remove();
      return {
        colour: getComputedStyle(element).color,
        textColour: text ? getComputedStyle(text).color : '',
        linkColour,
        inLink: element.closest('a') !== null,
        cursor: getComputedStyle(element).cursor,
      };
    });
    expect(look.inLink).toBe(false);
    expect(look.colour).toBe(look.textColour);
    expect(look.colour).not.toBe(look.linkColour);
    expect(look.cursor).not.toBe('pointer');
    await expect(card.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();
    // The card fits (the public header's Sign up at 320 px is another item of issue 34).
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
});

test('an invitation link that is not valid: Invalid Invitation once, with what to do', async ({
  page,
}) => {
  await page.goto(`/invitation/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Invalid Invitation' })).toBeVisible();
  await expect(page.getByText('Invalid Invitation')).toHaveCount(1);
  await expect(page.getByText(teamTexts.unknownInvitationKey)).toBeVisible();
  await expect(page.locator('.lucide-party-popper')).toHaveCount(0);
  await expect(page.locator('.lucide-circle-x')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'invalid invitation', expectAccessible);
  // The page's own content fits each width (the public header's Sign up at 320 px is another
  // item of issue 34, not this page's).
  const result = page.getByRole('main');
  for (const width of WIDTHS) {
    await atWidth(page, width);
    const box = await result.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    const text = await page.getByText(teamTexts.unknownInvitationKey).boundingBox();
    expect((text?.x ?? 0) + (text?.width ?? 0)).toBeLessThanOrEqual(width);
  }
});

test('data privacy for a visitor fits a 320 px phone', async ({ page }) => {
  await page.goto('/data-privacy');
  await expect(page.getByRole('heading', { name: 'What we keep' })).toBeVisible();
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await expectNoSidewaysScroll(page);
  }
});
