import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../shared/flow';
import { createIdentityApi } from '../../services/api/identity';
import type { EmailConfirmationActors } from './emailConfirmation.flow';
import { emailConfirmationMachine, type EmailConfirmationInput } from './emailConfirmationMachine';
import { EmailConfirmationScreen } from './EmailConfirmationScreen';

const entry: FlowEntryFactory<EmailConfirmationInput, EmailConfirmationActors> = (services) => {
  const identity = createIdentityApi(services.http);
  const emailConfirmation = emailConfirmationMachine.provide({
    actors: {
      confirmEmailAddress: fromPromise(({ input }) => identity.confirmEmailAddress(input)),
    },
  });
  return {
    start: (input) => ({ emailConfirmation: { logic: emailConfirmation, input } }),
    Screen: EmailConfirmationScreen,
  };
};

export default entry;
