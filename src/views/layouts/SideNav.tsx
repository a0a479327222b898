import { Link } from 'wouter';
import { Avatar } from '../components/Avatar';
import { cx } from '../utils/cx';
import type { NavItemKey } from './activeNavItem';
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
                {key === 'profile' && avatar ? (
                  <Avatar
                    name={avatar.name}
                    imageUrl={avatar.imageUrl}
                    color={avatar.color}
                    bgColor={avatar.bgColor}
                    size={24}
                    alt=""
                    className={cx(styles.avatar, current && styles.avatarCurrent)}
                  />
                ) : (
                  <Icon
                    aria-hidden="true"
                    focusable="false"
                    size={22}
                    strokeWidth={current ? 2.4 : 2}
                  />
                )}
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
