import { describe, expect, it } from 'vitest';
import { isLoginPath, isLogoutPath, isSignOutPath } from '../../src/machines/authPaths';
import { pageTitle } from '../../src/app/pageTitle';

describe('auth paths (spec §2.1)', () => {
  it.each([
    '/login',
    '/signup',
    '/signup-charity',
    '/forgotten-password',
    '/invitation/abc',
    '/logout',
    '/auth/logout',
    '/brand-signup',
    '/account/login',
    '/buyer-signup',
  ])('%s signs the user out', (path) => expect(isSignOutPath(path)).toBe(true));

  it.each(['/', '/feed', '/dashboard', '/start-signup', '/account/profile', '/activate/k'])(
    '%s does not',
    (path) => expect(isSignOutPath(path)).toBe(false),
  );

  it('knows the login and logout screens', () => {
    expect(isLoginPath('/login') && isLoginPath('/account/login')).toBe(true);
    expect(isLoginPath('/logins')).toBe(false);
    expect(isLogoutPath('/logout') && isLogoutPath('/auth/logout')).toBe(true);
  });

  it('titles pages with the site name plus the page title', () => {
    expect(pageTitle('Welcome Back')).toBe('Givedrop | Welcome Back');
    expect(pageTitle()).toBe('Givedrop');
  });
});
