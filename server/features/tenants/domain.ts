/**
 * Tenant subscription status (spec §3 Tenant status, §4 Subscription expiry).
 */
import { and, eq } from 'drizzle-orm';
import type { TenantStatus } from '../../../contract/tenants';
import { tenants, tenantUsers, type TenantRow } from '../../db/schema';
import type { Principal } from '../../domain/accessTokens';
import type { DomainContext } from '../../domain/context';
import { isStorableId } from '../../db/recordIds';
import { forbidden, invalid, notFound } from '../../domain/errors';
import type { TenantScope } from '../../domain/scope';

export const TENANT_NOT_FOUND = 'Organisation not found.';
export const NO_TENANT_ACCESS = 'You do not have access to this organisation.';
export const HOST_ONLY = 'Only host users may change an organisation subscription.';

const MAX_DATE_LENGTH = 64;
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

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
  principal: Principal,
): Promise<TenantStatus> {
  const [row] = await ctx.db
    .select({ tenant: tenants, loginEnabled: tenantUsers.loginEnabled })
    .from(tenantUsers)
    .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(
      and(eq(tenantUsers.userId, principal.userId), eq(tenantUsers.tenantId, principal.tenantId)),
    );
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

/**
 * Reads an optional date field: undefined leaves the stored value, null clears it, a string must
 * be an ISO 8601 date.
 */
export function parseOptionalDate(
  field: string,
  value: string | null | undefined,
): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date =
    value.length <= MAX_DATE_LENGTH && ISO_DATE.test(value) ? new Date(value) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw invalid(`${field} must be an ISO 8601 date, e.g. 2026-12-31T00:00:00Z.`);
  }
  return date;
}

type TenantChanges = Partial<
  Pick<TenantRow, 'isTrialing' | 'trialEndDate' | 'cancelAtPeriodEnd' | 'currentPeriodEndDate'>
>;

async function updateTenant(
  ctx: DomainContext,
  id: number,
  changes: TenantChanges,
): Promise<TenantStatus> {
  if (!isStorableId(id)) throw notFound(TENANT_NOT_FOUND);
  const [tenant] = await ctx.db.update(tenants).set(changes).where(eq(tenants.id, id)).returning();
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
