import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { avatarUploadHints, selectAvatarBusy } from '../../machines/avatarUploadMachine';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import { AvatarUploadWidget } from '../../shared/AvatarUploadWidget';
import type { FlowScreenProps } from '../../shared/flow';
import { useAccountPanelStatus } from '../../shared/useAccountPanelStatus';
import { organisationDetailsFormValues } from '../../validation/organisation';
import { OrganisationDetailsView } from './OrganisationDetailsView';
import type { OrganisationDetailsActors } from './organisationDetails.flow';
import * as chart from './organisationDetailsMachine';

type LogoRef = NonNullable<ReturnType<typeof chart.selectOrganisationLogoRef>>;

/** Organisation Details at /account/organisation, in the account area. */
export function OrganisationDetailsScreen({
  flow,
  user,
}: FlowScreenProps<OrganisationDetailsActors>) {
  const ref = flow.organisationDetails;
  const status = useAccountPanelStatus(ref, {
    loading: chart.selectOrganisationLoading,
    loadFailed: chart.selectOrganisationLoadFailed,
    alert: chart.selectOrganisationAlert,
  });
  const organisation = useSelector(ref, chart.selectOrganisation);
  const saving = useSelector(ref, chart.selectOrganisationSaving);
  const canEdit = useSelector(ref, chart.selectCanEditOrganisation);
  const logoRef = useSelector(ref, chart.selectOrganisationLogoRef);
  const editableLogoRef = useSelector(ref, chart.selectEditableLogoRef);
  // Save waits while the logo widget checks or uploads, as Create Organisation does (a save then
  // would keep the old logo).
  const logoBusy = useSelector(logoRef, (logo) => (logo ? selectAvatarBusy(logo) : false));
  // The form takes its starting values when it mounts (once loaded); a save keeps what it holds.
  const initialValues = useMemo(
    () => (organisation ? organisationDetailsFormValues(organisation) : null),
    [organisation],
  );
  if (!user) return null;
  return (
    <AccountAreaFrame user={user} path="/account/organisation">
      <OrganisationDetailsView
        {...status}
        initialValues={initialValues}
        canEdit={canEdit}
        logo={
          editableLogoRef ? (
            <LogoWidget
              logoRef={editableLogoRef}
              name={organisation?.name ?? user.currentTenant.name}
            />
          ) : null
        }
        logoUrl={organisation?.logoUrl ?? ''}
        logoBusy={logoBusy}
        saving={saving}
        onSubmit={(values) => ref.send({ type: 'form.submit', values })}
      />
    </AccountAreaFrame>
  );
}

function LogoWidget({ logoRef, name }: { logoRef: LogoRef; name: string }) {
  return (
    <AvatarUploadWidget
      avatarRef={logoRef}
      hint={avatarUploadHints.organisationLogo}
      name={name}
      label="Organisation logo"
    />
  );
}
