import { fromPromise, sendParent } from 'xstate';
import type { FlowEvent } from '../../machines/flows';
import { createLogoUpload } from '../../shared/avatarUploadActors';
import { type FlowEntryFactory, startForUser } from '../../shared/flow';
import { createOrganisationsApi } from '../../services/api/organisations';
import type { OrganisationDetailsActors } from './organisationDetails.flow';
import { organisationDetailsMachine } from './organisationDetailsMachine';
import { OrganisationDetailsScreen } from './OrganisationDetailsScreen';

const entry: FlowEntryFactory<undefined, OrganisationDetailsActors> = (services) => {
  const organisations = createOrganisationsApi(services.http);
  const organisationDetails = organisationDetailsMachine.provide({
    actors: {
      avatarUpload: createLogoUpload(services),
      getOrganisation: fromPromise(({ input, signal }) => organisations.get(input.id, { signal })),
      updateDetails: fromPromise(({ input }) => organisations.updateDetails(input)),
    },
    // The app refreshes the session: the token, and the account area's heading, carry the name.
    actions: { notifySaved: sendParent((): FlowEvent => ({ type: 'flow.refreshSession' })) },
  });
  return {
    start: startForUser(services, 'Organisation Details', (user) => ({
      organisationDetails: {
        logic: organisationDetails,
        input: {
          tenantId: user.currentTenant.id,
          userRole: user.userRole,
          userGuid: user.guid,
        },
      },
    })),
    Screen: OrganisationDetailsScreen,
  };
};

export default entry;
