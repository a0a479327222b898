import type { Configuration } from '../../contract/configuration';
import { createAuthApi } from '../services/api/auth';
import { createTenantsApi } from '../services/api/tenants';
import { createHttp } from '../services/http';
import { createAppStorage } from '../services/storage';
import { createRateLimitWaits } from '../services/rateLimitWaits';
import { createReloadFlag } from '../services/version';

/**
 * The app's service instances: one storage, one reload flag, the 429 waits, one HTTP client (one ky instance),
 * and the API groups the long-lived machines call. Each flow's entry builds
 * the API groups it calls on the same HTTP client, so they load with the flow.
 */
export function createServices(getConfiguration: () => Configuration | null) {
  const getApiBaseUrl = () => getConfiguration()?.apiBaseUrl ?? '';
  const storage = createAppStorage();
  const reloadFlag = createReloadFlag();
  const rateLimitWaits = createRateLimitWaits();
  const http = createHttp({
    getApiBaseUrl,
    getToken: () => storage.readAuthSession()?.jwtToken ?? null,
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
