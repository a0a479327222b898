import type { NavItemKey } from './activeNavItem';
import type { NavAvatar } from './navItems';
import { sideNavItems } from './navItems';
import { NavList } from './NavList';
import styles from './SideNav.module.css';

export interface SideNavProps {
  active: NavItemKey | null;
  /** The person's picture (or initials) stands for the Profile item. */
  avatar?: NavAvatar;
}

/** The app layout's side navigation, shown on screens wider than 768 px. */
export function SideNav({ active, avatar }: SideNavProps) {
  return (
    <nav aria-label="Main" className={styles.sideNav}>
      <NavList
        items={sideNavItems}
        active={active}
        avatar={avatar}
        classes={styles}
        glyph={(_key, current) => ({ size: 22, strokeWidth: current ? 2.4 : 2 })}
      />
    </nav>
  );
}
