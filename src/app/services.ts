import { createAuthApi } from '../services/api/auth';
import { createCountriesApi } from '../services/api/countries';
import { createIdentityApi } from '../services/api/identity';
import { createTenantsApi } from '../services/api/tenants';
import { createUsersApi } from '../services/api/users';
import { createHttp } from '../services/http';
import { createAppStorage } from '../services/storage';
import { createReloadFlag } from '../services/version';

/**
 * The app's service instances: one storage, one reload flag, one HTTP client (one ky instance)
 * and the API groups built on it. Created once by main.tsx.
 */
export function createServices(getApiBaseUrl: () => string) {
  const storage = createAppStorage();
  const reloadFlag = createReloadFlag();
  const http = createHttp({
    getApiBaseUrl,
    getToken: () => storage.readAuthSession()?.jwtToken ?? null,
    versionFlag: reloadFlag,
  });
  return {
    storage,
    reloadFlag,
    http,
    auth: createAuthApi(http),
    tenants: createTenantsApi(http),
    identity: createIdentityApi(http),
    users: createUsersApi(http),
    countries: createCountriesApi(http),
  };
}

export type Services = ReturnType<typeof createServices>;
