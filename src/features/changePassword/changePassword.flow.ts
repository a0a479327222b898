import { defineFlow } from '../../shared/flow';
import type { ChangePasswordInput, changePasswordMachine } from './changePasswordMachine';

export type ChangePasswordActors = { changePassword: typeof changePasswordMachine };

/**
 * The part of the input the route gives (the login provider and whether it is an impersonation
 * come from the session).
 */
export type ChangePasswordRouteInput = Omit<ChangePasswordInput, 'loginProvider' | 'impersonated'>;

/** Change Password (spec §2.3, §6: Email logins only) at /account/change-password. */
export const changePasswordFlow = defineFlow<ChangePasswordActors, ChangePasswordRouteInput>({
  id: 'changePassword',
  routes: [{ path: '/account/change-password', layout: 'app', title: 'Change Password' }],
  access: 'user',
  // Resolved (6 when not a positive whole number) by the lazy entry: the form rules stay out of
  // the landing page's JavaScript.
  input: ({ configuration }) => ({
    minimumPasswordLength: configuration?.minimumPasswordLength ?? 0,
  }),
  load: () => import('./index'),
  machines: () => import('./changePasswordMachine').then((m) => [m.changePasswordMachine]),
});
