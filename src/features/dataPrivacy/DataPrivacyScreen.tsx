import { shallowEqual, useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { useAccountPanelStatus } from '../../shared/useAccountPanelStatus';
import { DataPrivacyView } from './DataPrivacyView';
import type { DataPrivacyActors } from './dataPrivacy.flow';
import * as chart from './dataPrivacyMachine';

interface DataPrivacyScreenProps extends FlowScreenProps<DataPrivacyActors> {
  supportUrl: string;
}

/** Data Privacy at /account/data-privacy (account area) and /data-privacy (full page). */
export function DataPrivacyScreen({ flow, user, supportUrl }: DataPrivacyScreenProps) {
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
      privacyPolicy={privacyPolicy}
      supportUrl={supportUrl}
      downloading={useSelector(ref, chart.selectDownloading)}
      onDownload={() => ref.send({ type: 'download.start' })}
      deletionScope={useSelector(ref, chart.selectDeletionScope)}
      deletionUnavailable={useSelector(ref, chart.selectDeletionUnavailable)}
      organisationName={useSelector(ref, chart.selectCurrentOrganisationName)}
      confirmingDeletion={useSelector(ref, chart.selectConfirmingDeletion)}
      deleting={useSelector(ref, chart.selectDeleting)}
      onDeleteRequest={() => ref.send({ type: 'delete.request' })}
      onDeleteCancel={() => ref.send({ type: 'delete.cancel' })}
      onDeleteConfirm={() => ref.send({ type: 'delete.confirm' })}
    />
  );
  if (!user) return null;
  return accountAreaPath ? (
    <AccountAreaFrame user={user} path={accountAreaPath}>
      {view}
    </AccountAreaFrame>
  ) : (
    view
  );
}
