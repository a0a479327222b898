import { tenantEndpoints } from '../../../contract/endpoints/tenants';
import type { TenantStatus } from '../../../contract/tenants';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export interface TenantsApi {
  /** GET tenants/getCurrentTenantStatus: the current tenant's trial and subscription state. */
  getCurrentTenantStatus(options?: CallOptions): Promise<TenantStatus>;
  /** POST tenants/setIsOnboarding: the current tenant's onboarding flag (owner or Administrator). */
  setIsOnboarding(tenantId: number, value: boolean, options?: CallOptions): Promise<TenantStatus>;
}

export function createTenantsApi(http: HttpClient): TenantsApi {
  const call = createCall(http);
  return {
    getCurrentTenantStatus: async (options) =>
      dataOrThrow(await call(tenantEndpoints.getCurrentTenantStatus, {}, options)),
    setIsOnboarding: async (id, value, options) =>
      dataOrThrow(await call(tenantEndpoints.setIsOnboarding, { id, value }, options)),
  };
}
