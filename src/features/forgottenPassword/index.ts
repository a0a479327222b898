import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../shared/flow';
import { createIdentityApi } from '../../services/api/identity';
import type { ForgottenPasswordActors } from './forgottenPassword.flow';
import { ForgottenPasswordScreen } from './ForgottenPasswordScreen';
import { passwordResetRequestMachine } from './passwordResetRequestMachine';

const entry: FlowEntryFactory<undefined, ForgottenPasswordActors> = (services) => {
  const identity = createIdentityApi(services.http);
  const passwordResetRequest = passwordResetRequestMachine.provide({
    actors: {
      requestPasswordReset: fromPromise(({ input }) =>
        identity.requestPasswordReset({
          email: input.email,
          redirectTo: `${services.origin()}/forgotten-password`,
        }),
      ),
    },
  });
  return {
    start: () => ({ passwordResetRequest: { logic: passwordResetRequest } }),
    Screen: ForgottenPasswordScreen,
  };
};

export default entry;
