import type { dashboardInformationMachine } from '../../machines/dashboardInformationMachine';
import { defineFlow } from '../../shared/flow';
import type { dropsCarouselMachine } from './dropsCarouselMachine';
import type { postsFeedMachine } from './postsFeedMachine';

export type HomeActors = {
  postsFeed: typeof postsFeedMachine;
  dropsCarousel: typeof dropsCarouselMachine;
  /** The signed-in greeting's first name (GET users/getDashboardInformation); idle for a visitor. */
  dashboardInformation: typeof dashboardInformationMachine;
};

export interface HomeInput {
  /** The `new` query parameter: a new post's guid, shown first (spec §2.3 Landing). */
  showFirstGuid: string | null;
}

/** The longest `new` parameter read (a guid is 36 characters). */
const NEW_PARAM_MAX = 64;

/**
 * The landing page / and the signed-in home (/feed, /dashboard, any unknown path): the Drops
 * carousel plus the Posts feed; signed-out visitors see the same with sample data (spec §2.3).
 */
export const homeFlow = defineFlow<HomeActors, HomeInput>({
  id: 'home',
  routes: [
    // A signed-in person whose organisation is onboarding is sent to the onboarding flow.
    { path: '/', layout: 'landing', title: 'Home', access: 'landing' },
    { path: '/feed', layout: 'app', title: 'Home', access: 'user' },
    { path: '/dashboard', layout: 'app', title: 'Home', access: 'user' },
    { path: '*', layout: 'landing', title: 'Home', access: 'landing' },
  ],
  access: 'public',
  followsSession: true,
  readsQuery: ['new'],
  input: ({ search }) => {
    const value = new URLSearchParams(search).get('new');
    return { showFirstGuid: value && value.length <= NEW_PARAM_MAX ? value : null };
  },
  load: () => import('./index'),
  machines: async () => [
    (await import('./postsFeedMachine')).postsFeedMachine,
    (await import('./dropsCarouselMachine')).dropsCarouselMachine,
  ],
});
