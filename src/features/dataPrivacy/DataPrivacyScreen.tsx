import { shallowEqual, useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { DataPrivacyView } from './DataPrivacyView';
import type { DataPrivacyActors } from './dataPrivacy.flow';
import {
  selectAccountAreaPath,
  selectConfirmingDeletion,
  selectCurrentOrganisationName,
  selectDataPrivacyAlert,
  selectDataPrivacyLoadFailed,
  selectDataPrivacyLoading,
  selectDeleting,
  selectDeletionScope,
  selectDeletionUnavailable,
  selectDownloading,
  selectPrivacyPolicy,
} from './dataPrivacyMachine';

interface DataPrivacyScreenProps extends FlowScreenProps<DataPrivacyActors> {
  supportUrl: string;
}

/** Data Privacy at /account/data-privacy (account area) and /data-privacy (full page). */
export function DataPrivacyScreen({ flow, user, supportUrl }: DataPrivacyScreenProps) {
  const ref = flow.dataPrivacy;
  const accountAreaPath = useSelector(ref, selectAccountAreaPath);
  const privacyPolicy = useSelector(ref, selectPrivacyPolicy, shallowEqual);
  const view = (
    <DataPrivacyView
      loading={useSelector(ref, selectDataPrivacyLoading)}
      loadFailed={useSelector(ref, selectDataPrivacyLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      privacyPolicy={privacyPolicy}
      supportUrl={supportUrl}
      downloading={useSelector(ref, selectDownloading)}
      onDownload={() => ref.send({ type: 'download.start' })}
      deletionScope={useSelector(ref, selectDeletionScope)}
      deletionUnavailable={useSelector(ref, selectDeletionUnavailable)}
      organisationName={useSelector(ref, selectCurrentOrganisationName)}
      confirmingDeletion={useSelector(ref, selectConfirmingDeletion)}
      deleting={useSelector(ref, selectDeleting)}
      onDeleteRequest={() => ref.send({ type: 'delete.request' })}
      onDeleteCancel={() => ref.send({ type: 'delete.cancel' })}
      onDeleteConfirm={() => ref.send({ type: 'delete.confirm' })}
      alert={useSelector(ref, selectDataPrivacyAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
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
