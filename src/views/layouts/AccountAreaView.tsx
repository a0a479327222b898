import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../utils/cx';
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
  children,
}: AccountAreaViewProps) {
  return (
    <div className={styles.area}>
      <nav className={styles.menu} aria-label="Account">
        <div className={styles.heading}>
          <p className={styles.organisation}>{organisationName}</p>
          <span className={styles.badge}>{badge}</span>
        </div>
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
