/** The items of the app layout's navigation (spec §2.2). */
export type NavItemKey = 'create' | 'home' | 'following' | 'search' | 'profile';

function matches(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/**
 * Which navigation item is highlighted for a path (spec §2.2): Home on '/', '/feed' (and the
 * '/dashboard' alias the login sends to); Profile on '/profile' or any path under '/account';
 * Following, Search and Create on their own targets (Create also on /create, /create-post and
 * /create-drop). Null when none applies.
 */
export function activeNavItem(pathname: string): NavItemKey | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname || '/';
  if (path === '/' || path === '/feed' || path === '/dashboard') return 'home';
  if (matches(path, '/profile') || matches(path, '/account')) return 'profile';
  if (path === '/following') return 'following';
  if (path === '/search') return 'search';
  if (
    path === '/create-info' ||
    path === '/create' ||
    path === '/create-post' ||
    path === '/create-drop'
  )
    return 'create';
  return null;
}
