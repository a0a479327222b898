import { defineFlow } from '../../shared/flow';
import type { ActivationInput, activationMachine } from './activationMachine';

export type ActivationActors = { activation: typeof activationMachine };

/** Activation /activate/{key}: calls the server with the key; success or failure message (spec §2.3). */
export const activationFlow = defineFlow<ActivationActors, ActivationInput>({
  id: 'activation',
  routes: [{ path: '/activate/:key', layout: 'public', title: 'Activate Account' }],
  access: 'public',
  secretParams: ['key'],
  input: ({ params }) => ({ key: params.key ?? '' }),
  load: () => import('./index'),
  machines: () => import('./activationMachine').then((m) => [m.activationMachine]),
});
