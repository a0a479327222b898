import { navigate } from 'wouter/use-browser-location';
import { createActor } from 'xstate';
import { CLIENT_VERSION } from '../../contract/enums';
import type { AppRuntime } from './appContext';
import { afterScreenPainted } from './afterScreenPainted';
import { createAppLogic } from './appLogic';
import { flowRegistry } from './flowList';
import { createServices } from './services';

/** Runs `work` when the browser is next idle (within 2 s), or soon where it cannot tell. */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(work, { timeout: 2_000 });
  } else {
    setTimeout(work, 100);
  }
}

/**
 * Creates and starts the root actor (with the Stately inspector when asked for, in development;
 * with the reach recorder too in the build for the e2e tests).
 */
export async function startApp(): Promise<AppRuntime> {
  // Development and the build for the e2e tests only (`vite build --mode e2e`): a production
  // build drops the inspector, its redaction and the reach recorder entirely.
  const inspect =
    import.meta.env.DEV || import.meta.env.MODE === 'e2e'
      ? await import('./inspection').then((module) => module.inspectionFor(window.location.search))
      : undefined;
  let runtime: AppRuntime | null = null;
  const services = createServices(() => runtime?.actor.getSnapshot().context.configuration ?? null);
  const logError = (message: string, error: unknown) => console.error(message, error);
  const { logic, entries, startThirdParties } = createAppLogic(
    services,
    {
      // In a task of its own: a navigation renders the next screen's frame synchronously (the
      // location is an external store), and the statecharts' reaction to what caused it (a sign-in
      // answer: session, subscription, the next flow's actors) would otherwise share its task.
      navigate: (to, options) => {
        setTimeout(() => navigate(to, options), 0);
      },
      loadPage: (to) => window.location.assign(to),
      logError,
      removeQueryParam: (name) => {
        const url = new URL(window.location.href);
        if (!url.searchParams.has(name)) return;
        url.searchParams.delete(name);
        navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
      },
      origin: () => window.location.origin,
    },
    flowRegistry,
  );
  const actor = createActor(logic, {
    systemId: 'app',
    inspect,
    input: {
      pathname: window.location.pathname,
      search: window.location.search,
      expiredFlag: services.storage.subscriptionExpired.get(),
      flows: flowRegistry,
    },
  });
  let shown = false;
  runtime = {
    actor,
    reloadFlag: services.reloadFlag,
    rateLimitWaits: services.rateLimitWaits,
    clientVersion: CLIENT_VERSION,
    entries,
    // The third parties (spec: loaded at start-up) start loading once the first screen has been
    // painted and the browser is idle, not before: their requests (and, with real keys, the
    // vendors' scripts) would compete with the landing page's for the network, and Lighthouse
    // counts a request started before the largest paint towards it. A flow that needs them
    // sooner (signup's captcha) asks for them itself.
    screenShown: () => {
      if (shown) return;
      shown = true;
      afterScreenPainted(() => {
        whenIdle(() => {
          startThirdParties().catch((error: unknown) =>
            logError('The third parties failed to load', error),
          );
        });
      });
    },
  };
  actor.start();
  return runtime;
}
