import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import type { LoadEditSaveEvent } from '../machines/loadEditSaveFactory';
import type { AccountAlert, AccountPanelStatus } from '../views/layouts/AccountPanel';

/** The selectors of a load → edit → save machine that say where its load and last call stand. */
export interface AccountPanelSelectors<TSnapshot> {
  loading: (snapshot: TSnapshot) => boolean;
  loadFailed: (snapshot: TSnapshot) => boolean;
  alert: (snapshot: TSnapshot) => AccountAlert | null;
}

/**
 * A load → edit → save screen's status for its AccountPanel (architecture.md §4): read through
 * the machine's own selectors; 'Try again' and the alert's dismiss send the factory's events.
 */
export function useAccountPanelStatus<TSnapshot extends Snapshot<unknown>>(
  ref: ActorRef<TSnapshot, LoadEditSaveEvent>,
  select: AccountPanelSelectors<TSnapshot>,
): Required<AccountPanelStatus> {
  return {
    loading: useSelector(ref, select.loading),
    loadFailed: useSelector(ref, select.loadFailed),
    onRetry: () => ref.send({ type: 'retry' }),
    alert: useSelector(ref, select.alert),
    onDismissAlert: () => ref.send({ type: 'alert.dismiss' }),
  };
}
