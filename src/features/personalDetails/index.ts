import { fromPromise, sendParent } from 'xstate';
import type { FlowEvent } from '../../machines/flows';
import { flowCountriesLoader } from '../../shared/countriesLoader';
import type { FlowEntryFactory, FlowScreenProps } from '../../shared/flow';
import { createEmailVerification, createHandleCheck } from '../../shared/identityActors';
import { createAccountApi } from '../../services/api/account';
import type { PersonalDetailsActors } from './personalDetails.flow';
import { personalDetailsMachine } from './personalDetailsMachine';
import { PersonalDetailsScreen } from './PersonalDetailsScreen';
import { createElement } from 'react';

const entry: FlowEntryFactory<undefined, PersonalDetailsActors> = (services) => {
  const account = createAccountApi(services.http);
  const loadCountries = flowCountriesLoader(services);
  const personalDetails = personalDetailsMachine.provide({
    actors: {
      getUserEditDetails: fromPromise(() => account.getUserEditDetails()),
      updatePersonalDetails: fromPromise(({ input }) => account.updatePersonalDetails(input)),
      emailVerification: createEmailVerification(services),
      handleCheck: createHandleCheck(services),
    },
    // The app refreshes the session: the token, the header and the menus carry the new name.
    actions: { notifySaved: sendParent((): FlowEvent => ({ type: 'flow.refreshSession' })) },
  });
  function Screen(props: FlowScreenProps<PersonalDetailsActors>) {
    return createElement(PersonalDetailsScreen, { ...props, loadCountries });
  }
  return {
    start: () => ({ personalDetails: { logic: personalDetails } }),
    Screen,
  };
};

export default entry;
