import { useEffect, useRef, useState } from 'react';

/** How long a new page may take to show its main heading (its code or its data loading). */
export const HEADING_WAIT_MS = 3000;

/** Where the focus is now, unless it is nowhere (the body) or on an element no longer shown. */
function placedFocus(doc: Document): Element | null {
  const active = doc.activeElement;
  return active && active !== doc.body && active.isConnected ? active : null;
}

/**
 * After a navigation inside the app (not the first page load), moves the focus to the new
 * page's main heading (the h1 in `main`, made focusable by script) and announces the page, so
 * that keyboard and screen-reader users start at the top of what changed (issue 15). A screen
 * that placed the focus itself inside `main` (a form's first field, a new post) keeps it. When
 * no heading shows within {@link HEADING_WAIT_MS}, `main` itself takes the focus.
 *
 * `routeKey` changes on each navigation (the app machine's route); `ready` is true once the
 * route's screen runs; `title` is the route's title, announced when the heading has no text.
 */
export function RouteAnnouncer({
  routeKey,
  ready,
  title,
}: {
  routeKey: unknown;
  ready: boolean;
  title: string | undefined;
}) {
  const [announcement, setAnnouncement] = useState('');
  const shownKey = useRef(routeKey);
  const pending = useRef(false);
  // Runs before the effect below in the same commit: a new route is pending until it settles.
  useEffect(() => {
    if (routeKey === shownKey.current) return;
    shownKey.current = routeKey;
    pending.current = true;
  }, [routeKey]);

  useEffect(() => {
    if (!pending.current || !ready) return undefined;
    pending.current = false;
    const doc = document;
    const settle = (target: HTMLElement, text: string) => {
      const placed = placedFocus(doc);
      const main = doc.getElementById('main');
      if (!(placed && main?.contains(placed))) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus();
      }
      setAnnouncement(text);
    };
    const tryHeading = () => {
      const heading = doc.querySelector<HTMLElement>('#main h1');
      if (!heading) return false;
      settle(heading, heading.textContent?.trim() || title || '');
      return true;
    };
    if (tryHeading()) return undefined;
    const observer = new MutationObserver(() => {
      if (tryHeading()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      const main = doc.getElementById('main');
      if (main) settle(main, title ?? '');
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(doc.body, { childList: true, subtree: true });
    return stop;
  }, [routeKey, ready, title]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
