import type { User } from '../../../contract/auth';
import { rolesAllowed } from '../../machines/flows';
import { canChangePassword } from '../../shared/loginProvider';
import { organisationChoices } from '../../shared/organisations';
import type { AppLayoutUser } from '../../views/layouts/AppLayoutView';

export function layoutUser(user: User): AppLayoutUser {
  return {
    fullName: user.fullName,
    handle: user.handle,
    // Spec §3 Avatar type: a Stored, Url or Gravatar picture; Initials shows none.
    avatarUrl: user.avatarType === 'Initials' ? '' : user.avatarUrl,
    avatarColor: user.avatarColor,
    avatarBGColor: user.avatarBGColor,
    tenantName: user.currentTenant.name,
    canChangePassword: canChangePassword(user),
    // The Users screen (/users) is for Administrators (spec §6): its menu item only for them.
    canManageUsers: rolesAllowed('admin').includes(user.userRole),
    // The admin area (/admin) is for Administrators who are hosts (spec §2.3 Admin, §6), and
    // never for an impersonated session (the server refuses it every host call).
    canAdminister:
      user.isHost &&
      rolesAllowed('host').includes(user.userRole) &&
      user.impersonator === undefined,
    organisations: organisationChoices(user),
  };
}
