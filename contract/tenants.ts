import { boolean, integer, nullable, object, optional, string, type Infer } from 'superstruct';

/** GET /tenants/getCurrentTenantStatus (spec §3 Tenant status). Dates are ISO 8601. */
export const TenantStatus = object({
  isTrialing: boolean(),
  trialEndDate: nullable(string()),
  subscriptionStatus: nullable(string()),
  cancelAtPeriodEnd: boolean(),
  currentPeriodEndDate: nullable(string()),
  isOnboarding: boolean(),
  paymentProviderCustomerId: nullable(string()),
});
export type TenantStatus = Infer<typeof TenantStatus>;

/** POST /tenants/setIsTrialing (host only). */
export const SetIsTrialingRequest = object({
  id: integer(),
  value: boolean(),
  trialEndDate: optional(nullable(string())),
});
export type SetIsTrialingRequest = Infer<typeof SetIsTrialingRequest>;

/** POST /tenants/setCancelAtPeriodEnd (host only). */
export const SetCancelAtPeriodEndRequest = object({
  id: integer(),
  value: boolean(),
  currentPeriodEndDate: optional(nullable(string())),
});
export type SetCancelAtPeriodEndRequest = Infer<typeof SetCancelAtPeriodEndRequest>;
