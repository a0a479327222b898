import { useSelector } from '@xstate/react';
import { avatarUploadHints } from '../../machines/avatarUploadMachine';
import {
  selectDashboardCounts,
  selectDashboardFailure,
} from '../../machines/dashboardInformationMachine';
import { AvatarUploadWidget } from '../../shared/AvatarUploadWidget';
import type { FlowScreenProps } from '../../shared/flow';
import { ProfileView } from './ProfileView';
import type { ProfileActors } from './profile.flow';
import { accountTypeLabel } from '../../shared/accountArea';

/** Profile, /account/profile and /profile: the person's own, from their session. */
export function ProfileScreen({ flow, user }: FlowScreenProps<ProfileActors>) {
  const counts = useSelector(flow.dashboardInformation, selectDashboardCounts);
  const countsError = useSelector(flow.dashboardInformation, selectDashboardFailure);
  if (!user) return null;
  return (
    <ProfileView
      avatar={
        <AvatarUploadWidget
          avatarRef={flow.avatarUpload}
          hint={avatarUploadHints.profile}
          name={user.fullName}
          color={user.avatarColor}
          bgColor={user.avatarBGColor}
        />
      }
      fullName={user.fullName}
      handle={user.handle}
      email={user.email}
      organisation={user.currentTenant.name}
      accountType={accountTypeLabel(user.currentTenant.tenantAccountType)}
      counts={counts}
      countsError={countsError}
      onRetryCounts={() => flow.dashboardInformation.send({ type: 'retry' })}
    />
  );
}
