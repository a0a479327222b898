/**
 * The host's admin rules (issue 19): every organisation and every user of the platform, and an
 * organisation's switches. The route's `host` level has checked (in the database) that the caller
 * is a host and not an impersonated session.
 */
import {
  adminTexts,
  type AdminOrganisation,
  type AdminOrganisationList,
  type AdminUser,
  type AdminUserList,
  type SetTenantFlagRequest,
} from '../../../contract/admin';
import type { ListRequest } from '../../../contract/lists';
import { isStorableId } from '../../db/recordIds';
import type { DomainContext } from '../../domain/context';
import { invalid, notFound } from '../../domain/errors';
import { containsPattern, pageOf } from '../../domain/lists';
import type { TenantScope } from '../../domain/scope';
import { toAccountType, toUserRole } from '../../domain/users';
import { endSessionsOnTenant, noteSessionsEnded } from '../auth/refreshTokens';
import {
  countOrganisations,
  countUsers,
  selectOrganisation,
  selectOrganisationPage,
  selectOrganisationsOfUsers,
  selectUserPage,
  updateOrganisationSwitches,
  type OrganisationRow,
  type OrganisationSort,
  type UserSort,
} from './queries';

function toAdminOrganisation(row: OrganisationRow): AdminOrganisation {
  return {
    id: row.id,
    guid: row.guid,
    name: row.name,
    accountType: toAccountType(row.accountType),
    ownerName: `${row.ownerFirstName ?? ''} ${row.ownerLastName ?? ''}`.trim(),
    ownerEmail: row.ownerEmail ?? '',
    memberCount: row.memberCount,
    enabled: row.enabled,
    sendingEmailsEnabled: row.sendingEmailsEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}

const ORGANISATION_SORTS: Record<string, OrganisationSort> = {
  name: 'name',
  createddate: 'createdAt',
  createdat: 'createdAt',
  membercount: 'memberCount',
};

const USER_SORTS: Record<string, UserSort> = {
  name: 'name',
  fullname: 'name',
  email: 'email',
  createddate: 'createdAt',
  createdat: 'createdAt',
  lastlogindate: 'lastLoginDate',
};

const patternOf = (payload: ListRequest) => {
  const search = (payload.searchString ?? '').trim();
  return search === '' ? undefined : containsPattern(search);
};

/** POST tenants/list: every organisation, newest first unless asked. */
export async function listOrganisations(
  ctx: DomainContext,
  payload: ListRequest,
): Promise<AdminOrganisationList> {
  const sort = ORGANISATION_SORTS[(payload.sortBy ?? '').toLowerCase()] ?? 'createdAt';
  const pattern = patternOf(payload);
  const page = pageOf(payload);
  const rows =
    page === undefined
      ? []
      : await selectOrganisationPage(ctx.db, {
          sort,
          descending: payload.sortByDescending ?? sort === 'createdAt',
          pattern,
          ...page,
        });
  const totalCount =
    payload.getTotalCount === true ? await countOrganisations(ctx.db, pattern) : null;
  return { list: rows.map(toAdminOrganisation), totalCount };
}

async function loadOrganisation(ctx: DomainContext, id: number): Promise<AdminOrganisation> {
  const row = await selectOrganisation(ctx.db, id);
  if (row === undefined) throw notFound(adminTexts.organisationNotFound);
  return toAdminOrganisation(row);
}

/**
 * POST tenants/setEnabled: disabling an organisation ends every live session in it (in the same
 * transaction); nobody signs into it again until it is enabled. A host may not disable the
 * organisation they are signed into (they would end their own session).
 */
export async function setTenantEnabled(
  ctx: DomainContext,
  scope: TenantScope,
  input: SetTenantFlagRequest,
): Promise<AdminOrganisation> {
  if (!isStorableId(input.id)) throw notFound(adminTexts.organisationNotFound);
  if (!input.value && input.id === scope.tenantId) {
    throw invalid(adminTexts.cannotDisableOwnOrganisation);
  }
  const found = await ctx.db.transaction(async (tx) => {
    if (!(await updateOrganisationSwitches(tx, input.id, { enabled: input.value }))) return false;
    if (!input.value) await endSessionsOnTenant(tx, input.id, ctx.now());
    return true;
  });
  if (!found) throw notFound(adminTexts.organisationNotFound);
  // Lookups of live sessions made before the commit are not trusted.
  if (!input.value) noteSessionsEnded();
  return loadOrganisation(ctx, input.id);
}

/** POST tenants/setSendingEmailsEnabled: mail on the organisation's behalf on or off. */
export async function setTenantSendingEmailsEnabled(
  ctx: DomainContext,
  input: SetTenantFlagRequest,
): Promise<AdminOrganisation> {
  if (!isStorableId(input.id)) throw notFound(adminTexts.organisationNotFound);
  const found = await updateOrganisationSwitches(ctx.db, input.id, {
    sendingEmailsEnabled: input.value,
  });
  if (!found) throw notFound(adminTexts.organisationNotFound);
  return loadOrganisation(ctx, input.id);
}

/** POST users/listAll: every user, by last login (newest first, never last) unless asked. */
export async function listAllUsers(
  ctx: DomainContext,
  payload: ListRequest,
): Promise<AdminUserList> {
  const sort = USER_SORTS[(payload.sortBy ?? '').toLowerCase()] ?? 'lastLoginDate';
  const pattern = patternOf(payload);
  const page = pageOf(payload);
  const rows =
    page === undefined
      ? []
      : await selectUserPage(ctx.db, {
          sort,
          descending:
            payload.sortByDescending ?? (sort === 'lastLoginDate' || sort === 'createdAt'),
          pattern,
          ...page,
        });
  const memberships = await selectOrganisationsOfUsers(
    ctx.db,
    rows.map((row) => row.id),
  );
  const list = rows.map((row): AdminUser => ({
    id: row.id,
    guid: row.guid,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isHost: row.isHost,
    accountStatus: row.accountStatus,
    lastLoginDate: row.lastLoginDate === null ? null : row.lastLoginDate.toISOString(),
    organisations: memberships
      .filter((membership) => membership.userId === row.id)
      .map(({ userId: _userId, userRole, ...membership }) => ({
        ...membership,
        userRole: toUserRole(userRole),
      })),
  }));
  const totalCount = payload.getTotalCount === true ? await countUsers(ctx.db, pattern) : null;
  return { list, totalCount };
}
