import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AreaView } from './AccountAreaView';
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
    <AreaView
      label="Admin"
      heading={
        <p className={styles.organisation}>
          <Link href="/admin" className={styles.homeLink}>
            Admin
          </Link>
        </p>
      }
      items={items}
    >
      {children}
    </AreaView>
  );
}
