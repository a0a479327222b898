import { defineFlow } from '../../shared/flow';
import type { EmailConfirmationInput, emailConfirmationMachine } from './emailConfirmationMachine';

export type EmailConfirmationActors = { emailConfirmation: typeof emailConfirmationMachine };

/** Email confirmation /account/confirm-email/{key}: calls the server with the key; success or failure message (spec §2.3). */
export const emailConfirmationFlow = defineFlow<EmailConfirmationActors, EmailConfirmationInput>({
  id: 'emailConfirmation',
  routes: [
    { path: '/account/confirm-email/:key', layout: 'public', title: 'Confirm Email Address' },
  ],
  access: 'public',
  secretParams: ['key'],
  input: ({ params }) => ({ key: params.key ?? '' }),
  load: () => import('./index'),
  machines: () => import('./emailConfirmationMachine').then((m) => [m.emailConfirmationMachine]),
});
