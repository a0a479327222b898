import type { ReactNode } from 'react';
import { Logo } from './Logo';
import styles from './HeaderBar.module.css';

export interface HeaderBarProps {
  /** Content before the logo (e.g. a back button). */
  start?: ReactNode;
  /** Content at the far end (links, menus). */
  end?: ReactNode;
}

/** The banner landmark shared by the layouts: [start] logo ... [end]. */
export function HeaderBar({ start, end }: HeaderBarProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {start ? <div className={styles.start}>{start}</div> : null}
        <Logo />
        <div className={styles.end}>{end}</div>
      </div>
    </header>
  );
}
