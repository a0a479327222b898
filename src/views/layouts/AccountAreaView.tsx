import type { ReactNode } from 'react';
import { ChevronsUpDown } from 'lucide-react';
import { Link } from 'wouter';
import { MenuButton } from '../components/MenuButton';
import { cx } from '../utils/cx';
import { organisationItems, type AccountMenuOrganisation } from './AccountMenu';
import styles from './AccountAreaView.module.css';

export interface AccountAreaMenuItem {
  label: string;
  href: string;
  current: boolean;
}

export interface AccountAreaViewProps {
  organisationName: string;
  /** Individual Account, Charity Account, or Account. */
  badge: string;
  items: readonly AccountAreaMenuItem[];
  /** The organisation switcher's list: the person's organisations when they have several. */
  organisations: readonly AccountMenuOrganisation[];
  onSwitchOrganisation: (id: number) => void;
  children: ReactNode;
}

/**
 * The account area (spec §2.2): a side menu headed by the organisation's name and its
 * account-type badge, the current item highlighted; at 768 px and below the menu sits above the
 * content as a row of links.
 */
export function AccountAreaView({
  organisationName,
  badge,
  items,
  organisations,
  onSwitchOrganisation,
  children,
}: AccountAreaViewProps) {
  return (
    <AreaView
      label="Account"
      heading={
        <>
          <p className={styles.organisation}>{organisationName}</p>
          {organisations.length > 0 ? (
            <MenuButton
              label="Switch organisation"
              align="start"
              trigger={<ChevronsUpDown size={18} aria-hidden="true" />}
              triggerClassName={styles.switcher}
              sections={[
                {
                  label: 'Your organisations',
                  items: organisationItems(organisations, onSwitchOrganisation),
                },
              ]}
              items={[]}
            />
          ) : null}
          <span className={styles.badge}>{badge}</span>
        </>
      }
      items={items}
    >
      {children}
    </AreaView>
  );
}

export interface AreaViewProps {
  /** The menu's accessible name. */
  label: string;
  /** What heads the menu. */
  heading: ReactNode;
  items: readonly AccountAreaMenuItem[];
  children: ReactNode;
}

/**
 * An area's frame (the account area, the admin area): a side menu with its heading, the current
 * item highlighted (aria-current); at 768 px and below the menu sits above the content as a row
 * of links, so both areas read the same.
 */
export function AreaView({ label, heading, items, children }: AreaViewProps) {
  return (
    <div className={styles.area}>
      <nav className={styles.menu} aria-label={label}>
        <div className={styles.heading}>{heading}</div>
        <ul className={styles.items}>
          {items.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className={cx(styles.item, item.current && styles.current)}
                aria-current={item.current ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
