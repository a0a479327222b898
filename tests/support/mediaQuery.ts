/**
 * A matchMedia stand-in for jsdom, which has none: the list of `query` that `matches(query)` says
 * whether it matches, and whose listeners never fire (tests/support/domSetup.ts installs one that
 * matches nothing; a test may install its own, e.g. to prefer reduced motion).
 */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  return (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
