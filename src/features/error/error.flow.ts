import { defineFlow } from '../../shared/flow';

/** /error: the application error screen (spec §2.1). */
export const errorFlow = defineFlow({
  id: 'error',
  routes: [{ path: '/error', layout: 'none', title: 'Error' }],
  access: 'public',
  load: () => import('./index'),
});
