import { defineFlow } from '../../shared/flow';
import type { avatarUploadMachine } from '../../machines/avatarUploadMachine';
import type { dashboardInformationMachine } from '../../machines/dashboardInformationMachine';
import type { myPostsMachine } from './myPostsMachine';

export type ProfileActors = {
  avatarUpload: typeof avatarUploadMachine;
  dashboardInformation: typeof dashboardInformationMachine;
  myPosts: typeof myPostsMachine;
};

/**
 * Profile, /account/profile and /profile (spec §2.3): the avatar upload widget (hint: square
 * image, max 500x500), the counts Drops, Raised and Followers, the handle, and the tabs Profile,
 * Collectibles and Analytics; and My posts (issue 34): the person's own posts under the tabs
 * Published, Scheduled and Drafts, with Edit and Delete. Its actors are the shared avatar upload
 * machine, the dashboard information (the counts, from GET users/getDashboardInformation) and My
 * posts (posts/list by status, posts/delete).
 */
export const profileFlow = defineFlow<ProfileActors>({
  id: 'profile',
  routes: [
    { path: '/account/profile', layout: 'app', title: 'Profile' },
    { path: '/profile', layout: 'app', title: 'Profile' },
  ],
  access: 'user',
  load: () => import('./index'),
  machines: () => import('./myPostsMachine').then((m) => [m.myPostsMachine]),
});
