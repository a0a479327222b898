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
