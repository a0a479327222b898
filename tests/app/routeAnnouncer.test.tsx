import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEADING_WAIT_MS, RouteAnnouncer } from '../../src/app/RouteAnnouncer';

/** A page: the announcer beside a `main` that holds `children` (as the app's layouts do). */
function Page({
  routeKey,
  ready,
  title,
  children,
}: {
  routeKey: string;
  ready: boolean;
  title?: string;
  children?: React.ReactNode;
}) {
  return (
    <>
      <RouteAnnouncer routeKey={routeKey} ready={ready} title={title} />
      <a href="/elsewhere">A navigation link</a>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

const live = () => document.querySelector('[aria-live="polite"]');

afterEach(() => {
  vi.useRealTimers();
});

describe('RouteAnnouncer (issue 15: a route change moves the focus and announces the page)', () => {
  it('leaves the first page alone: no focus moved, nothing announced', () => {
    render(
      <Page routeKey="/" ready title="Home">
        <h1>Give where it matters</h1>
      </Page>,
    );
    expect(document.activeElement).toBe(document.body);
    expect(live()?.textContent).toBe('');
  });

  it("after a navigation, focuses the new page's h1 and announces it, once the page runs", () => {
    const { rerender } = render(
      <Page routeKey="/" ready title="Home">
        <h1>Give where it matters</h1>
      </Page>,
    );
    const link = document.querySelector('a') as HTMLAnchorElement;
    link.focus();
    // The new route's code is still loading: nothing yet.
    rerender(<Page routeKey="/login" ready={false} title="Login" />);
    expect(document.activeElement).toBe(link);
    rerender(
      <Page routeKey="/login" ready title="Login">
        <h1>Welcome Back</h1>
      </Page>,
    );
    const heading = document.querySelector('h1') as HTMLElement;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(live()?.textContent).toBe('Welcome Back');
    // The same route rendering again does not take the focus back.
    link.focus();
    rerender(
      <Page routeKey="/login" ready title="Login">
        <h1>Welcome Back</h1>
      </Page>,
    );
    expect(document.activeElement).toBe(link);
  });

  it('keeps a focus the new screen placed inside main itself', () => {
    const { rerender } = render(<Page routeKey="/" ready />);
    rerender(
      <Page routeKey="/create-post" ready title="Create Post">
        <h1>Create Post</h1>
        <textarea aria-label="Message" autoFocus />
      </Page>,
    );
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
    expect(live()?.textContent).toBe('Create Post');
  });

  it('waits for a heading that shows later, and falls back to main after a while', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<Page routeKey="/" ready />);
    rerender(
      <Page routeKey="/feed" ready title="Home">
        <p>Loading</p>
      </Page>,
    );
    expect(document.activeElement).toBe(document.body);
    rerender(
      <Page routeKey="/feed" ready title="Home">
        <h1>Welcome back, Ann</h1>
      </Page>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(document.activeElement?.textContent).toBe('Welcome back, Ann');

    rerender(
      <Page routeKey="/following" ready title="Following">
        <p>No heading here</p>
      </Page>,
    );
    act(() => {
      vi.advanceTimersByTime(HEADING_WAIT_MS - 1);
    });
    expect(document.activeElement?.tagName).not.toBe('MAIN');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(document.activeElement?.id).toBe('main');
    expect(live()?.textContent).toBe('Following');
  });
});
