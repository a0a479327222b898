import { Link } from 'wouter';
import { cx } from '../utils/cx';
import type { NavItemKey } from './activeNavItem';
import { NavGlyph } from './NavGlyph';
import type { NavAvatar } from './navItems';
import { sideNavItems } from './navItems';
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
      <ul className={styles.list}>
        {sideNavItems.map(({ key, label, href, icon: Icon }) => {
          const current = key === active;
          return (
            <li key={key}>
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
                  size={22}
                  strokeWidth={current ? 2.4 : 2}
                  avatar={avatar}
                />
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
