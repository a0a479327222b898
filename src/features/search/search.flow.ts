import { defineFlow } from '../../shared/flow';

/** Search: a bare input (spec §2.3). */
export const searchFlow = defineFlow({
  id: 'search',
  routes: [{ path: '/search', layout: 'app', title: 'Search' }],
  access: 'user',
  load: () => import('./index'),
});
