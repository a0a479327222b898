import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../shared/flow';
import { createAccountApi } from '../../services/api/account';
import type { PreferencesActors } from './preferences.flow';
import { preferencesMachine } from './preferencesMachine';
import { PreferencesScreen } from './PreferencesScreen';

const entry: FlowEntryFactory<undefined, PreferencesActors> = (services) => {
  const account = createAccountApi(services.http);
  const preferences = preferencesMachine.provide({
    actors: {
      getUserEditDetails: fromPromise(() => account.getUserEditDetails()),
      updatePreferences: fromPromise(({ input }) => account.updatePreferences(input)),
    },
  });
  return {
    start: () => ({ preferences: { logic: preferences } }),
    Screen: PreferencesScreen,
  };
};

export default entry;
