import type { ReactNode } from 'react';
import styles from './ScrollTable.module.css';

/**
 * A data table (its thead and tbody are the children) in a region that scrolls sideways when the
 * table is wider than the screen. The region takes the focus so that a keyboard can scroll it
 * (WCAG 2.1.1; axe scrollable-region-focusable), and `label` names it.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, see above
    <div className={styles.wrap} tabIndex={0} role="region" aria-label={label}>
      <table className={styles.table}>{children}</table>
    </div>
  );
}
