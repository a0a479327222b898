/** Paths of the calls, relative to the configuration's apiBaseUrl (spec §7.2). */
export const CONFIGURATION_PATH = '/api/configuration';

export const apiPaths = {
  login: 'auth/login',
  refreshToken: 'auth/refreshToken',
  revokeToken: 'auth/revokeToken',
  switchTenant: 'auth/switchTenant',
  getCurrentTenantStatus: 'tenants/getCurrentTenantStatus',
  setIsTrialing: 'tenants/setIsTrialing',
  setCancelAtPeriodEnd: 'tenants/setCancelAtPeriodEnd',
} as const;
