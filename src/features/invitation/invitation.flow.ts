import type { thirdPartySignInMachine } from '../../machines/thirdPartySignInMachine';
import { authScreen, defineFlow, emailedKeyInput } from '../../shared/flow';
import type { InvitationInput, invitationMachine } from './invitationMachine';

export type InvitationActors = {
  invitation: typeof invitationMachine;
  invitationThirdParty: typeof thirdPartySignInMachine;
};

/**
 * The invitation page, /invitation/{key} (spec §2.1, §2.3): public; visiting it signs the user
 * out; accepting signs the invitee in and goes to /dashboard. The key is a secret the inspector
 * never sees.
 */
export const invitationFlow = defineFlow<InvitationActors, InvitationInput>({
  id: 'invitation',
  routes: [{ path: '/invitation/:key', layout: 'public', title: 'Invitation' }],
  ...authScreen({ to: '/dashboard' }),
  secretParams: ['key'],
  input: emailedKeyInput,
  load: () => import('./index'),
  machines: () => import('./invitationMachine').then((m) => [m.invitationMachine]),
});
