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
