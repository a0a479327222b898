import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../utils/cx';
import styles from './AccountAreaView.module.css';

export interface AdminMenuItem {
  label: string;
  href: string;
  /** The item of the page shown (highlighted, aria-current). */
  current: boolean;
}

export interface AdminAreaViewProps {
  items: readonly AdminMenuItem[];
  children: ReactNode;
}

/**
 * The admin area (spec §2.3 Admin): a side menu headed 'Admin', the current item highlighted;
 * at 768 px and below the menu sits above the content as a row of links (the account area's
 * look, so both areas read the same).
 */
export function AdminAreaView({ items, children }: AdminAreaViewProps) {
  return (
    <div className={styles.area}>
      <nav className={styles.menu} aria-label="Admin">
        <div className={styles.heading}>
          <p className={styles.organisation}>
            <Link href="/admin" className={styles.homeLink}>
              Admin
            </Link>
          </p>
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
