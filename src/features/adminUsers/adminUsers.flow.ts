import { adminPage, defineFlow } from '../../shared/flow';
import type { adminUsersMachine } from './adminUsersMachine';

export type AdminUsersActors = { adminUsers: typeof adminUsersMachine };

/**
 * Every user of the platform, /admin/users (issue 19): hosts' Administrators only, in the admin
 * area. An impersonation started here establishes the impersonated session, and a session
 * established while this flow runs goes to /feed (the impersonated user's feed).
 */
export const adminUsersFlow = defineFlow<AdminUsersActors>({
  id: 'adminUsers',
  routes: [
    // Where an impersonation starts, and where stopping it returns the host.
    adminPage('/admin/users', 'Users', 70, { endsImpersonation: true }),
  ],
  access: 'host',
  whenSignedIn: { to: '/feed' },
  load: () => import('./index'),
  machines: () => import('./adminUsersMachine').then((m) => [m.adminUsersMachine]),
});
