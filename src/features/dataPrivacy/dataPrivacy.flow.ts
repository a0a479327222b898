import type { DeletionOutcome } from '../../../contract/account';
import { defineFlow } from '../../shared/flow';
import type { dataPrivacyMachine } from './dataPrivacyMachine';

export type DataPrivacyActors = { dataPrivacy: typeof dataPrivacyMachine };

export interface DataPrivacyRouteInput {
  /** /account/data-privacy is in the account area; /data-privacy is a full page. */
  inAccountArea: boolean;
  /**
   * The `deleted` query as it came: what a deletion in the account area deleted (its
   * confirmation). Read against the contract's outcomes by the flow's entry: this definition is
   * eager (the landing route carries it), the contract's values are not.
   */
  deleted: string | null;
}

export const ACCOUNT_DATA_PRIVACY_PATH = '/account/data-privacy';
export const DATA_PRIVACY_PATH = '/data-privacy';
/** The query /data-privacy reads: what a deletion deleted. */
export const DELETED_PARAM = 'deleted';

/** The full-page confirmation of a deletion made in the account area. */
export const deletedConfirmationPath = (outcome: DeletionOutcome) =>
  `${DATA_PRIVACY_PATH}?${DELETED_PARAM}=${outcome}`;

/**
 * Data Privacy (spec §2.3): /account/data-privacy in the account area, and /data-privacy in the
 * full-page layout (spec §2.1; its menu links there), which shows the data privacy information to
 * whoever opens it and the account actions to a signed-in person. Deleting signs the person out
 * and shows what went and what stays on /data-privacy.
 */
export const dataPrivacyFlow = defineFlow<DataPrivacyActors, DataPrivacyRouteInput>({
  id: 'dataPrivacy',
  routes: [
    { path: ACCOUNT_DATA_PRIVACY_PATH, layout: 'app', title: 'Data Privacy' },
    { path: DATA_PRIVACY_PATH, layout: 'fullPage', title: 'Data Privacy', access: 'anyone' },
  ],
  access: 'user',
  readsQuery: [DELETED_PARAM],
  input: ({ pathname, search }) => ({
    inAccountArea: pathname.startsWith('/account/'),
    deleted: pathname === DATA_PRIVACY_PATH ? new URLSearchParams(search).get(DELETED_PARAM) : null,
  }),
  load: () => import('./index'),
  machines: () => import('./dataPrivacyMachine').then((m) => [m.dataPrivacyMachine]),
});
