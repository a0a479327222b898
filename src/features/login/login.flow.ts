import { authScreen, defineFlow } from '../../shared/flow';
import type { thirdPartySignInMachine } from '../../machines/thirdPartySignInMachine';
import type { loginMachine } from './loginMachine';

export type LoginActors = {
  loginForm: typeof loginMachine;
  loginThirdParty: typeof thirdPartySignInMachine;
};

/** Login (titled Welcome Back): the email form and 'Login with Google' (spec §2.3). */
export const loginFlow = defineFlow<LoginActors>({
  id: 'login',
  routes: [
    { path: '/login', layout: 'fullPage', title: 'Welcome Back' },
    { path: '/account/login', layout: 'public', title: 'Welcome Back' },
  ],
  ...authScreen({ to: '/dashboard', orRemembered: true }),
  load: () => import('./index'),
  machines: () => import('./loginMachine').then((m) => [m.loginMachine]),
});
