import { defineFlow } from '../../shared/flow';
import type { adminUsersMachine } from './adminUsersMachine';

/** Where an impersonation starts, and where stopping it returns the host (the session's goToAdminUsers). */
export const ADMIN_USERS_PATH = '/admin/users';

export type AdminUsersActors = { adminUsers: typeof adminUsersMachine };

/**
 * Every user of the platform, /admin/users (issue 19): hosts' Administrators only, in the admin
 * area. An impersonation started here establishes the impersonated session, and a session
 * established while this flow runs goes to /feed (the impersonated user's feed).
 */
export const adminUsersFlow = defineFlow<AdminUsersActors>({
  id: 'adminUsers',
  routes: [
    {
      path: ADMIN_USERS_PATH,
      layout: 'admin',
      title: 'Users',
      adminMenu: { label: 'Users', order: 70 },
    },
  ],
  access: 'host',
  whenSignedIn: { to: '/feed' },
  load: () => import('./index'),
  machines: () => import('./adminUsersMachine').then((m) => [m.adminUsersMachine]),
});
