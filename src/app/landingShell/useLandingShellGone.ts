import { useLayoutEffect } from 'react';
import { removeLandingShell } from './shellDom';

/**
 * Takes the landing page's start-up shell away in the commit where `gone` first holds: the app
 * shows something of its own (a screen, an error), which the browser paints in the same frame.
 * While the app shows only a loading indicator, the shell stays in its place.
 */
export function useLandingShellGone(gone: boolean): void {
  useLayoutEffect(() => {
    if (gone) removeLandingShell(document);
  }, [gone]);
}
