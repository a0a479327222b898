import type { Configuration } from '../../contract/configuration';
import { createAuthApi } from '../services/api/auth';
import { createCountriesApi } from '../services/api/countries';
import { createDropsApi } from '../services/api/drops';
import { createIdentityApi } from '../services/api/identity';
import { createPostsApi } from '../services/api/posts';
import { createTenantsApi } from '../services/api/tenants';
import { createUsersApi } from '../services/api/users';
import { createHttp } from '../services/http';
import { createMediaClient } from '../services/media';
import { createAppStorage } from '../services/storage';
import { createReloadFlag } from '../services/version';

/**
 * The app's service instances: one storage, one reload flag, one HTTP client (one ky instance)
 * and the API groups built on it. Created once by main.tsx.
 */
export function createServices(getConfiguration: () => Configuration | null) {
  const getApiBaseUrl = () => getConfiguration()?.apiBaseUrl ?? '';
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
    posts: createPostsApi(http),
    drops: createDropsApi(http),
    // The media service has its own base URL and client API key, and never sees the bearer token.
    media: createMediaClient({
      getBaseUrl: () => getConfiguration()?.mediaServiceApiBaseUrl ?? '',
      getApiKey: () => getConfiguration()?.mediaServiceClientApiKey ?? '',
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
