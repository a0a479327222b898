import { fromPromise, sendParent } from 'xstate';
import type { FlowEvent } from '../../machines/flows';
import { type FlowEntryFactory, startForUser } from '../../shared/flow';
import { createAccountApi } from '../../services/api/account';
import { resolveMinimumPasswordLength } from '../../validation/password';
import type { ChangePasswordActors, ChangePasswordRouteInput } from './changePassword.flow';
import { changePasswordMachine, PERSONAL_DETAILS_PATH } from './changePasswordMachine';
import { ChangePasswordScreen } from './ChangePasswordScreen';

const entry: FlowEntryFactory<ChangePasswordRouteInput, ChangePasswordActors> = (services) => {
  const account = createAccountApi(services.http);
  const changePassword = changePasswordMachine.provide({
    actors: {
      updatePassword: fromPromise(({ input }) => account.updatePassword(input)),
    },
    actions: {
      sendToPersonalDetails: sendParent((): FlowEvent => ({
        type: 'flow.navigate',
        to: PERSONAL_DETAILS_PATH,
        replace: true,
      })),
    },
  });
  return {
    start: startForUser(services, 'Change Password', (user, input) => ({
      changePassword: {
        logic: changePassword,
        input: {
          minimumPasswordLength: resolveMinimumPasswordLength(input.minimumPasswordLength),
          loginProvider: user.currentLoginProvider,
          impersonated: user.impersonator !== undefined,
        },
      },
    })),
    Screen: ChangePasswordScreen,
  };
};

export default entry;
