import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../shared/flow';
import { createIdentityApi } from '../../services/api/identity';
import type { PasswordResetActors } from './passwordReset.flow';
import { passwordResetMachine, type PasswordResetInput } from './passwordResetMachine';
import { ResetPasswordScreen } from './ResetPasswordScreen';

const entry: FlowEntryFactory<PasswordResetInput, PasswordResetActors> = (services) => {
  const identity = createIdentityApi(services.http);
  const passwordReset = passwordResetMachine.provide({
    actors: {
      validatePasswordResetKey: fromPromise(({ input }) =>
        identity.validatePasswordResetKey(input),
      ),
      resetPassword: fromPromise(({ input }) => identity.resetPassword(input)),
    },
  });
  return {
    start: (input) => ({ passwordReset: { logic: passwordReset, input } }),
    Screen: ResetPasswordScreen,
  };
};

export default entry;
