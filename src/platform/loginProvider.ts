import type { User } from '../../contract/auth';

/**
 * Spec §2.2, §6: Change Password is only for users whose current login provider is Email (the
 * account settings menu and the account area list it only then). Its own module: the app
 * layout's menu needs it on the landing route, the rest of the account area does not.
 */
export const canChangePassword = (user: Pick<User, 'currentLoginProvider'>): boolean =>
  user.currentLoginProvider === 'Email';
