import { defineFlow } from '../../shared/flow';
import type { PasswordResetInput, passwordResetMachine } from './passwordResetMachine';

export type PasswordResetActors = { passwordReset: typeof passwordResetMachine };

/** Spec §9: the password minimum when the configuration gives none. */
const DEFAULT_MINIMUM_PASSWORD_LENGTH = 6;

/** The emailed password-reset link, /forgotten-password/{key}: a new password (spec §2.3). */
export const passwordResetFlow = defineFlow<PasswordResetActors, PasswordResetInput>({
  id: 'passwordReset',
  routes: [{ path: '/forgotten-password/:key', layout: 'public', title: 'Reset Password' }],
  access: 'public',
  signsOutOnVisit: true,
  whenSignedIn: { to: '/feed' },
  secretParams: ['key'],
  input: ({ params, configuration }) => ({
    key: params.key ?? '',
    minimumPasswordLength: configuration?.minimumPasswordLength ?? DEFAULT_MINIMUM_PASSWORD_LENGTH,
  }),
  load: () => import('./index'),
  machines: () => import('./passwordResetMachine').then((m) => [m.passwordResetMachine]),
});
