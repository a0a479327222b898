import { navigate } from 'wouter/use-browser-location';
import { createActor } from 'xstate';
import { CLIENT_VERSION } from '../../contract/enums';
import type { AppRuntime } from './appContext';
import { createAppLogic } from './appLogic';
import { createInspector, inspectorRequested } from './inspector';
import { createServices } from './services';

/** Creates and starts the root actor (with the Stately inspector when asked for, in dev). */
export async function startApp(): Promise<AppRuntime> {
  const inspect = inspectorRequested(window.location.search) ? await createInspector() : undefined;
  let runtime: AppRuntime | null = null;
  const services = createServices(
    () => runtime?.actor.getSnapshot().context.configuration?.apiBaseUrl ?? '',
  );
  const logic = createAppLogic(services, {
    navigate: (to) => navigate(to),
    loadPage: (to) => window.location.assign(to),
    logError: (message, error) => console.error(message, error),
    removeQueryParam: (name) => {
      const url = new URL(window.location.href);
      if (!url.searchParams.has(name)) return;
      url.searchParams.delete(name);
      navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
    },
    origin: () => window.location.origin,
  });
  const actor = createActor(logic, {
    systemId: 'app',
    inspect,
    input: {
      pathname: window.location.pathname,
      search: window.location.search,
      expiredFlag: services.storage.subscriptionExpired.get(),
    },
  });
  runtime = { actor, reloadFlag: services.reloadFlag, clientVersion: CLIENT_VERSION };
  actor.start();
  return runtime;
}
