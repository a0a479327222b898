import { createElement } from 'react';
import { fromPromise, sendParent } from 'xstate';
import { personalDataFileName } from '../../../contract/account';
import type { FlowEvent } from '../../machines/flows';
import { type FlowEntryFactory, type FlowScreenProps, startForUser } from '../../shared/flow';
import { createAccountApi } from '../../services/api/account';
import { saveFile } from '../../services/saveFile';
import type { DataPrivacyActors, DataPrivacyRouteInput } from './dataPrivacy.flow';
import { dataPrivacyMachine } from './dataPrivacyMachine';
import { DataPrivacyScreen } from './DataPrivacyScreen';

const entry: FlowEntryFactory<DataPrivacyRouteInput, DataPrivacyActors> = (services) => {
  const account = createAccountApi(services.http);
  const dataPrivacy = dataPrivacyMachine.provide({
    actors: {
      getUser: fromPromise(({ input }) => account.get(input.id)),
      downloadPersonalData: fromPromise(async ({ input }) => {
        const zip = await account.downloadPersonalData();
        saveFile(zip, personalDataFileName(input.firstName, input.lastName, new Date()));
      }),
      deleteMyAccount: fromPromise(() => account.deleteMyAccount()),
    },
    actions: {
      logDownloadFailure: (_, error) =>
        services.logError('The personal data could not be downloaded', error),
      signOut: sendParent((): FlowEvent => ({ type: 'flow.signOut' })),
    },
  });
  function Screen(props: FlowScreenProps<DataPrivacyActors>) {
    return createElement(DataPrivacyScreen, {
      ...props,
      supportUrl: services.configuration().supportUrl,
    });
  }
  return {
    start: startForUser(services, 'Data Privacy', (user, input) => ({
      dataPrivacy: {
        logic: dataPrivacy,
        input: {
          userId: user.id,
          tenantId: user.currentTenant.id,
          inAccountArea: input.inAccountArea,
          impersonated: user.impersonator !== undefined,
        },
      },
    })),
    Screen,
  };
};

export default entry;
