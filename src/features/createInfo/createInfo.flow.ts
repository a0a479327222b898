import { defineFlow } from '../../platform/flow';

/** Create info /create-info: New Drop or New Post (spec §2.3). */
export const createInfoFlow = defineFlow({
  id: 'createInfo',
  routes: [{ path: '/create-info', layout: 'public', title: 'Create' }],
  access: 'public',
  load: () => import('./index'),
});
