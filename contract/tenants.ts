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

/**
 * POST /tenants/setIsOnboarding (spec §7.2: the id of the current tenant, value false; its owner
 * or an Administrator). Answers the tenant's status as it now is.
 */
export const SetIsOnboardingRequest = object({ id: integer(), value: boolean() });
export type SetIsOnboardingRequest = Infer<typeof SetIsOnboardingRequest>;

/** Spec §8: when Start Giving cannot mark onboarding complete. */
export const onboardingTexts = {
  completeFailed: 'Error setting onboarding as completed.',
  notAllowed: "Only the organisation's owner or an Administrator can finish its onboarding.",
} as const;
