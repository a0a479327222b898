import type { ReactNode } from 'react';
import { Logo } from './Logo';
import styles from './HeaderBar.module.css';

export interface HeaderBarProps {
  /** Content before the logo (e.g. a back button). */
  start?: ReactNode;
  /** Content at the far end (links, menus). */
  end?: ReactNode;
  /**
   * The end is wide (a visitor's Login and Sign up): on a bar too narrow for both, the logo
   * keeps its drop and leaves out its name (issue 34: 'Sign up' was cut off at 320 px).
   */
  compactLogo?: boolean;
}

/** The banner landmark shared by the layouts: [start] logo ... [end]. */
export function HeaderBar({ start, end, compactLogo = false }: HeaderBarProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {start ? <div className={styles.start}>{start}</div> : null}
        <Logo compact={compactLogo} />
        <div className={styles.end}>{end}</div>
      </div>
    </header>
  );
}
