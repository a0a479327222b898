import { defineFlow } from '../../shared/flow';
import type { usersMachine } from './usersMachine';

export type UsersActors = { users: typeof usersMachine };

/** The Users screen (spec §2.3), /users: Administrators only (others are sent to /). */
export const usersFlow = defineFlow<UsersActors>({
  id: 'users',
  routes: [{ path: '/users', layout: 'app', title: 'Users' }],
  access: 'admin',
  load: () => import('./index'),
  machines: () => import('./usersMachine').then((m) => [m.usersMachine]),
});
