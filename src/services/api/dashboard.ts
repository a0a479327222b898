import type { DashboardInformationRequest } from '../../../contract/dashboard';
import { dashboardEndpoints } from '../../../contract/endpoints/dashboard';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export function createDashboardApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /** GET users/getDashboardInformation (refresh flag): the caller's counts and first name. */
    getDashboardInformation: (request: DashboardInformationRequest, options?: CallOptions) =>
      data(dashboardEndpoints.getDashboardInformation, request, options),
  };
}

export type DashboardApi = ReturnType<typeof createDashboardApi>;
