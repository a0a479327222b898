import { shallowEqual, useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { useAccountPanelStatus } from '../../shared/useAccountPanelStatus';
import { DataPrivacyView } from './DataPrivacyView';
import type { DataPrivacyActors } from './dataPrivacy.flow';
import * as chart from './dataPrivacyMachine';

interface DataPrivacyScreenProps extends FlowScreenProps<DataPrivacyActors> {
  supportUrl: string;
  privacyPolicyUrl: string;
}

/** Data Privacy at /account/data-privacy (account area) and /data-privacy (full page). */
export function DataPrivacyScreen({
  flow,
  user,
  supportUrl,
  privacyPolicyUrl,
}: DataPrivacyScreenProps) {
  const ref = flow.dataPrivacy;
  const status = useAccountPanelStatus(ref, {
    loading: chart.selectDataPrivacyLoading,
    loadFailed: chart.selectDataPrivacyLoadFailed,
    alert: chart.selectDataPrivacyAlert,
  });
  const accountAreaPath = useSelector(ref, chart.selectAccountAreaPath);
  const privacyPolicy = useSelector(ref, chart.selectPrivacyPolicy, shallowEqual);
  const view = (
    <DataPrivacyView
      {...status}
      page={useSelector(ref, chart.selectDataPrivacyPage)}
      deletedOutcome={useSelector(ref, chart.selectDeletedOutcome)}
      privacyPolicy={privacyPolicy}
      supportUrl={supportUrl}
      privacyPolicyUrl={privacyPolicyUrl}
      downloading={useSelector(ref, chart.selectDownloading)}
      onDownload={() => ref.send({ type: 'download.start' })}
      deletionPlan={useSelector(ref, chart.selectDeletionPlan, shallowEqual)}
      deletionUnavailable={useSelector(ref, chart.selectDeletionUnavailable)}
      confirmingDeletion={useSelector(ref, chart.selectConfirmingDeletion)}
      deleting={useSelector(ref, chart.selectDeleting)}
      onDeleteRequest={() => ref.send({ type: 'delete.request' })}
      onDeleteCancel={() => ref.send({ type: 'delete.cancel' })}
      onDeleteConfirm={() => ref.send({ type: 'delete.confirm' })}
    />
  );
  return accountAreaPath && user ? (
    <AccountAreaFrame user={user} path={accountAreaPath}>
      {view}
    </AccountAreaFrame>
  ) : (
    view
  );
}
