/**
 * The dashboard information (spec §7.2 Users getDashboardInformation, §2.3 Profile counts) and
 * the users' select list (spec §7.2 Users getSelectList), both for the caller's current
 * organisation.
 */
import type { DashboardInformation, UserSelectList } from '../../../contract/dashboard';
import type { DomainContext } from '../../domain/context';
import { forbidden } from '../../domain/errors';
import { NO_TENANT_ACCESS, type TenantScope } from '../../domain/scope';
import { countUserDrops, selectDashboardNames, selectTenantUserNames } from './queries';

/**
 * GET users/getDashboardInformation. Nothing is cached: every call counts afresh, so the
 * `refresh` flag (recompute rather than answer a cached value) is always honoured. Raised is 0
 * because no donations are taken yet, and Followers is 0 because following is not built yet
 * (spec §2.3: 'counts Drops, Raised, Followers (all 0)'); Drops counts the caller's drops in the
 * current organisation.
 */
export async function dashboardInformation(
  ctx: DomainContext,
  scope: TenantScope,
): Promise<DashboardInformation> {
  const names = await selectDashboardNames(ctx.db, scope.userId, scope.tenantId);
  if (names === undefined) throw forbidden(NO_TENANT_ACCESS);
  const drops = await countUserDrops(ctx.db, scope.userId, scope.tenantId);
  return { ...names, drops, raised: 0, followers: 0 };
}

/** GET users/getSelectList: the current organisation's users as {id, name}. */
export async function userSelectList(
  ctx: DomainContext,
  scope: TenantScope,
): Promise<UserSelectList> {
  const rows = await selectTenantUserNames(ctx.db, scope.tenantId);
  return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }));
}
