import { createElement } from 'react';
import { fromPromise, sendParent } from 'xstate';
import { deletionOutcomes, personalDataFileName } from '../../../contract/account';
import type { FlowEvent } from '../../machines/flows';
import { type FlowEntryFactory, type FlowScreenProps, signedInUser } from '../../shared/flow';
import { createAccountApi } from '../../services/api/account';
import { saveFile } from '../../services/saveFile';
import {
  type DataPrivacyActors,
  type DataPrivacyRouteInput,
  deletedConfirmationPath,
} from './dataPrivacy.flow';
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
      // Its actor's signal: leaving the screen ends a rate limit's wait (spec §7.1).
      deleteMyAccount: fromPromise(({ signal }) => account.deleteMyAccount({ signal })),
    },
    actions: {
      logDownloadFailure: (_, error) =>
        services.logError('The personal data could not be downloaded', error),
      signOut: sendParent((): FlowEvent => ({ type: 'flow.signOut' })),
      showConfirmationPage: sendParent((_, outcome): FlowEvent => ({
        type: 'flow.navigate',
        to: deletedConfirmationPath(outcome),
        replace: true,
      })),
    },
  });
  function Screen(props: FlowScreenProps<DataPrivacyActors>) {
    const { supportUrl, privacyPolicyUrl } = services.configuration();
    return createElement(DataPrivacyScreen, { ...props, supportUrl, privacyPolicyUrl });
  }
  return {
    start: (input, { signedIn }) => {
      const user = signedIn ? signedInUser(services, 'Data Privacy') : null;
      return {
        dataPrivacy: {
          logic: dataPrivacy,
          input: {
            signedIn: user !== null,
            deleted: deletionOutcomes.find((outcome) => outcome === input.deleted) ?? null,
            userId: user?.id ?? 0,
            tenantId: user?.currentTenant.id ?? 0,
            inAccountArea: input.inAccountArea,
            impersonated: user?.impersonator !== undefined,
          },
        },
      };
    },
    Screen,
  };
};

export default entry;
