import { defineFlow } from '../../shared/flow';

/** Reports, /admin/reports/ (spec §2.3 Admin): 'Coming soon'; hosts' Administrators only. */
export const adminReportsFlow = defineFlow({
  id: 'adminReports',
  routes: [
    {
      path: '/admin/reports',
      layout: 'admin',
      title: 'Reports',
      adminMenu: { label: 'Reports', order: 20 },
    },
  ],
  access: 'host',
  load: () => import('./index'),
});
