import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY, ALL_ROLES, decideAppLayout } from '../../src/app/guards';
import { makeUser } from '../support/fixtures';

const admin = makeUser({ userRole: 1 });
const standard = makeUser({ userRole: 0 });
const base = {
  authStatus: 'signedIn' as const,
  user: admin,
  roles: ALL_ROLES,
  tenantStatusKnown: true,
  isOnboarding: false,
};

describe('app layout guard (spec §2.1)', () => {
  it('waits while authentication state loads', () => {
    expect(decideAppLayout({ ...base, authStatus: 'loading', user: null })).toEqual({
      kind: 'loading',
    });
  });
  it('sends an unauthenticated user to /login and remembers the path', () => {
    expect(decideAppLayout({ ...base, authStatus: 'signedOut', user: null })).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: true,
    });
  });
  it('sends a role outside the allowed list to /', () => {
    expect(decideAppLayout({ ...base, user: standard, roles: ADMIN_ONLY })).toEqual({
      kind: 'redirect',
      to: '/',
      remember: false,
    });
    expect(decideAppLayout({ ...base, user: standard })).toEqual({ kind: 'allow' });
  });
  it('redirects a tenant still onboarding to /onboarding, once its status is known', () => {
    expect(decideAppLayout({ ...base, tenantStatusKnown: false })).toEqual({ kind: 'loading' });
    expect(decideAppLayout({ ...base, isOnboarding: true })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
      remember: false,
    });
  });
  it('lets a signed-in user with an allowed role in', () => {
    expect(decideAppLayout(base)).toEqual({ kind: 'allow' });
  });
});
