import { authScreen, defineFlow, emailedKeyInput } from '../../shared/flow';
import type { PasswordResetInput, passwordResetMachine } from './passwordResetMachine';

export type PasswordResetActors = { passwordReset: typeof passwordResetMachine };

/** The emailed password-reset link, /forgotten-password/{key}: a new password (spec §2.3). */
export const passwordResetFlow = defineFlow<PasswordResetActors, PasswordResetInput>({
  id: 'passwordReset',
  routes: [{ path: '/forgotten-password/:key', layout: 'public', title: 'Reset Password' }],
  ...authScreen(),
  secretParams: ['key'],
  input: emailedKeyInput,
  load: () => import('./index'),
  machines: () => import('./passwordResetMachine').then((m) => [m.passwordResetMachine]),
});
