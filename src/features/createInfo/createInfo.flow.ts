import { defineFlow } from '../../platform/flow';

/**
 * Create info /create-info: New Drop or New Post (spec §2.3). A signed-in person chooses inside
 * the app layout (with the app's navigation); a visitor sees the public layout.
 */
export const createInfoFlow = defineFlow({
  id: 'createInfo',
  routes: [{ path: '/create-info', layout: 'landing', title: 'Create' }],
  access: 'public',
  load: () => import('./index'),
});
