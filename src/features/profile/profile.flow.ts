import { defineFlow } from '../../shared/flow';
import type { avatarUploadMachine } from '../../machines/avatarUploadMachine';
import type { dashboardInformationMachine } from '../../machines/dashboardInformationMachine';

export type ProfileActors = {
  avatarUpload: typeof avatarUploadMachine;
  dashboardInformation: typeof dashboardInformationMachine;
};

/**
 * Profile, /account/profile and /profile (spec §2.3): the avatar upload widget (hint: square
 * image, max 500x500), the counts Drops, Raised and Followers, the handle, and the tabs Profile,
 * Collectibles and Analytics. Its actors are the shared avatar upload machine and the dashboard
 * information (the counts, from GET users/getDashboardInformation).
 */
export const profileFlow = defineFlow<ProfileActors>({
  id: 'profile',
  routes: [
    { path: '/account/profile', layout: 'app', title: 'Profile' },
    { path: '/profile', layout: 'app', title: 'Profile' },
  ],
  access: 'user',
  load: () => import('./index'),
});
