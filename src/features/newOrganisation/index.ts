import { createElement } from 'react';
import { fromPromise, sendParent } from 'xstate';
import { organisationLogoUploadInput } from '../../machines/avatarUploadMachine';
import type { FlowEvent } from '../../machines/flows';
import { createLogoUpload } from '../../platform/avatarUploadActors';
import type { FlowEntryFactory, FlowScreenProps } from '../../platform/flow';
import { sessionFromResponse } from '../../platform/session';
import { createAuthApi } from '../../services/api/auth';
import { createOrganisationsApi } from '../../services/api/organisations';
import type { NewOrganisationActors } from './newOrganisation.flow';
import { newOrganisationMachine } from './newOrganisationMachine';
import { NewOrganisationScreen } from './NewOrganisationScreen';

const entry: FlowEntryFactory<undefined, NewOrganisationActors> = (services) => {
  const organisations = createOrganisationsApi(services.http);
  const auth = createAuthApi(services.http);
  const newOrganisation = newOrganisationMachine.provide({
    actors: {
      // The logo's widget hears nothing of the session: its upload is saved with the form.
      avatarUpload: createLogoUpload(services),
      createOrganisation: fromPromise(({ input }) => organisations.create(input)),
      switchTenant: fromPromise(async ({ input }) =>
        sessionFromResponse(await auth.switchTenant({ id: input.tenantId })),
      ),
    },
    // The flow protocol: the new session is stored (every tab follows), then home: the new
    // organisation is onboarding, so the app sends the person on to /onboarding.
    actions: {
      establishSession: sendParent((_, session): FlowEvent => ({
        type: 'flow.sessionEstablished',
        session,
      })),
      goHome: sendParent((): FlowEvent => ({ type: 'flow.navigate', to: '/' })),
      signOut: sendParent((): FlowEvent => ({ type: 'flow.signOut' })),
    },
  });
  function Screen(props: FlowScreenProps<NewOrganisationActors>) {
    return createElement(NewOrganisationScreen, props);
  }
  return {
    start: () => {
      const user = services.currentUser();
      if (!user) throw new Error('New Organisation runs only for a signed-in person');
      return {
        newOrganisation: {
          logic: newOrganisation,
          input: { logo: organisationLogoUploadInput(user, null) },
        },
      };
    },
    Screen,
  };
};

export default entry;
