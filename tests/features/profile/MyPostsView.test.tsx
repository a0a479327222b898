/**
 * My posts on the Profile (issue 34): the tabs Published, Scheduled and Drafts as accessible tabs
 * (roving focus, aria-selected), each post with its date (dd/MM/yyyy HH:mm), Edit and Delete, the
 * tab's empty text, the failed load with Try again, the pages, and the delete dialog with focus
 * handled.
 */
import { describe, expect, it, vi } from 'vitest';
import { useState, type ReactElement } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  MY_POSTS_TABS,
  myPostsTexts,
  type MyPostsTab,
} from '../../../src/features/profile/myPostsMachine';
import { MyPostsView, type MyPostsViewProps } from '../../../src/features/profile/MyPostsView';
import { axeViolations } from '../../views/axe';

const rows = [
  {
    id: 7,
    message: 'Our bake sale starts at ten #charity',
    publishedDate: '2026-12-01T10:15:00.000Z',
    dateLabel: 'Scheduled for',
    mediaName: 'cakes.jpg',
    editPath: '/create-post/7',
  },
  {
    id: 8,
    message: 'Second post',
    publishedDate: '2026-12-02T09:00:00.000Z',
    dateLabel: 'Scheduled for',
    mediaName: null,
    editPath: '/create-post/8',
  },
];

function props(overrides: Partial<MyPostsViewProps> = {}): MyPostsViewProps {
  return {
    texts: myPostsTexts,
    tabKeys: MY_POSTS_TABS,
    tab: 'scheduled',
    onSelectTab: vi.fn(),
    loading: false,
    busy: false,
    loadFailed: false,
    onRetry: vi.fn(),
    emptyText: null,
    rows,
    pages: null,
    onPrevious: vi.fn(),
    onNext: vi.fn(),
    canDelete: true,
    onDelete: vi.fn(),
    toDelete: null,
    deleting: false,
    onConfirmDelete: vi.fn(),
    onCancelDelete: vi.fn(),
    alert: null,
    onDismissAlert: vi.fn(),
    timeZone: 'Europe/London',
    ...overrides,
  };
}

const inRouter = (ui: ReactElement) => (
  <Router hook={memoryLocation({ path: '/account/profile' }).hook}>{ui}</Router>
);
const show = (overrides: Partial<MyPostsViewProps> = {}) =>
  render(inRouter(<MyPostsView {...props(overrides)} />));

describe('MyPostsView', () => {
  it('shows the tabs Published, Scheduled, Drafts, the selected one chosen by the machine', () => {
    const onSelectTab = vi.fn();
    show({ onSelectTab });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Published', 'Scheduled', 'Drafts']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    tabs[1]!.focus();
    fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
    expect(onSelectTab).toHaveBeenLastCalledWith('drafts');
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.click(tabs[0]!);
    expect(onSelectTab).toHaveBeenLastCalledWith('published');
  });

  it('follows the machine: the tab it says is selected', () => {
    function Host() {
      const [tab, setTab] = useState<string>('published');
      return <MyPostsView {...props({ tab, onSelectTab: setTab })} />;
    }
    render(inRouter(<Host />));
    const tabs = screen.getAllByRole('tab');
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'End' });
    expect(tabs[2]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[2]!.id);
  });

  it('shows each post with its date as dd/MM/yyyy HH:mm, its media, Edit and Delete', () => {
    const onDelete = vi.fn();
    show({ onDelete });
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Our bake sale starts at ten #charity');
    expect(items[0]!.textContent).toContain('Scheduled for 01/12/2026 10:15');
    expect(items[0]!.textContent).toContain('cakes.jpg');
    const edit = within(items[0]!).getByRole('link', { name: /^Edit post: Our bake sale/ });
    expect(edit.getAttribute('href')).toBe('/create-post/7');
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Delete post: Second post' }));
    expect(onDelete).toHaveBeenCalledWith(8);
  });

  it.each(MY_POSTS_TABS.map((tab) => [tab] as const))(
    "shows the %s tab's empty text with a way to create a post",
    (tab: MyPostsTab) => {
      show({ tab, rows: [], emptyText: myPostsTexts.empty[tab] });
      const panel = screen.getByRole('tabpanel');
      expect(panel.textContent).toContain(myPostsTexts.empty[tab]);
      expect(within(panel).getByRole('link', { name: 'Create a post' }).getAttribute('href')).toBe(
        '/create-post',
      );
    },
  );

  it("shows 'Error loading post data' with Try again", () => {
    const onRetry = vi.fn();
    show({ rows: [], loadFailed: true, onRetry });
    expect(screen.getByRole('alert').textContent).toContain('Error loading post data');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('pages: Previous and Next as the machine allows', () => {
    const onNext = vi.fn();
    show({ pages: { page: 1, pageCount: 3, canPrevious: false, canNext: true }, onNext });
    const pages = screen.getByRole('navigation', { name: 'My posts pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    expect(
      within(pages).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled,
    ).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('asks before deleting, quoting the post; Cancel and Delete post go to the machine', () => {
    const onConfirmDelete = vi.fn();
    const onCancelDelete = vi.fn();
    show({ toDelete: { message: rows[0]!.message }, onConfirmDelete, onCancelDelete });
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(dialog.textContent).toContain(rows[0]!.message);
    expect(dialog.textContent).toContain(myPostsTexts.confirmText);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancelDelete).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    expect(onConfirmDelete).toHaveBeenCalledOnce();
  });

  it("says 'Post deleted' and moves focus to the heading once the post is gone", () => {
    const view = show({ toDelete: { message: rows[0]!.message } });
    act(() => {
      view.rerender(
        inRouter(
          <MyPostsView
            {...props({
              rows: rows.slice(1),
              alert: { kind: 'deleted', level: 'success', title: 'Post deleted', messages: [] },
            })}
          />,
        ),
      );
    });
    expect(screen.getByRole('status').textContent).toContain('Post deleted');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My posts' }));
  });

  it('has no axe violations (list, empty, failed, dialog)', async () => {
    const violations = (overrides: Partial<MyPostsViewProps>) =>
      axeViolations(inRouter(<MyPostsView {...props(overrides)} />));
    expect(await violations({})).toEqual([]);
    expect(await violations({ rows: [], emptyText: 'You have no drafts.' })).toEqual([]);
    expect(await violations({ rows: [], loadFailed: true })).toEqual([]);
    expect(await violations({ toDelete: { message: 'x' } })).toEqual([]);
  });
});
