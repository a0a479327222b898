import { fromPromise } from 'xstate';
import { dashboardInformationMachine } from '../machines/dashboardInformationMachine';
import { createDashboardApi } from '../services/api/dashboard';
import type { FlowServices } from './flow';

/** The dashboard information machine with its real call (the profile's and the home's). */
export function createDashboardInformation(services: FlowServices) {
  const api = createDashboardApi(services.http);
  return dashboardInformationMachine.provide({
    actors: {
      getDashboardInformation: fromPromise(({ input, signal }) =>
        api.getDashboardInformation(input, { signal }),
      ),
    },
  });
}
