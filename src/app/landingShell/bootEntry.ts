/**
 * The entry of the inline script (built into an IIFE by scripts/landing-shell.ts): runs while the
 * page is parsed, right after the shell's templates. A failure leaves the shell empty: the app
 * renders as it would without one. Then it asks for the start-up chunks the page holds back
 * (shellDom.ts, DEFERRED_PRELOAD_ATTRIBUTE).
 */
import { createAppStorage } from '../../services/storage';
import { afterScreenPainted } from '../afterScreenPainted';
import { bootLandingShell, type ShellShown } from './boot';
import { restoreDeferredPreloads } from './shellDom';

let shown: ShellShown = null;
try {
  shown = bootLandingShell(document, createAppStorage());
} catch {
  // Nothing shown: the app's own first render follows.
}
// The start-up chunks' downloads: once the shell has been presented (at most 300 ms), or at once
// when there is none.
if (shown === null) restoreDeferredPreloads(document);
else afterScreenPainted(() => restoreDeferredPreloads(document), { since: 0, fallbackMs: 300 });
