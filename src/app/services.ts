import type { Configuration } from '../../contract/configuration';
import { createAuthApi } from '../services/api/auth';
import { createTenantsApi } from '../services/api/tenants';
import { createHttp } from '../services/http';
import { createAppStorage, type AppStorage } from '../services/storage';
import { userFromToken } from '../services/token';
import { createRateLimitWaits } from '../services/rateLimitWaits';
import { createReloadFlag } from '../services/version';

/**
 * Who the calls are made as: the person, their current organisation and who impersonates them
 * (null signed out). A token refresh keeps it; a sign-out, another sign-in, an organisation
 * switch or an impersonation changes it.
 */
function callerOf(storage: Pick<AppStorage, 'readAuthSession'>): string | null {
  const session = storage.readAuthSession();
  if (session === null) return null;
  const user = userFromToken(session.jwtToken);
  return `${user.id}/${user.currentTenant.id}/${user.impersonator?.id ?? ''}`;
}

/**
 * The storage, telling `changed` each time a session is stored or cleared as someone else (the
 * 429 waits then stop: none is sent again as another person, and the notice goes).
 */
function onCallerChange(storage: AppStorage, changed: () => void): AppStorage {
  let last = callerOf(storage);
  const check = (): void => {
    const now = callerOf(storage);
    if (now === last) return;
    last = now;
    changed();
  };
  return {
    ...storage,
    writeAuthSession(session) {
      const written = storage.writeAuthSession(session);
      check();
      return written;
    },
    clearSignOutKeys() {
      storage.clearSignOutKeys();
      check();
    },
  };
}

/**
 * The app's service instances: one storage, one reload flag, the 429 waits, one HTTP client (one
 * fetch transport), and the API groups the long-lived machines call. Each flow's entry builds the API
 * groups it calls on the same HTTP client, so they load with the flow.
 */
export function createServices(getConfiguration: () => Configuration | null) {
  const getApiBaseUrl = () => getConfiguration()?.apiBaseUrl ?? '';
  const rateLimitWaits = createRateLimitWaits();
  const storage = onCallerChange(createAppStorage(), () => rateLimitWaits.cancelAll());
  const reloadFlag = createReloadFlag();
  const http = createHttp({
    getApiBaseUrl,
    getToken: () => storage.readAuthSession()?.jwtToken ?? null,
    getCaller: () => callerOf(storage),
    versionFlag: reloadFlag,
    rateLimitWaits,
  });
  return {
    storage,
    reloadFlag,
    rateLimitWaits,
    http,
    auth: createAuthApi(http),
    tenants: createTenantsApi(http),
  };
}

export type Services = ReturnType<typeof createServices>;
