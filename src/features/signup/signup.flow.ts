import type { thirdPartySignInMachine } from '../../machines/thirdPartySignInMachine';
import { defineFlow } from '../../shared/flow';
import type { SignupInput, signupMachine } from './signupMachine';

export type SignupActors = {
  signup: typeof signupMachine;
  signupThirdParty: typeof thirdPartySignInMachine;
};

/** Spec §9: the password minimum when the configuration gives none. */
const DEFAULT_MINIMUM_PASSWORD_LENGTH = 6;

/** Signup (individual or charity) with email, or 'Sign up with Google' (spec §2.3, §4). */
export const signupFlow = defineFlow<SignupActors, SignupInput>({
  id: 'signup',
  routes: [
    { path: '/signup', layout: 'fullPage', title: 'Sign Up' },
    { path: '/signup-charity', layout: 'fullPage', title: 'Create Account' },
  ],
  access: 'public',
  signsOutOnVisit: true,
  whenSignedIn: { to: '/feed' },
  input: ({ pathname, search, configuration }) => ({
    accountType: pathname === '/signup-charity' ? 'Charity' : 'Individual',
    minimumPasswordLength: configuration?.minimumPasswordLength ?? DEFAULT_MINIMUM_PASSWORD_LENGTH,
    errorParam: new URLSearchParams(search).get('error'),
  }),
  load: () => import('./index'),
  machines: () => import('./signupMachine').then((m) => [m.signupMachine]),
});
