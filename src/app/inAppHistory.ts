/**
 * Whether the browser's Back would stay on this site (the full-page layout's back arrow, spec
 * §2.1): a directly opened /login or /signup has no page of ours before it, and its arrow goes
 * to / rather than leaving the site (issue 34).
 */

declare global {
  interface Window {
    /** The Navigation API (Chromium; not yet in TypeScript's DOM types). */
    navigation?: { readonly canGoBack: boolean };
  }
}

let navigatedInApp = false;

/** RouteSync notes each route change after the first one of the page. */
export function noteInAppNavigation(): void {
  navigatedInApp = true;
}

/**
 * The Navigation API's canGoBack, which counts only this origin's entries of the tab's history;
 * where the browser has no Navigation API, whether the app has navigated since the page loaded.
 */
export function canGoBackInApp(): boolean {
  const navigation = window.navigation;
  return navigation === undefined ? navigatedInApp : navigation.canGoBack;
}
