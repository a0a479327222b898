import { House, Search, SquarePlus, UserRound, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { NavItemKey } from './activeNavItem';

/** The person's picture for the Profile item: their image, else their initials in their colours. */
export interface NavAvatar {
  name: string;
  imageUrl: string | null;
  color: string;
  bgColor: string;
}

export interface NavItem {
  key: NavItemKey;
  label: string;
  href: string;
  icon: LucideIcon;
}

const items: Record<NavItemKey, NavItem> = {
  create: { key: 'create', label: 'Create', href: '/create-info', icon: SquarePlus },
  home: { key: 'home', label: 'Home', href: '/', icon: House },
  following: { key: 'following', label: 'Following', href: '/following', icon: Users },
  search: { key: 'search', label: 'Search', href: '/search', icon: Search },
  profile: { key: 'profile', label: 'Profile', href: '/account/profile', icon: UserRound },
};

/** Side navigation order (wide screens). */
export const sideNavItems: readonly NavItem[] = [
  items.create,
  items.home,
  items.following,
  items.search,
  items.profile,
];

/** Bottom bar order (768 px wide or less). */
export const bottomNavItems: readonly NavItem[] = [
  items.home,
  items.following,
  items.create,
  items.search,
  items.profile,
];
