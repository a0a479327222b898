/** The dashboard's and the select inputs' users calls of spec §7.2 (users/...). */
import { DashboardInformation, DashboardInformationRequest, UserSelectList } from '../dashboard';
import { EmptyRequest } from './common';
import { endpoint } from './define';

export const dashboardEndpoints = {
  /**
   * GET users/getDashboardInformation (refresh flag): the caller's counts Drops, Raised and
   * Followers in their current organisation, with their first name and the organisation's name.
   */
  getDashboardInformation: endpoint({
    method: 'GET',
    path: 'users/getDashboardInformation',
    request: DashboardInformationRequest,
    response: DashboardInformation,
    auth: 'user',
  }),
  /**
   * GET users/getSelectList: the current organisation's users as {id, name} (name = first and
   * last name), by name, for select inputs; for its Administrators.
   */
  getSelectList: endpoint({
    method: 'GET',
    path: 'users/getSelectList',
    request: EmptyRequest,
    response: UserSelectList,
    auth: 'tenantAdmin',
  }),
} as const;
