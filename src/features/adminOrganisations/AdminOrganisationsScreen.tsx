import { shallowEqual, useSelector } from '@xstate/react';
import type { FlowScreenProps } from '../../shared/flow';
import { AdminOrganisationsView } from './AdminOrganisationsView';
import type { AdminOrganisationsActors } from './adminOrganisations.flow';
import {
  selectOrganisationRows,
  selectOrganisationsAlert,
  selectOrganisationsLoadFailed,
  selectOrganisationsLoading,
  selectOrganisationsPageLoading,
  selectOrganisationsPage,
  selectOrganisationsSearch,
  selectSwitchConfirmation,
} from './adminOrganisationsMachine';

/** /admin/organisations: the list, search, pages and the switches with their confirm dialog. */
export function AdminOrganisationsScreen({ flow }: FlowScreenProps<AdminOrganisationsActors>) {
  const ref = flow.adminOrganisations;
  return (
    <AdminOrganisationsView
      loading={useSelector(ref, selectOrganisationsLoading)}
      pageLoading={useSelector(ref, selectOrganisationsPageLoading)}
      loadFailed={useSelector(ref, selectOrganisationsLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      search={useSelector(ref, selectOrganisationsSearch)}
      onSearch={(value) => ref.send({ type: 'search.change', value })}
      organisations={useSelector(ref, selectOrganisationRows, shallowEqual)}
      page={useSelector(ref, selectOrganisationsPage, shallowEqual)}
      onPrevious={() => ref.send({ type: 'page.previous' })}
      onNext={() => ref.send({ type: 'page.next' })}
      onSwitch={(change) => ref.send({ type: 'switch.request', change })}
      confirmation={useSelector(ref, selectSwitchConfirmation, shallowEqual)}
      onConfirm={() => ref.send({ type: 'confirm' })}
      onCancel={() => ref.send({ type: 'cancel' })}
      alert={useSelector(ref, selectOrganisationsAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
    />
  );
}
