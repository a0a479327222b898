/** The organisation calls of spec §7.2 (tenants/...). */
import {
  SetCancelAtPeriodEndRequest,
  SetIsOnboardingRequest,
  SetIsTrialingRequest,
  TenantStatus,
} from '../tenants';
import { EmptyRequest } from './common';
import { endpoint } from './define';

export const tenantEndpoints = {
  /** GET tenants/getCurrentTenantStatus: the current organisation's trial and subscription. */
  getCurrentTenantStatus: endpoint({
    method: 'GET',
    path: 'tenants/getCurrentTenantStatus',
    request: EmptyRequest,
    response: TenantStatus,
    auth: 'user',
  }),
  /** POST tenants/setIsTrialing (host only). */
  setIsTrialing: endpoint({
    method: 'POST',
    path: 'tenants/setIsTrialing',
    request: SetIsTrialingRequest,
    response: TenantStatus,
    auth: 'host',
  }),
  /** POST tenants/setCancelAtPeriodEnd (host only). */
  setCancelAtPeriodEnd: endpoint({
    method: 'POST',
    path: 'tenants/setCancelAtPeriodEnd',
    request: SetCancelAtPeriodEndRequest,
    response: TenantStatus,
    auth: 'host',
  }),
  /**
   * POST tenants/setIsOnboarding: the current tenant's onboarding flag (Start Giving sets it
   * false); its owner or an Administrator only. Answers the tenant's status.
   */
  setIsOnboarding: endpoint({
    method: 'POST',
    path: 'tenants/setIsOnboarding',
    request: SetIsOnboardingRequest,
    response: TenantStatus,
    auth: 'user',
  }),
} as const;
