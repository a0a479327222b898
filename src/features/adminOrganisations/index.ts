import { createElement } from 'react';
import { fromPromise } from 'xstate';
import type { FlowEntryFactory, FlowScreenProps } from '../../shared/flow';
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
  function Screen(props: FlowScreenProps<AdminOrganisationsActors>) {
    return createElement(AdminOrganisationsScreen, props);
  }
  return {
    start: () => ({ adminOrganisations: { logic: adminOrganisations } }),
    Screen,
  };
};

export default entry;
