import { defineFlow } from '../../shared/flow';

/** /error: the application error screen, in the public layout with its header (spec §2.1). */
export const errorFlow = defineFlow({
  id: 'error',
  routes: [{ path: '/error', layout: 'public', title: 'Error' }],
  access: 'public',
  load: () => import('./index'),
});
