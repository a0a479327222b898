/**
 * The landing page's start-up shell (issue 15 item 2): the top of `/` (the layout's header and
 * the home's heading: what Givedrop is for a visitor, the greeting for a signed-in person) as
 * plain HTML in the page the server sends for `/`, painted before the app's code has loaded.
 *
 * The page carries, before `#root`: an empty `#landing-shell`, the two shells as `<template>`s
 * (rendered from the app's own views at build time: scripts/landing-shell.ts), and a small inline
 * script (boot.ts) that copies the right one into `#landing-shell` while the page is parsed.
 * While `#landing-shell` has content, `#root` is not displayed; the app removes the shell in the
 * commit that first shows something other than a loading indicator (useLandingShellGone), so the
 * app's identical markup takes its place within one frame: nothing moves, and the largest paint
 * is the shell's.
 */
export const LANDING_SHELL_ID = 'landing-shell';
export const VISITOR_TEMPLATE_ID = 'landing-shell-visitor';
export const MEMBER_TEMPLATE_ID = 'landing-shell-member';

/**
 * In the page of `/`, the server writes the start-up chunks' `<link rel="modulepreload">` as
 * `<link data-landing-preload="modulepreload">` (no request): the inline script asks for them
 * once the shell has been presented, so that no download of the app's code competes with the
 * shell's first paint (restoreDeferredPreloads).
 */
export const DEFERRED_PRELOAD_ATTRIBUTE = 'data-landing-preload';

/** Asks for the start-up chunks the page of `/` holds back (DEFERRED_PRELOAD_ATTRIBUTE). */
export function restoreDeferredPreloads(doc: Document): void {
  for (const held of doc.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_PRELOAD_ATTRIBUTE}]`)) {
    // The app's own start-up chunks, held back by the page itself (not a request of new data).
    // eslint-disable-next-line no-restricted-syntax
    const link = doc.createElement('link');
    link.rel = held.getAttribute(DEFERRED_PRELOAD_ATTRIBUTE) ?? 'modulepreload';
    link.href = held.href;
    const crossOrigin = held.getAttribute('crossorigin');
    if (crossOrigin !== null) link.setAttribute('crossorigin', crossOrigin);
    held.replaceWith(link);
  }
}

/** Hides the app's root while the shell shows (the page's inline style). */
export const LANDING_SHELL_STYLE = `#${LANDING_SHELL_ID}:not(:empty)~#root{display:none}`;

/**
 * Takes the shell away (once its place is the app's); the templates are inert and stay. A link
 * of the shell that has the focus (someone tabbed to it before the app had loaded) hands it to
 * the app's link in the same place: the same target and text, and as many such links before it.
 */
export function removeLandingShell(doc: Document): void {
  const shell = doc.getElementById(LANDING_SHELL_ID);
  if (shell === null) return;
  const focused = doc.activeElement;
  const same = (link: HTMLAnchorElement) => (other: HTMLAnchorElement) =>
    other.getAttribute('href') === link.getAttribute('href') &&
    other.textContent === link.textContent;
  let handOver: ((root: ParentNode) => HTMLAnchorElement | undefined) | null = null;
  if (focused instanceof HTMLAnchorElement && shell.contains(focused)) {
    const place = [...shell.querySelectorAll('a')].filter(same(focused)).indexOf(focused);
    handOver = (root) => [...root.querySelectorAll('a')].filter(same(focused))[place];
  }
  shell.remove();
  const root = doc.getElementById('root');
  if (handOver !== null && root !== null) handOver(root)?.focus();
}
