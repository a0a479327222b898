import { adminPage, defineFlow } from '../../shared/flow';

/** Reports, /admin/reports/ (spec §2.3 Admin): 'Coming soon'; hosts' Administrators only. */
export const adminReportsFlow = defineFlow({
  id: 'adminReports',
  routes: [adminPage('/admin/reports', 'Reports', 30)],
  access: 'host',
  load: () => import('./index'),
});
