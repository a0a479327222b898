import { shallowEqual, useSelector } from '@xstate/react';
import type { FlowScreenProps } from '../../shared/flow';
import { useAdminList } from '../../shared/useAdminList';
import { AdminOrganisationsView } from './AdminOrganisationsView';
import type { AdminOrganisationsActors } from './adminOrganisations.flow';
import { selectOrganisationRows, selectSwitchConfirmation } from './adminOrganisationsMachine';

/** /admin/organisations: the list, search, pages and the switches with their confirm dialog. */
export function AdminOrganisationsScreen({ flow }: FlowScreenProps<AdminOrganisationsActors>) {
  const ref = flow.adminOrganisations;
  return (
    <AdminOrganisationsView
      {...useAdminList(ref)}
      organisations={useSelector(ref, selectOrganisationRows, shallowEqual)}
      onSwitch={(change) => ref.send({ type: 'switch.request', change })}
      confirmation={useSelector(ref, selectSwitchConfirmation, shallowEqual)}
      onConfirm={() => ref.send({ type: 'confirm' })}
      onCancel={() => ref.send({ type: 'cancel' })}
    />
  );
}
