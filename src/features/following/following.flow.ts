import { defineFlow } from '../../shared/flow';

/** Following: the static sample list with its tabs and name filter (spec §2.3). */
export const followingFlow = defineFlow({
  id: 'following',
  routes: [{ path: '/following', layout: 'app', title: 'Following' }],
  access: 'user',
  load: () => import('./index'),
});
