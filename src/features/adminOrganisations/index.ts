import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../shared/flow';
import { createAdminApi } from '../../services/api/admin';
import type { AdminOrganisationsActors } from './adminOrganisations.flow';
import type { AdminOrganisation, AdminOrganisationList } from '../../../contract/admin';
import type { ListRequest } from '../../../contract/lists';
import { adminOrganisationsMachine, type SwitchChange } from './adminOrganisationsMachine';
import { AdminOrganisationsScreen } from './AdminOrganisationsScreen';

const entry: FlowEntryFactory<undefined, AdminOrganisationsActors> = (services) => {
  const admin = createAdminApi(services.http);
  const adminOrganisations = adminOrganisationsMachine.provide({
    actors: {
      listOrganisations: fromPromise<AdminOrganisationList, ListRequest>(({ input }) =>
        admin.listOrganisations(input),
      ),
      setSwitch: fromPromise<AdminOrganisation, SwitchChange>(({ input }) =>
        admin.setOrganisationSwitch(input),
      ),
    },
  });
  return {
    start: () => ({ adminOrganisations: { logic: adminOrganisations } }),
    Screen: AdminOrganisationsScreen,
  };
};

export default entry;
