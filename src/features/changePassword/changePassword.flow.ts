import { defineFlow } from '../../platform/flow';
import { resolveMinimumPasswordLength } from '../../validation/password';
import type { ChangePasswordInput, changePasswordMachine } from './changePasswordMachine';

export type ChangePasswordActors = { changePassword: typeof changePasswordMachine };

/** The part of the input the route gives (the login provider comes from the session). */
export type ChangePasswordRouteInput = Omit<ChangePasswordInput, 'loginProvider'>;

/** Change Password (spec §2.3, §6: Email logins only) at /account/change-password. */
export const changePasswordFlow = defineFlow<ChangePasswordActors, ChangePasswordRouteInput>({
  id: 'changePassword',
  routes: [{ path: '/account/change-password', layout: 'app', title: 'Change Password' }],
  access: 'user',
  input: ({ configuration }) => ({
    minimumPasswordLength: resolveMinimumPasswordLength(configuration?.minimumPasswordLength),
  }),
  load: () => import('./index'),
  machines: () => import('./changePasswordMachine').then((m) => [m.changePasswordMachine]),
});
