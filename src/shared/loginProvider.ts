import type { User } from '../../contract/auth';

/**
 * Spec §2.2, §6: Change Password is only for users whose current login provider is Email (the
 * account settings menu and the account area list it only then), and never in an impersonated
 * session (issue 19: the server refuses it there). Its own module: the app layout's menu needs it
 * on the landing route, the rest of the account area does not.
 */
export const canChangePassword = (
  user: Pick<User, 'currentLoginProvider' | 'impersonator'>,
): boolean => user.currentLoginProvider === 'Email' && user.impersonator === undefined;
