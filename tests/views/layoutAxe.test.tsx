import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import axe from 'axe-core';
import { INTRO_DROP } from '../../contract/posts';
import { AppLayoutView } from '../../src/views/layouts/AppLayoutView';
import type { AppLayoutViewProps } from '../../src/views/layouts/AppLayoutView';
import { HomeView } from '../../src/features/home/HomeView';
import type { HomeViewProps } from '../../src/features/home/HomeView';
import { AXE_EXTRA_RULES, AXE_WCAG_TAGS } from '../support/axeOptions';
import {
  carouselCallbacks,
  dropItem,
  feedPosts,
  layoutUser,
  oceanRescuePost,
  PHOTO_AND_VIDEO,
} from './samplePosts';
import { useInkCanvas } from './axe';

useInkCanvas({ virtualDom: true });

/**
 * The signed-in app layout around the home, checked by axe-core with the project's WCAG tags and
 * label-content-name-mismatch (WCAG 2.5.3 Label in Name) enabled by name, as the e2e checks run
 * it (jsdom: no layout, so colour contrast is left to the e2e checks in Chromium). jsdom applies
 * no CSS either: the side navigation and the bottom bar are both in the page.
 */
async function violations(ui: ReactElement) {
  const { container } = render(ui);
  await act(async () => {});
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: [...AXE_WCAG_TAGS] },
    rules: { ...AXE_EXTRA_RULES, 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`,
  );
}

/** That the checks above can fail: the rule runs here and judges the text of the controls. */
async function labelInNameResults(ui: ReactElement) {
  const { container } = render(ui);
  await act(async () => {});
  const result = await axe.run(container, {
    runOnly: { type: 'rule', values: ['label-content-name-mismatch'] },
  });
  return {
    judged: result.passes.length + result.violations.length,
    incomplete: result.incomplete.length,
  };
}

const user = layoutUser({ fullName: 'Marcus Reed', handle: 'marcus_reed' });

const home: HomeViewProps = {
  signedIn: true,
  title: 'Home',
  carousel: {
    items: [
      { kind: 'intro', key: 'intro', title: INTRO_DROP.title, text: INTRO_DROP.text },
      {
        kind: 'drop',
        key: '0:1',
        drop: dropItem(1, {
          media: PHOTO_AND_VIDEO,
        }),
        mediaIndex: 0,
      },
    ],
    currentIndex: 0,
    canShowPrevious: false,
    canShowNext: true,
    ...carouselCallbacks(),
  },
  feed: {
    posts: [oceanRescuePost(), ...feedPosts(2, 2)],
    status: 'ended',
    setSize: 3,
    endText: "You've seen all the posts, thanks for your attention.",
    onEndReached: vi.fn(),
    onRetry: vi.fn(),
    timeZone: 'UTC',
  },
};

function signedInHome(layoutUser: AppLayoutViewProps['user']) {
  return (
    <AppLayoutView
      pathname="/"
      user={layoutUser}
      clientVersion="1.0.1"
      onSwitchOrganisation={vi.fn()}
    >
      <HomeView {...home} />
    </AppLayoutView>
  );
}

describe('the signed-in layout passes axe, Label in Name included', () => {
  it('runs label-content-name-mismatch to a verdict in jsdom', async () => {
    const results = await labelInNameResults(signedInHome(user));
    expect(results.incomplete).toBe(0);
    expect(results.judged).toBeGreaterThan(0);
  });

  it('home, the user shown by initials', async () => {
    expect(await violations(signedInHome(user))).toEqual([]);
  });

  it('home, the user shown by a picture', async () => {
    expect(
      await violations(signedInHome({ ...user, avatarUrl: 'https://cdn.example/marcus.png' })),
    ).toEqual([]);
  });
});
