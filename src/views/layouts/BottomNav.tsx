import type { NavItemKey } from './activeNavItem';
import type { NavAvatar } from './navItems';
import { bottomNavItems } from './navItems';
import { NavList } from './NavList';
import styles from './BottomNav.module.css';

export interface BottomNavProps {
  active: NavItemKey | null;
  /** The person's picture (or initials) stands for the Profile item. */
  avatar?: NavAvatar;
}

/** The app layout's bottom bar of five icons, shown at 768 px wide or less. */
export function BottomNav({ active, avatar }: BottomNavProps) {
  return (
    <nav aria-label="Bottom navigation" className={styles.bottomNav}>
      <NavList
        items={bottomNavItems}
        active={active}
        avatar={avatar}
        classes={styles}
        glyph={(key, current) => ({
          size: key === 'create' ? 26 : 24,
          strokeWidth: current ? 2.5 : 2,
        })}
        hideLabels
      />
    </nav>
  );
}
