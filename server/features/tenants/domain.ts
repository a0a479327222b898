/**
 * Tenant subscription status (spec §3 Tenant status, §4 Subscription expiry) and the onboarding
 * flag (spec §4 Onboarding step: Start Giving sets it false for the current tenant).
 */
import { UserRole } from '../../../contract/enums';
import {
  onboardingTexts,
  type SetIsOnboardingRequest,
  type TenantStatus,
} from '../../../contract/tenants';
import type { DomainContext } from '../../domain/context';
import { isStorableId } from '../../db/recordIds';
import { parseOptionalDate } from '../../domain/dates';
import { forbidden, notFound } from '../../domain/errors';
import { NO_TENANT_ACCESS, type TenantScope } from '../../domain/scope';
import { selectMemberTenant, updateTenantRow, type TenantChanges, type TenantRow } from './queries';

export const TENANT_NOT_FOUND = 'Organisation not found.';
export const HOST_ONLY = 'Only host users may change an organisation subscription.';

export function toTenantStatus(tenant: TenantRow): TenantStatus {
  return {
    isTrialing: tenant.isTrialing,
    trialEndDate: tenant.trialEndDate?.toISOString() ?? null,
    subscriptionStatus: tenant.subscriptionStatus,
    cancelAtPeriodEnd: tenant.cancelAtPeriodEnd,
    currentPeriodEndDate: tenant.currentPeriodEndDate?.toISOString() ?? null,
    isOnboarding: tenant.isOnboarding,
    paymentProviderCustomerId: tenant.paymentProviderCustomerId,
  };
}

/** The status of the caller's current tenant, if they still may log into it. */
export async function getCurrentTenantStatus(
  ctx: DomainContext,
  scope: TenantScope,
): Promise<TenantStatus> {
  const row = await selectMemberTenant(ctx.db, scope.userId, scope.tenantId);
  if (row === undefined || !row.loginEnabled) throw forbidden(NO_TENANT_ACCESS);
  return toTenantStatus(row.tenant);
}

/**
 * Host users only. The host-level scope re-read the host flag from the database (scope.ts), so a
 * revoked flag applies at once without reading it again here.
 */
function requireHost(scope: TenantScope): void {
  if (!scope.isHost) throw forbidden(HOST_ONLY);
}

async function updateTenant(
  ctx: DomainContext,
  id: number,
  changes: TenantChanges,
): Promise<TenantStatus> {
  if (!isStorableId(id)) throw notFound(TENANT_NOT_FOUND);
  const tenant = await updateTenantRow(ctx.db, id, changes);
  if (tenant === undefined) throw notFound(TENANT_NOT_FOUND);
  return toTenantStatus(tenant);
}

export interface SetIsTrialingInput {
  id: number;
  value: boolean;
  trialEndDate?: string | null | undefined;
}

export async function setIsTrialing(
  ctx: DomainContext,
  scope: TenantScope,
  input: SetIsTrialingInput,
): Promise<TenantStatus> {
  requireHost(scope);
  const trialEndDate = parseOptionalDate('trialEndDate', input.trialEndDate);
  return updateTenant(ctx, input.id, {
    isTrialing: input.value,
    ...(trialEndDate === undefined ? {} : { trialEndDate }),
  });
}

export interface SetCancelAtPeriodEndInput {
  id: number;
  value: boolean;
  currentPeriodEndDate?: string | null | undefined;
}

export async function setCancelAtPeriodEnd(
  ctx: DomainContext,
  scope: TenantScope,
  input: SetCancelAtPeriodEndInput,
): Promise<TenantStatus> {
  requireHost(scope);
  const currentPeriodEndDate = parseOptionalDate(
    'currentPeriodEndDate',
    input.currentPeriodEndDate,
  );
  return updateTenant(ctx, input.id, {
    cancelAtPeriodEnd: input.value,
    ...(currentPeriodEndDate === undefined ? {} : { currentPeriodEndDate }),
  });
}

/**
 * POST tenants/setIsOnboarding: the current tenant's onboarding flag, by its owner or an
 * Administrator. Any other tenant's id (one the caller belongs to included: the call is about the
 * organisation they act in) is refused as no access, whether or not it exists. The standing is
 * read again from the database, in the transaction that writes the flag (the token's role may be
 * minutes old).
 */
export async function setIsOnboarding(
  ctx: DomainContext,
  scope: TenantScope,
  input: SetIsOnboardingRequest,
): Promise<TenantStatus> {
  if (input.id !== scope.tenantId) throw forbidden(NO_TENANT_ACCESS);
  return ctx.db.transaction(async (tx) => {
    const membership = await selectMemberTenant(tx, scope.userId, scope.tenantId);
    if (membership === undefined || !membership.loginEnabled) throw forbidden(NO_TENANT_ACCESS);
    if (!membership.owner && membership.userRole !== UserRole.Administrator) {
      throw forbidden(onboardingTexts.notAllowed);
    }
    const tenant = await updateTenantRow(tx, scope.tenantId, { isOnboarding: input.value });
    if (tenant === undefined) throw forbidden(NO_TENANT_ACCESS);
    return toTenantStatus(tenant);
  });
}
