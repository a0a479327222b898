import { defineArea } from '../../area';
import { tenantRoutes } from './routes';

export const tenantsArea = defineArea({
  name: 'tenants',
  register: ({ domain, media, pendingTtlMs, log }) =>
    tenantRoutes({ domain, organisations: { ...domain, media, pendingTtlMs, log } }),
});
