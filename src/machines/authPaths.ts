/**
 * Spec §2.1: visiting any path that starts with one of these signs the user out.
 * Pure helpers shared by the app machine and the route table.
 */
export const SIGN_OUT_PATH_PREFIXES = [
  'login',
  'signup',
  'forgotten-password',
  'invitation',
  'logout',
  'auth/logout',
  'brand-signup',
  'account/login',
  'buyer-signup',
  // Spec §2.3 Start signup: 'The user is signed out on load.'
  'start-signup',
] as const;

function trimSlashes(pathname: string): string {
  return pathname.replace(/^\/+/, '');
}

export function isSignOutPath(pathname: string): boolean {
  const path = trimSlashes(pathname);
  return SIGN_OUT_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname === '/account/login';
}

export function isLogoutPath(pathname: string): boolean {
  return pathname === '/logout' || pathname === '/auth/logout';
}

/** The signup screens: /signup (Individual) and /signup-charity (Charity). */
export function signupAccountTypeOf(pathname: string): 'Individual' | 'Charity' | null {
  if (pathname === '/signup') return 'Individual';
  if (pathname === '/signup-charity') return 'Charity';
  return null;
}

/** The key a link route carries as its last segment ('/activate/{key}'), or null. */
function keyAfter(prefix: string, pathname: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length);
  if (rest === '' || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/** /forgotten-password (the request form). */
export function isForgottenPasswordPath(pathname: string): boolean {
  return pathname === '/forgotten-password';
}

/** /forgotten-password/{key}: the emailed password-reset link. */
export function passwordResetKeyOf(pathname: string): string | null {
  return keyAfter('/forgotten-password/', pathname);
}

/** /activate/{key} */
export function activationKeyOf(pathname: string): string | null {
  return keyAfter('/activate/', pathname);
}

/** /account/confirm-email/{key} */
export function emailConfirmationKeyOf(pathname: string): string | null {
  return keyAfter('/account/confirm-email/', pathname);
}

/**
 * Paths whose screens are not the landing page (the route table registers them). Any other
 * path shows the landing page with its feed (spec §2.1: 'Any unknown path shows the landing
 * page'); /feed and /dashboard show the same home.
 */
const SCREEN_PATHS = [
  '/login',
  '/account/login',
  '/logout',
  '/auth/logout',
  '/error',
  '/signup',
  '/signup-charity',
  '/start-signup',
  '/forgotten-password',
  '/create-info',
  '/create-post',
  '/create-drop',
  '/following',
  '/search',
] as const;
const SCREEN_PREFIXES = [
  '/forgotten-password/',
  '/activate/',
  '/account/confirm-email/',
  '/create-post/',
] as const;

/** Whether the path shows the landing page / home (the Drops carousel and the Posts feed). */
export function isHomePath(pathname: string): boolean {
  if ((SCREEN_PATHS as readonly string[]).includes(pathname)) return false;
  return !SCREEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The `new` query parameter of the landing page: a new post's guid (spec §2.3 Landing). */
export function newPostGuidOf(search: string): string | null {
  const value = new URLSearchParams(search).get('new');
  return value && value.length <= 64 ? value : null;
}
