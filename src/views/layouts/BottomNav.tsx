import { Link } from 'wouter';
import { cx } from '../utils/cx';
import type { NavItemKey } from './activeNavItem';
import { NavGlyph } from './NavGlyph';
import type { NavAvatar } from './navItems';
import { bottomNavItems } from './navItems';
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
      <ul className={styles.list}>
        {bottomNavItems.map(({ key, label, href, icon: Icon }) => {
          const current = key === active;
          return (
            <li key={key} className={styles.cell}>
              <Link
                href={href}
                className={cx(
                  styles.item,
                  key === 'create' && styles.create,
                  current && styles.current,
                )}
                aria-current={current ? 'page' : undefined}
              >
                <NavGlyph
                  itemKey={key}
                  icon={Icon}
                  current={current}
                  size={key === 'create' ? 26 : 24}
                  strokeWidth={current ? 2.5 : 2}
                  avatar={avatar}
                />
                <span className="visually-hidden">{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
