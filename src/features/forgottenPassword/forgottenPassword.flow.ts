import { authScreen, defineFlow } from '../../shared/flow';
import type { passwordResetRequestMachine } from './passwordResetRequestMachine';

export type ForgottenPasswordActors = { passwordResetRequest: typeof passwordResetRequestMachine };

/** Forgotten password: email field, Request Password Reset (spec §2.3, §4). */
export const forgottenPasswordFlow = defineFlow<ForgottenPasswordActors>({
  id: 'forgottenPassword',
  routes: [{ path: '/forgotten-password', layout: 'public', title: 'Forgotten Password' }],
  ...authScreen(),
  load: () => import('./index'),
  machines: () =>
    import('./passwordResetRequestMachine').then((m) => [m.passwordResetRequestMachine]),
});
