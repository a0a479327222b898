import { Link } from 'wouter';
import { Avatar } from '../components/Avatar';
import { cx } from '../utils/cx';
import type { NavItemKey } from './activeNavItem';
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
                {key === 'profile' && avatar ? (
                  <Avatar
                    name={avatar.name}
                    imageUrl={avatar.imageUrl}
                    color={avatar.color}
                    bgColor={avatar.bgColor}
                    size={26}
                    alt=""
                    className={cx(styles.avatar, current && styles.avatarCurrent)}
                  />
                ) : (
                  <Icon
                    aria-hidden="true"
                    focusable="false"
                    size={key === 'create' ? 26 : 24}
                    strokeWidth={current ? 2.5 : 2}
                  />
                )}
                <span className="visually-hidden">{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
