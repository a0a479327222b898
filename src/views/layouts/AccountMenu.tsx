import { lazy, Suspense, useState } from 'react';
import {
  Building2,
  Check,
  IdCard,
  Info,
  KeyRound,
  LogOut,
  Plus,
  ShieldCheck,
  SlidersHorizontal,
  Users,
  Wrench,
} from 'lucide-react';
import { Avatar, avatarInitials } from '../components/Avatar';
import { MenuButton } from '../components/MenuButton';
import type { MenuButtonItem, MenuButtonSection } from '../components/MenuButton';
import styles from './AccountMenu.module.css';

const ICON_SIZE = 18;

// The About dialog is the only dialog of the app's frame: it loads when first asked for, so the
// landing route carries no dialog code (scripts/budget.ts).
const Modal = lazy(() =>
  import('../components/Modal').then((module) => ({ default: module.Modal })),
);

export interface AccountMenuUser {
  fullName: string;
  handle: string;
  /** The picture to show ('' for the initials). */
  avatarUrl: string;
  avatarColor: string;
  avatarBGColor: string;
  tenantName: string;
}

export interface AccountMenuProps {
  user: AccountMenuUser;
  clientVersion: string;
  /** Spec §2.2: Change Password is listed only when the current login provider is Email. */
  canChangePassword: boolean;
  /** The Users screen is listed for Administrators only. */
  canManageUsers: boolean;
  /** The admin area (/admin) is listed for Administrators who are hosts only (spec §2.3 Admin). */
  canAdminister: boolean;
  /** The organisation switcher's list (empty unless the person has more than one). */
  organisations: readonly AccountMenuOrganisation[];
  onSwitchOrganisation: (id: number) => void;
}

export interface AccountMenuOrganisation {
  id: number;
  name: string;
  current: boolean;
}

/** The organisation switcher's items: the current one marked with a tick. */
export function organisationItems(
  organisations: readonly AccountMenuOrganisation[],
  onSwitch: (id: number) => void,
): MenuButtonItem[] {
  return organisations.map((organisation) => ({
    kind: 'action',
    label: organisation.name,
    current: organisation.current,
    onSelect: () => onSwitch(organisation.id),
    icon: organisation.current ? <Check size={ICON_SIZE} /> : <Building2 size={ICON_SIZE} />,
  }));
}

/**
 * The menu button's name. Without a picture the button shows the user's initials: visible text,
 * so its name starts with them (WCAG 2.5.3 Label in Name), 'MR, Account settings', and a voice
 * command that says what is on screen finds the button too.
 */
function accountMenuLabel(user: Pick<AccountMenuUser, 'fullName' | 'avatarUrl'>): string {
  return user.avatarUrl ? 'Account settings' : `${avatarInitials(user.fullName)}, Account settings`;
}

/** The account settings menu of the app header (spec §2.2), with the About dialog. */
export function AccountMenu({
  user,
  clientVersion,
  canChangePassword,
  canManageUsers,
  canAdminister,
  organisations,
  onSwitchOrganisation,
}: AccountMenuProps) {
  const [aboutOpen, setAboutOpen] = useState(false);
  // Mounted from the first opening on, so closing it is the dialog's own close (focus returns).
  const [aboutAsked, setAboutAsked] = useState(false);
  // The person's organisations (to switch between, when they have several) and a new one.
  const sections: MenuButtonSection[] = [
    {
      label: 'Organisations',
      items: [
        ...organisationItems(organisations, onSwitchOrganisation),
        {
          kind: 'link',
          label: 'New Organisation',
          href: '/account/organisation/new',
          icon: <Plus size={ICON_SIZE} />,
        },
      ],
    },
  ];
  const items: MenuButtonItem[] = [
    {
      kind: 'link',
      label: 'Personal Information',
      href: '/account/personal-details',
      icon: <IdCard size={ICON_SIZE} />,
    },
    {
      kind: 'link',
      label: 'Data Privacy',
      href: '/account/data-privacy',
      icon: <ShieldCheck size={ICON_SIZE} />,
    },
    ...(canChangePassword
      ? [
          {
            kind: 'link',
            label: 'Change Password',
            href: '/account/change-password',
            icon: <KeyRound size={ICON_SIZE} />,
          } satisfies MenuButtonItem,
        ]
      : []),
    {
      kind: 'link',
      label: 'Preferences',
      href: '/account/preferences',
      icon: <SlidersHorizontal size={ICON_SIZE} />,
    },
    ...(canManageUsers
      ? [
          {
            kind: 'link',
            label: 'Users',
            href: '/users',
            icon: <Users size={ICON_SIZE} />,
          } satisfies MenuButtonItem,
        ]
      : []),
    ...(canAdminister
      ? [
          {
            kind: 'link',
            label: 'Admin',
            href: '/admin',
            icon: <Wrench size={ICON_SIZE} />,
          } satisfies MenuButtonItem,
        ]
      : []),
    { kind: 'link', label: 'Logout', href: '/logout', icon: <LogOut size={ICON_SIZE} /> },
    {
      kind: 'action',
      label: 'About',
      onSelect: () => {
        setAboutAsked(true);
        setAboutOpen(true);
      },
      icon: <Info size={ICON_SIZE} />,
    },
  ];
  return (
    <>
      <MenuButton
        label={accountMenuLabel(user)}
        trigger={
          <Avatar
            name={user.fullName}
            imageUrl={user.avatarUrl}
            color={user.avatarColor}
            bgColor={user.avatarBGColor}
            size={36}
            alt=""
          />
        }
        header={
          <div className={styles.identity}>
            <p className={styles.name}>{user.fullName}</p>
            {user.handle ? <p className={styles.handle}>@{user.handle}</p> : null}
            {user.tenantName ? <p className={styles.tenant}>{user.tenantName}</p> : null}
          </div>
        }
        sections={sections}
        items={items}
      />
      {aboutAsked ? (
        <Suspense fallback={null}>
          <Modal
            open={aboutOpen}
            title="About Givedrop"
            buttons="OK"
            onClose={() => setAboutOpen(false)}
          >
            <p>Givedrop version {clientVersion}</p>
          </Modal>
        </Suspense>
      ) : null}
    </>
  );
}
