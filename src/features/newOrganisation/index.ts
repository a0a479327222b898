import { fromPromise } from 'xstate';
import { organisationLogoUploadInput } from '../../machines/avatarUploadMachine';
import type { FlowEvent } from '../../machines/flows';
import { createLogoUpload } from '../../shared/avatarUploadActors';
import { type FlowEntryFactory, startForUser } from '../../shared/flow';
import { createOrganisationsApi } from '../../services/api/organisations';
import type { NewOrganisationActors } from './newOrganisation.flow';
import { newOrganisationMachine, type NewOrganisationOutput } from './newOrganisationMachine';
import { NewOrganisationScreen } from './NewOrganisationScreen';

const entry: FlowEntryFactory<undefined, NewOrganisationActors> = (services) => {
  const organisations = createOrganisationsApi(services.http);
  const newOrganisation = newOrganisationMachine.provide({
    actors: {
      // The logo's widget hears nothing of the session: its upload is saved with the form.
      avatarUpload: createLogoUpload(services),
      createOrganisation: fromPromise(({ input }) => organisations.create(input)),
    },
  });
  // The flow protocol: once created, the app switches the session to the new organisation
  // (every tab follows) and goes home, which sends its onboarding person to /onboarding.
  const switchToIt = ({ tenantId }: NewOrganisationOutput): FlowEvent => ({
    type: 'flow.switchOrganisation',
    tenantId,
  });
  return {
    start: startForUser(services, 'New Organisation', (user) => ({
      newOrganisation: {
        logic: newOrganisation,
        input: { logo: organisationLogoUploadInput(user, null) },
        onDone: switchToIt,
      },
    })),
    Screen: NewOrganisationScreen,
  };
};

export default entry;
