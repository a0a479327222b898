import { navigate } from 'wouter/use-browser-location';
import { createActor } from 'xstate';
import { CLIENT_VERSION } from '../../contract/enums';
import type { AppRuntime } from './appContext';
import { createAppLogic } from './appLogic';
import { flowRegistry } from './flowRegistry';
import { createInspector, inspectorRequested } from './inspector';
import { createServices } from './services';

/** Creates and starts the root actor (with the Stately inspector when asked for, in dev). */
export async function startApp(): Promise<AppRuntime> {
  const inspect = inspectorRequested(window.location.search) ? await createInspector() : undefined;
  let runtime: AppRuntime | null = null;
  const services = createServices(() => runtime?.actor.getSnapshot().context.configuration ?? null);
  const logError = (message: string, error: unknown) => console.error(message, error);
  const { logic, entries } = createAppLogic(
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
  runtime = {
    actor,
    reloadFlag: services.reloadFlag,
    clientVersion: CLIENT_VERSION,
    entries,
  };
  actor.start();
  return runtime;
}
