/**
 * The account area (spec §2.2 Account area side menu): its heading and items, decided here from
 * the session's user, for the account screens and the app's account settings menu. Items whose
 * screens do not exist yet are not listed: a link to a missing screen is a defect.
 */
import type { User } from '../../contract/auth';
import type { AccountType } from '../../contract/enums';
import { canChangePassword } from './loginProvider';

export interface AccountAreaItem {
  label: string;
  href: string;
  /** The item of the page shown (highlighted, aria-current). */
  current: boolean;
}

export interface AccountArea {
  organisationName: string;
  /** Individual Account, Charity Account, or Account. */
  badge: string;
  items: AccountAreaItem[];
}

/** The organisation's account-type badge: Individual Account, Charity Account, or Account. */
export function accountTypeLabel(type: AccountType): string {
  if (type === 'Individual') return 'Individual Account';
  if (type === 'Charity') return 'Charity Account';
  return 'Account';
}

/** /account is the same screen as /account/personal-details (spec §2.1). */
const PERSONAL_DETAILS = '/account/personal-details';
const currentPath = (pathname: string) =>
  pathname.replace(/\/+$/, '') === '/account' ? PERSONAL_DETAILS : pathname.replace(/\/+$/, '');

/** The side menu of the account area for `user` on `pathname`, in the spec's order. */
export function accountArea(
  user: Pick<User, 'currentTenant' | 'currentLoginProvider'>,
  pathname: string,
): AccountArea {
  const here = currentPath(pathname);
  const entries: Array<[label: string, href: string]> = [
    ['Organisation Details', '/account/organisation'],
    ['Subscription / Invoices', '/account/organisation/payments'],
    ['Integration', '/account/organisation/integration'],
    ['Personal Details', PERSONAL_DETAILS],
    ['Preferences', '/account/preferences'],
    ...(canChangePassword(user)
      ? ([['Change Password', '/account/change-password']] as Array<[string, string]>)
      : []),
    ['Data Privacy', '/account/data-privacy'],
  ];
  return {
    organisationName: user.currentTenant.name,
    badge: accountTypeLabel(user.currentTenant.tenantAccountType),
    items: entries.map(([label, href]) => ({ label, href, current: href === here })),
  };
}
