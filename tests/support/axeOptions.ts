/**
 * What every axe-core check of the project runs: the Playwright checks (tests/e2e/support.ts) and
 * the jsdom checks of the signed-in layout (tests/views/layoutAxe.test.tsx).
 */

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_WCAG_TAGS: readonly string[] = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
];

/**
 * Rules run on top of the tags. label-content-name-mismatch (WCAG 2.5.3 Label in Name: a control's
 * visible text is part of its accessible name) is tagged 'experimental' in axe-core 4.11 (the copy
 * @axe-core/playwright bundles), and a run by tags leaves experimental rules out; axe-core 4.14
 * tags it wcag21a. It is enabled by name so that it runs whatever the version.
 */
export const AXE_EXTRA_RULES: Readonly<Record<string, { enabled: boolean }>> = {
  'label-content-name-mismatch': { enabled: true },
};
