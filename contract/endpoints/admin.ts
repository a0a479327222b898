/**
 * The host's admin calls (issue 19; spec §7.2 Tenants list, setEnabled, setSendingEmailsEnabled),
 * all `host` only, so never for an impersonated session either. The list of every user has no
 * path in the spec: `users/listAll` (users/list stays the current organisation's team).
 */
import { ListRequest } from '../lists';
import {
  AdminOrganisation,
  AdminOrganisationList,
  AdminUserList,
  SetTenantFlagRequest,
} from '../admin';
import { endpoint } from './define';

export const adminEndpoints = {
  /**
   * POST tenants/list: every organisation, with its owner, member count and switches; searched
   * by name or owner (name, email), sorted by Name, CreatedDate (default, newest first) or
   * MemberCount.
   */
  listTenants: endpoint({
    method: 'POST',
    path: 'tenants/list',
    request: ListRequest,
    response: AdminOrganisationList,
    auth: 'host',
  }),
  /**
   * POST tenants/setEnabled (id, value): a disabled organisation is one nobody signs into; its
   * live sessions end at once.
   */
  setTenantEnabled: endpoint({
    method: 'POST',
    path: 'tenants/setEnabled',
    request: SetTenantFlagRequest,
    response: AdminOrganisation,
    auth: 'host',
  }),
  /**
   * POST tenants/setSendingEmailsEnabled (id, value): with it off, no mail is sent on the
   * organisation's behalf (an invitation is refused with a message).
   */
  setTenantSendingEmailsEnabled: endpoint({
    method: 'POST',
    path: 'tenants/setSendingEmailsEnabled',
    request: SetTenantFlagRequest,
    response: AdminOrganisation,
    auth: 'host',
  }),
  /**
   * POST users/listAll: every user of the platform, with their organisations, host flag and last
   * login; searched by name or email, sorted by Name, Email, CreatedDate or LastLoginDate
   * (default, newest first).
   */
  listAllUsers: endpoint({
    method: 'POST',
    path: 'users/listAll',
    request: ListRequest,
    response: AdminUserList,
    auth: 'host',
  }),
} as const;
