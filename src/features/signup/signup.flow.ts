import type { thirdPartySignInMachine } from '../../machines/thirdPartySignInMachine';
import { authScreen, defineFlow, minimumPasswordLengthOf } from '../../shared/flow';
import type { SignupInput, signupMachine } from './signupMachine';

export type SignupActors = {
  signup: typeof signupMachine;
  signupThirdParty: typeof thirdPartySignInMachine;
};

/** Signup (individual or charity) with email, or 'Sign up with Google' (spec §2.3, §4). */
export const signupFlow = defineFlow<SignupActors, SignupInput>({
  id: 'signup',
  routes: [
    { path: '/signup', layout: 'fullPage', title: 'Sign Up' },
    { path: '/signup-charity', layout: 'fullPage', title: 'Create Account' },
  ],
  ...authScreen(),
  input: ({ pathname, search, configuration }) => ({
    accountType: pathname === '/signup-charity' ? 'Charity' : 'Individual',
    minimumPasswordLength: minimumPasswordLengthOf(configuration),
    errorParam: new URLSearchParams(search).get('error'),
  }),
  load: () => import('./index'),
  machines: () => import('./signupMachine').then((m) => [m.signupMachine]),
});
