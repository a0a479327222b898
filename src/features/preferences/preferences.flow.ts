import { defineFlow } from '../../shared/flow';
import type { preferencesMachine } from './preferencesMachine';

export type PreferencesActors = { preferences: typeof preferencesMachine };

/** Preferences ('Communication Preferences', spec §2.3) at /account/preferences. */
export const preferencesFlow = defineFlow<PreferencesActors>({
  id: 'preferences',
  routes: [{ path: '/account/preferences', layout: 'app', title: 'Preferences' }],
  access: 'user',
  load: () => import('./index'),
  machines: () => import('./preferencesMachine').then((m) => [m.preferencesMachine]),
});
