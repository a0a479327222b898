import type { thirdPartySignInMachine } from '../../machines/thirdPartySignInMachine';
import { defineFlow } from '../../shared/flow';
import type { InvitationInput, invitationMachine } from './invitationMachine';

export type InvitationActors = {
  invitation: typeof invitationMachine;
  invitationThirdParty: typeof thirdPartySignInMachine;
};

/** Spec §9: the password minimum when the configuration gives none. */
const DEFAULT_MINIMUM_PASSWORD_LENGTH = 6;

/**
 * The invitation page, /invitation/{key} (spec §2.1, §2.3): public; visiting it signs the user
 * out; accepting signs the invitee in and goes to /dashboard. The key is a secret the inspector
 * never sees.
 */
export const invitationFlow = defineFlow<InvitationActors, InvitationInput>({
  id: 'invitation',
  routes: [{ path: '/invitation/:key', layout: 'public', title: 'Invitation' }],
  access: 'public',
  signsOutOnVisit: true,
  whenSignedIn: { to: '/dashboard' },
  secretParams: ['key'],
  input: ({ params, configuration }) => ({
    key: params.key ?? '',
    minimumPasswordLength: configuration?.minimumPasswordLength ?? DEFAULT_MINIMUM_PASSWORD_LENGTH,
  }),
  load: () => import('./index'),
  machines: () => import('./invitationMachine').then((m) => [m.invitationMachine]),
});
