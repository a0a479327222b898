import type {
  DashboardInformation,
  DashboardInformationRequest,
} from '../../../contract/dashboard';
import { dashboardEndpoints } from '../../../contract/endpoints/dashboard';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export interface DashboardApi {
  /** GET users/getDashboardInformation (refresh flag): the caller's counts and first name. */
  getDashboardInformation(
    request: DashboardInformationRequest,
    options?: CallOptions,
  ): Promise<DashboardInformation>;
}

export function createDashboardApi(http: HttpClient): DashboardApi {
  const call = createCall(http);
  return {
    getDashboardInformation: async (request, options) =>
      dataOrThrow(await call(dashboardEndpoints.getDashboardInformation, request, options)),
  };
}
