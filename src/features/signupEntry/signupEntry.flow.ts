import { authScreen, defineFlow } from '../../shared/flow';

/**
 * /brand-signup and /buyer-signup (spec §2.1 'Also seen'): visiting either signs the user out
 * (spec §2.1 Guard rules), then they start signup at /start-signup, where they choose the
 * account type.
 */
export const signupEntryFlow = defineFlow({
  id: 'signupEntry',
  routes: [
    { path: '/brand-signup', layout: 'none', title: 'Signup' },
    { path: '/buyer-signup', layout: 'none', title: 'Signup' },
  ],
  ...authScreen(),
  whenSignedOut: '/start-signup',
  load: () => import('./index'),
});
