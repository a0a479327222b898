import { dashboardEndpoints } from '../../../contract/endpoints/dashboard';
import { createDataCalls } from '../call';
import type { HttpClient } from '../http';

export type DashboardApi = ReturnType<typeof createDashboardApi>;

export function createDashboardApi(http: HttpClient) {
  const { data } = createDataCalls(http);
  return {
    /** GET users/getDashboardInformation (refresh flag): the caller's counts and first name. */
    getDashboardInformation: data(dashboardEndpoints.getDashboardInformation),
  };
}
