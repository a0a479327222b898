import { defineFlow } from '../../shared/flow';

/** Email Templates, /admin/email-templates/ (spec §2.3 Admin): 'Coming soon'; hosts' Administrators only. */
export const emailTemplatesFlow = defineFlow({
  id: 'emailTemplates',
  routes: [
    {
      path: '/admin/email-templates',
      layout: 'admin',
      title: 'Email Templates',
      adminMenu: { label: 'Email Templates', order: 10 },
    },
  ],
  access: 'host',
  load: () => import('./index'),
});
