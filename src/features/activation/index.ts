import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../shared/flow';
import { createIdentityApi } from '../../services/api/identity';
import type { ActivationActors } from './activation.flow';
import { activationMachine, type ActivationInput } from './activationMachine';
import { ActivationScreen } from './ActivationScreen';

const entry: FlowEntryFactory<ActivationInput, ActivationActors> = (services) => {
  const identity = createIdentityApi(services.http);
  const activation = activationMachine.provide({
    actors: { activate: fromPromise(({ input }) => identity.activate(input)) },
  });
  return {
    start: (input) => ({ activation: { logic: activation, input } }),
    Screen: ActivationScreen,
  };
};

export default entry;
