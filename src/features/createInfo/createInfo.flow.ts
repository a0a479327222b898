import { defineFlow } from '../../shared/flow';

/**
 * Create info /create-info: New Drop or New Post (spec §2.3). A signed-in person chooses inside
 * the app layout (with the app's navigation), and one whose organisation is onboarding is sent to
 * /onboarding as the app layout does (spec §2.1); a visitor sees the public layout. /create (spec
 * §2.1 App layout) is the app layout's entry to creating: the same choice, for signed-in people.
 */
export const createInfoFlow = defineFlow({
  id: 'createInfo',
  routes: [
    { path: '/create-info', layout: 'landing', title: 'Create', access: 'landing' },
    { path: '/create', layout: 'app', title: 'Create', access: 'user' },
  ],
  access: 'public',
  load: () => import('./index'),
});
