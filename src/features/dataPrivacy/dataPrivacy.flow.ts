import { defineFlow } from '../../shared/flow';
import type { dataPrivacyMachine } from './dataPrivacyMachine';

export type DataPrivacyActors = { dataPrivacy: typeof dataPrivacyMachine };

export interface DataPrivacyRouteInput {
  /** /account/data-privacy is in the account area; /data-privacy is a full page. */
  inAccountArea: boolean;
}

export const ACCOUNT_DATA_PRIVACY_PATH = '/account/data-privacy';

/**
 * Data Privacy (spec §2.3): /account/data-privacy in the account area, and /data-privacy in the
 * full-page layout for people still onboarding (its menu links there). Deleting signs the person
 * out and goes to /.
 */
export const dataPrivacyFlow = defineFlow<DataPrivacyActors, DataPrivacyRouteInput>({
  id: 'dataPrivacy',
  routes: [
    { path: ACCOUNT_DATA_PRIVACY_PATH, layout: 'app', title: 'Data Privacy' },
    { path: '/data-privacy', layout: 'fullPage', title: 'Data Privacy', access: 'onboarding' },
  ],
  access: 'user',
  whenSignedOut: '/',
  input: ({ pathname }) => ({ inAccountArea: pathname.startsWith('/account/') }),
  load: () => import('./index'),
  machines: () => import('./dataPrivacyMachine').then((m) => [m.dataPrivacyMachine]),
});
