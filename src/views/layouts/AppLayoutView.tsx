import type { ReactNode } from 'react';
import '../styles/globalStyles';
import { HeaderBar } from '../components/HeaderBar';
import { SkipLink } from '../components/SkipLink';
import { AccountMenu, type AccountMenuOrganisation, type AccountMenuUser } from './AccountMenu';
import { activeNavItem } from './activeNavItem';
import { BottomNav } from './BottomNav';
import { SideNav } from './SideNav';
import styles from './AppLayoutView.module.css';

/** The person the account settings menu shows, and what it may list for them. */
export interface AppLayoutUser extends AccountMenuUser {
  /** Spec §2.2: the account settings menu lists Change Password for Email logins only. */
  canChangePassword: boolean;
  /** The account settings menu lists Users (/users) for Administrators only. */
  canManageUsers: boolean;
  /** The account settings menu lists Admin (/admin) for Administrators who are hosts only. */
  canAdminister: boolean;
  /** The organisation switcher's list: the person's organisations when they have several. */
  organisations: readonly AccountMenuOrganisation[];
}

export interface AppLayoutViewProps {
  children: ReactNode;
  /** The current path; decides which navigation item is highlighted. */
  pathname: string;
  user: AppLayoutUser;
  /** Shown by the account menu's About dialog. */
  clientVersion: string;
  /** The switcher's choice of another organisation. */
  onSwitchOrganisation: (id: number) => void;
}

/**
 * The signed-in layout (spec §2.1, §2.2): header with the logo and the account settings menu;
 * side navigation above 768 px, a bottom bar of five icons at 768 px or less (switched by CSS).
 */
export function AppLayoutView({
  children,
  pathname,
  user,
  clientVersion,
  onSwitchOrganisation,
}: AppLayoutViewProps) {
  const active = activeNavItem(pathname);
  const avatar = {
    name: user.fullName,
    imageUrl: user.avatarUrl || null,
    color: user.avatarColor,
    bgColor: user.avatarBGColor,
  };
  return (
    <div className={styles.shell}>
      <SkipLink />
      <HeaderBar
        end={
          <>
            {user.tenantName ? <span className={styles.tenant}>{user.tenantName}</span> : null}
            <AccountMenu
              user={user}
              clientVersion={clientVersion}
              canChangePassword={user.canChangePassword}
              canManageUsers={user.canManageUsers}
              canAdminister={user.canAdminister}
              organisations={user.organisations}
              onSwitchOrganisation={onSwitchOrganisation}
            />
          </>
        }
      />
      <div className={styles.body}>
        <SideNav active={active} avatar={avatar} />
        <main id="main" tabIndex={-1} className={styles.main}>
          {children}
        </main>
      </div>
      <BottomNav active={active} avatar={avatar} />
    </div>
  );
}
