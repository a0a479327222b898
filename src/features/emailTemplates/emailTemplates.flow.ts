import { adminPage, defineFlow } from '../../shared/flow';

/** Email Templates, /admin/email-templates/ (spec §2.3 Admin): 'Coming soon'; hosts' Administrators only. */
export const emailTemplatesFlow = defineFlow({
  id: 'emailTemplates',
  routes: [adminPage('/admin/email-templates', 'Email Templates', 10)],
  access: 'host',
  load: () => import('./index'),
});
