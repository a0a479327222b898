import type { User } from '../../../contract/auth';
import type { AppLayoutUser } from '../../views/layouts/AppLayoutView';

export function layoutUser(user: User): AppLayoutUser {
  return {
    fullName: user.fullName,
    handle: user.handle,
    avatarUrl: user.avatarUrl,
    avatarColor: user.avatarColor,
    avatarBGColor: user.avatarBGColor,
    tenantName: user.currentTenant.name,
  };
}
