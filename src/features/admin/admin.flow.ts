import { defineFlow } from '../../shared/flow';

/**
 * The admin area's overview, /admin (spec §2.3 Admin): Administrators who are hosts only (an
 * Administrator who is not a host is sent to /dashboard, a Standard User to /, spec §6). Its side menu lists the admin sections; this page says
 * what the area is for, so /admin stays a page of its own whichever section comes first.
 */
export const adminFlow = defineFlow({
  id: 'admin',
  routes: [{ path: '/admin', layout: 'admin', title: 'Admin' }],
  access: 'host',
  load: () => import('./index'),
});
