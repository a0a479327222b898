/**
 * The dashboard information (spec §7.2 Users getDashboardInformation, §2.3 Profile counts) and
 * the users' select list (spec §7.2 Users getSelectList), both for the caller's current
 * organisation.
 */
import type { DashboardInformation, UserSelectList } from '../../../contract/dashboard';
import type { DomainContext } from '../../domain/context';
import { forbidden } from '../../domain/errors';
import { NO_TENANT_ACCESS, type TenantScope } from '../../domain/scope';
import {
  countUserDrops,
  selectDashboardNames,
  selectTenantUserNames,
  sumRaisedByUser,
  sumReceivedByCharity,
} from './queries';

/**
 * GET users/getDashboardInformation. Nothing is cached: every call counts afresh, so the
 * `refresh` flag (recompute rather than answer a cached value) is always honoured. Drops counts
 * the caller's drops in the current organisation; Raised (issue 35: real, where spec §2.3 shows
 * 0) is, in the organisation's currency, what a Charity organisation received, or else what the
 * caller's Drops in it raised; Followers is 0 because following is not built yet.
 */
export async function dashboardInformation(
  ctx: DomainContext,
  scope: TenantScope,
): Promise<DashboardInformation> {
  const found = await selectDashboardNames(ctx.db, scope.userId, scope.tenantId);
  if (found === undefined) throw forbidden(NO_TENANT_ACCESS);
  const { accountType, currency, ...names } = found;
  const drops = await countUserDrops(ctx.db, scope.userId, scope.tenantId);
  const raised =
    accountType === 'Charity'
      ? await sumReceivedByCharity(ctx.db, scope.tenantId, currency)
      : await sumRaisedByUser(ctx.db, scope.userId, scope.tenantId, currency);
  return { ...names, drops, raised, currency, followers: 0 };
}

/** GET users/getSelectList: the current organisation's users as {id, name}. */
export async function userSelectList(
  ctx: DomainContext,
  scope: TenantScope,
): Promise<UserSelectList> {
  const rows = await selectTenantUserNames(ctx.db, scope.tenantId);
  return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }));
}
