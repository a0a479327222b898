import { tenantEndpoints } from '../../../contract/endpoints/tenants';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export function createTenantsApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /** GET tenants/getCurrentTenantStatus: the current tenant's trial and subscription state. */
    getCurrentTenantStatus: (options?: CallOptions) =>
      data(tenantEndpoints.getCurrentTenantStatus, {}, options),
    /** POST tenants/setIsOnboarding: the current tenant's onboarding flag (owner or Administrator). */
    setIsOnboarding: (id: number, value: boolean, options?: CallOptions) =>
      data(tenantEndpoints.setIsOnboarding, { id, value }, options),
  };
}

export type TenantsApi = ReturnType<typeof createTenantsApi>;
