import type { LucideIcon } from 'lucide-react';
import { Avatar } from '../components/Avatar';
import { cx } from '../utils/cx';
import type { NavItemKey } from './activeNavItem';
import type { NavAvatar } from './navItems';
import styles from './NavGlyph.module.css';

export interface NavGlyphProps {
  itemKey: NavItemKey;
  icon: LucideIcon;
  current: boolean;
  /** The icon's size; the person's picture is 2 px larger. */
  size: number;
  strokeWidth: number;
  /** The person's picture (or initials), which stands for the Profile item. */
  avatar?: NavAvatar;
}

/** A navigation item's picture: its icon, or for Profile the person's own avatar. */
export function NavGlyph({
  itemKey,
  icon: Icon,
  current,
  size,
  strokeWidth,
  avatar,
}: NavGlyphProps) {
  if (itemKey === 'profile' && avatar) {
    return (
      <Avatar
        name={avatar.name}
        imageUrl={avatar.imageUrl}
        color={avatar.color}
        bgColor={avatar.bgColor}
        size={size + 2}
        alt=""
        className={cx(styles.avatar, current && styles.current)}
      />
    );
  }
  return <Icon aria-hidden="true" focusable="false" size={size} strokeWidth={strokeWidth} />;
}
