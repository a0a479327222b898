import { defineFlow } from '../../shared/flow';

/** Logout: 'Logging out...', signs out and goes to / (spec §2.3). */
export const logoutFlow = defineFlow({
  id: 'logout',
  routes: [
    { path: '/logout', layout: 'none', title: 'Logging out' },
    { path: '/auth/logout', layout: 'none', title: 'Logging out' },
  ],
  access: 'public',
  signsOutOnVisit: true,
  whenSignedOut: '/',
  load: () => import('./index'),
});
