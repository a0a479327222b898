import { authScreen, defineFlow } from '../../shared/flow';

/** Start signup: choose the account type; the user is signed out on load (spec §2.3). */
export const startSignupFlow = defineFlow({
  id: 'startSignup',
  routes: [{ path: '/start-signup', layout: 'public', title: 'Start Signup' }],
  ...authScreen(),
  load: () => import('./index'),
});
