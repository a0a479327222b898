import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INTRO_DROP } from '../../contract/posts';
import { CreateDropView } from '../../src/features/createDrop/CreateDropView';
import { CreateInfoView } from '../../src/features/createInfo/CreateInfoView';
import {
  FOLLOWING_SAMPLE,
  FOLLOWING_TABS,
  FollowingView,
  filterFollowing,
} from '../../src/features/following/FollowingView';
import { HomeView } from '../../src/features/home/HomeView';
import type { HomeViewProps } from '../../src/features/home/HomeView';
import { VISITOR_LEAD, VISITOR_SAMPLE_NOTE, VISITOR_TITLE } from '../../src/features/home/HomeView';
import { SearchView } from '../../src/features/search/SearchView';
import { carouselCallbacks, dropItem, feedPosts } from './samplePosts';
import { installVirtualDom, uninstallVirtualDom } from './virtualDom';

function homeProps(signedIn: boolean): HomeViewProps {
  return {
    signedIn,
    carousel: {
      items: [
        { kind: 'intro', key: 'intro', title: INTRO_DROP.title, text: INTRO_DROP.text },
        { kind: 'drop', key: '0:1', drop: dropItem(1), mediaIndex: 0 },
      ],
      currentIndex: 0,
      canShowPrevious: false,
      canShowNext: true,
      ...carouselCallbacks(),
    },
    feed: {
      posts: feedPosts(2),
      status: 'ended',
      setSize: 2,
      endText: "You've seen all the posts, thanks for your attention.",
      onEndReached: vi.fn(),
      onRetry: vi.fn(),
      timeZone: 'UTC',
    },
  };
}

describe('HomeView (spec §1 Home feed)', () => {
  beforeAll(installVirtualDom);
  afterAll(uninstallVirtualDom);

  it('shows the Drops carousel above the Posts feed', async () => {
    render(<HomeView {...homeProps(true)} />);
    await act(async () => {});
    const carousel = screen.getByRole('region', { name: 'Drops' });
    const feed = screen.getByRole('feed', { name: 'Posts' });
    expect(carousel.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(feed).getAllByRole('article')).toHaveLength(2);
    expect(within(carousel).getAllByRole('group')).toHaveLength(2);
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('tells a signed-out visitor what Givedrop is, with Sign up and Login, above the sample content', async () => {
    render(<HomeView {...homeProps(false)} />);
    await act(async () => {});
    const hero = screen.getByRole('region', { name: 'Give where it matters' });
    const heading = within(hero).getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(VISITOR_TITLE);
    expect(within(hero).getByText(VISITOR_LEAD)).toBeTruthy();
    expect(VISITOR_LEAD).toMatch(/^Givedrop /);
    expect(within(hero).getByText(VISITOR_SAMPLE_NOTE)).toBeTruthy();
    expect(within(hero).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/start-signup',
    );
    expect(within(hero).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    // The only h1, above the carousel.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const carousel = screen.getByRole('region', { name: 'Drops' });
    expect(hero.compareDocumentPosition(carousel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('greets a signed-in person with the title given, without the visitor text', async () => {
    render(<HomeView {...homeProps(true)} title="Welcome back, Ann" />);
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back, Ann');
    expect(screen.queryByText(VISITOR_LEAD)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
  });
});

describe('CreateInfoView (spec §2.3 Create info)', () => {
  it('offers New Drop (/create-drop) and New Post (/create-post)', () => {
    render(<CreateInfoView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Create' })).toBeTruthy();
    const drop = screen.getByRole('link', { name: /^New Drop/ });
    expect(drop.getAttribute('href')).toBe('/create-drop');
    expect(drop.textContent).toContain('A time-limited post linked to activities');
    expect(screen.getByRole('link', { name: /^New Post/ }).getAttribute('href')).toBe(
      '/create-post',
    );
  });
});

describe('CreateDropView (spec §2.3: a placeholder)', () => {
  it("says 'Coming soon' and links to creating a post", () => {
    render(<CreateDropView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Create Drop' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'create a post' }).getAttribute('href')).toBe(
      '/create-post',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('FollowingView (spec §2.3 Following)', () => {
  it('has the tabs All, Accounts, Charities and Mutual, All selected', () => {
    render(<FollowingView />);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'Accounts', 'Charities', 'Mutual']);
    expect(FOLLOWING_TABS).toEqual(['All', 'Accounts', 'Charities', 'Mutual']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'All' });
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(FOLLOWING_SAMPLE.length);
  });

  it('shows only the charities, accounts or mutual follows of a tab', async () => {
    const user = userEvent.setup();
    render(<FollowingView />);
    await user.click(screen.getByRole('tab', { name: 'Charities' }));
    const panel = screen.getByRole('tabpanel', { name: 'Charities' });
    const charities = FOLLOWING_SAMPLE.filter((e) => e.kind === 'Charity');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(charities.length);
    expect(panel.textContent).toContain('Ocean Rescue Trust');
    expect(panel.textContent).not.toContain('Amara Okafor');
    await user.click(screen.getByRole('tab', { name: 'Mutual' }));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(
      FOLLOWING_SAMPLE.filter((e) => e.mutual).length,
    );
  });

  it('moves between tabs with the arrow keys, Home and End (selection follows focus)', () => {
    render(<FollowingView />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('All').focus();
    fireEvent.keyDown(tab('All'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Accounts'));
    expect(tab('Accounts').getAttribute('aria-selected')).toBe('true');
    expect(tab('Accounts').tabIndex).toBe(0);
    expect(tab('All').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('Accounts'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Mutual'));
    fireEvent.keyDown(tab('Mutual'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('All'));
    fireEvent.keyDown(tab('All'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Mutual'));
    fireEvent.keyDown(tab('Mutual'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('All'));
    expect(screen.getByRole('tabpanel', { name: 'All' })).toBeTruthy();
  });

  it('filters by name or handle, within the tab', async () => {
    const user = userEvent.setup();
    render(<FollowingView />);
    const filter = screen.getByLabelText('Filter by name');
    await user.type(filter, 'ocean');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('tabpanel').textContent).toContain('Ocean Rescue Trust');
    await user.click(screen.getByRole('tab', { name: 'Accounts' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('No one matches "ocean".');
    await user.clear(filter);
    await user.type(filter, 'PRIYA');
    expect(screen.getByRole('tabpanel').textContent).toContain('Priya Shah');
  });

  it('filterFollowing matches case-insensitively on name and handle', () => {
    expect(filterFollowing(FOLLOWING_SAMPLE, 'All', 'JONAS_').map((e) => e.id)).toEqual([7]);
    expect(filterFollowing(FOLLOWING_SAMPLE, 'Mutual', '').every((e) => e.mutual)).toBe(true);
    expect(filterFollowing(FOLLOWING_SAMPLE, 'Charities', '  ')).toHaveLength(5);
  });
});

describe('SearchView (spec §2.3 Search: a bare input)', () => {
  it('is a labelled search input', async () => {
    render(<SearchView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    const input = screen.getByRole('searchbox', { name: 'Search drops, posts and people' });
    await userEvent.type(input, 'ocean');
    expect((input as HTMLInputElement).value).toBe('ocean');
  });
});
