import { describe, expect, it } from 'vitest';
import {
  activationKeyOf,
  emailConfirmationKeyOf,
  isForgottenPasswordPath,
  isHomePath,
  isLoginPath,
  isLogoutPath,
  isSignOutPath,
  newPostGuidOf,
  passwordResetKeyOf,
  signupAccountTypeOf,
} from '../../src/machines/authPaths';
import { pageTitle } from '../../src/app/pageTitle';
import { createPostInputOf } from '../../src/machines/appMachine';

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
    '/start-signup',
    '/forgotten-password/key',
  ])('%s signs the user out', (path) => expect(isSignOutPath(path)).toBe(true));

  it.each([
    '/',
    '/feed',
    '/dashboard',
    '/account/profile',
    '/activate/k',
    '/account/confirm-email/k',
  ])('%s does not', (path) => expect(isSignOutPath(path)).toBe(false));

  it('knows the login and logout screens', () => {
    expect(isLoginPath('/login') && isLoginPath('/account/login')).toBe(true);
    expect(isLoginPath('/logins')).toBe(false);
    expect(isLogoutPath('/logout') && isLogoutPath('/auth/logout')).toBe(true);
  });

  it('knows the signup screens and the account type each creates', () => {
    expect(signupAccountTypeOf('/signup')).toBe('Individual');
    expect(signupAccountTypeOf('/signup-charity')).toBe('Charity');
    expect(signupAccountTypeOf('/start-signup')).toBeNull();
    expect(signupAccountTypeOf('/signup/x')).toBeNull();
  });

  it('reads the key of the emailed links, and nothing else', () => {
    expect(activationKeyOf('/activate/abc%2Fd')).toBe('abc/d');
    expect(activationKeyOf('/activate/')).toBeNull();
    expect(activationKeyOf('/activate/a/b')).toBeNull();
    expect(activationKeyOf('/activate/%E0%A4%A')).toBeNull();
    expect(emailConfirmationKeyOf('/account/confirm-email/k1')).toBe('k1');
    expect(emailConfirmationKeyOf('/account/confirm-emailk1')).toBeNull();
    expect(passwordResetKeyOf('/forgotten-password/k2')).toBe('k2');
    expect(passwordResetKeyOf('/forgotten-password')).toBeNull();
    expect(isForgottenPasswordPath('/forgotten-password')).toBe(true);
    expect(isForgottenPasswordPath('/forgotten-password/k2')).toBe(false);
  });

  it('titles pages with the site name plus the page title', () => {
    expect(pageTitle('Welcome Back')).toBe('Givedrop | Welcome Back');
    expect(pageTitle()).toBe('Givedrop');
  });
});

describe('Create Post route input', () => {
  const now = new Date('2026-11-22T10:07:00.000Z');
  it('a new post at /create-post, update mode at /create-post/{id}', () => {
    expect(createPostInputOf('/create-post', now)).toEqual({ mode: 'new', now: now.toISOString() });
    expect(createPostInputOf('/create-post/7', now)).toEqual({
      mode: 'update',
      postId: 7,
      now: now.toISOString(),
    });
    for (const bad of ['/create-post/0', '/create-post/-3', '/create-post/1.5', '/create-post/x']) {
      expect(createPostInputOf(bad, now).mode).toBe('new');
    }
  });
});

describe('home paths', () => {
  it('the landing page, /feed, /dashboard and unknown paths show the home', () => {
    for (const path of ['/', '/feed', '/dashboard', '/no-such-page', '/onboarding']) {
      expect(isHomePath(path)).toBe(true);
    }
    for (const path of ['/login', '/create-post', '/activate/k', '/forgotten-password/k']) {
      expect(isHomePath(path)).toBe(false);
    }
    expect(newPostGuidOf('?new=abc')).toBe('abc');
    expect(newPostGuidOf('?x=1')).toBeNull();
  });
});
