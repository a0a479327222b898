import { Link } from 'wouter';
import { cx } from '../utils/cx';
import type { NavItemKey } from './activeNavItem';
import { NavGlyph } from './NavGlyph';
import type { NavAvatar, NavItem } from './navItems';

export interface NavListProps {
  items: readonly NavItem[];
  active: NavItemKey | null;
  /** The person's picture (or initials) stands for the Profile item. */
  avatar?: NavAvatar;
  /** The navigation's own classes (its CSS module). */
  classes: {
    list?: string;
    cell?: string;
    item?: string;
    create?: string;
    current?: string;
  };
  /** The icon's size and stroke width. */
  glyph: (key: NavItemKey, current: boolean) => { size: number; strokeWidth: number };
  /** The labels are for screen readers only (an icon bar). */
  hideLabels?: boolean;
}

/** The list of the app layout's navigation items (side and bottom): a link each, the current marked. */
export function NavList({ items, active, avatar, classes, glyph, hideLabels }: NavListProps) {
  return (
    <ul className={classes.list}>
      {items.map(({ key, label, href, icon: Icon }) => {
        const current = key === active;
        return (
          <li key={key} className={classes.cell}>
            <Link
              href={href}
              className={cx(
                classes.item,
                key === 'create' && classes.create,
                current && classes.current,
              )}
              aria-current={current ? 'page' : undefined}
            >
              <NavGlyph
                itemKey={key}
                icon={Icon}
                current={current}
                avatar={avatar}
                {...glyph(key, current)}
              />
              <span className={hideLabels ? 'visually-hidden' : undefined}>{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
