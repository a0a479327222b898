import { Link } from 'wouter';
import { cx } from '../utils/cx';
import type { NavItemKey } from './activeNavItem';
import { bottomNavItems } from './navItems';
import styles from './BottomNav.module.css';

export interface BottomNavProps {
  active: NavItemKey | null;
}

/** The app layout's bottom bar of five icons, shown at 768 px wide or less. */
export function BottomNav({ active }: BottomNavProps) {
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
                <Icon
                  aria-hidden="true"
                  focusable="false"
                  size={key === 'create' ? 26 : 24}
                  strokeWidth={current ? 2.5 : 2}
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
