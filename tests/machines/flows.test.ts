import { describe, expect, it } from 'vitest';
import { UserRole } from '../../contract/enums';
import {
  decideAccess,
  matchPath,
  matchRoute,
  type AccessState,
  type FlowRules,
} from '../../src/machines/flows';
import { authEventFrom } from '../../src/machines/appRules';
import type { SessionSnapshot } from '../../src/machines/sessionMachine';
import { makeUser } from '../support/fixtures';

const admin: AccessState = {
  auth: 'signedIn',
  role: UserRole.Administrator,
  isHost: false,
  impersonating: false,
  tenant: 'ready',
};
const standard: AccessState = { ...admin, role: UserRole.User };

describe('access rules (spec §2.1 guard rules, §6 roles)', () => {
  it('lets anyone into a public route, whatever the session', () => {
    for (const auth of ['loading', 'signedIn', 'signedOut'] as const) {
      expect(decideAccess('public', { ...admin, auth })).toEqual({ kind: 'allow' });
    }
  });
  it('waits while authentication state loads', () => {
    expect(decideAccess('user', { ...admin, auth: 'loading' })).toEqual({ kind: 'wait' });
  });
  it('sends an unauthenticated user to /login and remembers the path', () => {
    expect(decideAccess('user', { ...admin, auth: 'signedOut', role: null })).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: true,
    });
  });
  it('sends a role outside the allowed list to /', () => {
    expect(decideAccess('admin', standard)).toEqual({ kind: 'redirect', to: '/', remember: false });
    expect(decideAccess('user', standard)).toEqual({ kind: 'allow' });
    expect(decideAccess('admin', admin)).toEqual({ kind: 'allow' });
  });
  it('sends an Administrator who is not a host from the admin section to /dashboard, a Standard User to /', () => {
    expect(decideAccess('host', admin)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      remember: false,
    });
    expect(decideAccess('host', { ...admin, isHost: true })).toEqual({ kind: 'allow' });
    // Spec §2.1 and §6: a role outside the allowed list goes to /, host or not (issue 34); a
    // visitor to /login.
    for (const isHost of [false, true]) {
      expect(decideAccess('host', { ...standard, isHost })).toEqual({
        kind: 'redirect',
        to: '/',
        remember: false,
      });
    }
    expect(decideAccess('host', { ...admin, auth: 'signedOut', role: null })).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: true,
    });
  });
  it('sends an impersonated session from the admin section to /dashboard, even a host Administrator', () => {
    const impersonatedHost: AccessState = { ...admin, isHost: true, impersonating: true };
    expect(decideAccess('host', impersonatedHost)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      remember: false,
    });
    // An impersonated Standard User: a role outside the admin section's list, so /.
    expect(decideAccess('host', { ...standard, isHost: true, impersonating: true })).toEqual({
      kind: 'redirect',
      to: '/',
      remember: false,
    });
    // The rest of the app stays open to the impersonated user.
    expect(decideAccess('user', impersonatedHost)).toEqual({ kind: 'allow' });
    expect(decideAccess('admin', impersonatedHost)).toEqual({ kind: 'allow' });
  });
  it('learns of an impersonation from the session user', () => {
    const signedIn = (user: ReturnType<typeof makeUser>) =>
      ({
        hasTag: (tag: string) => tag === 'signedIn',
        context: { user },
      }) as unknown as SessionSnapshot;
    const host = makeUser({ isHost: true, userRole: UserRole.Administrator });
    expect(authEventFrom(signedIn(host))).toMatchObject({ user: { impersonating: false } });
    expect(
      authEventFrom(signedIn({ ...host, impersonator: { id: 9, name: 'Olivia Harper' } })),
    ).toMatchObject({ user: { isHost: true, impersonating: true } });
  });
  it('redirects a tenant still onboarding to /onboarding, once its status is known', () => {
    expect(decideAccess('user', { ...admin, tenant: 'unknown' })).toEqual({ kind: 'wait' });
    expect(decideAccess('user', { ...admin, tenant: 'onboarding' })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
      remember: false,
    });
  });
});

describe('onboarding (spec §2.3 Landing and Onboarding)', () => {
  const onboarding: AccessState = { ...admin, tenant: 'onboarding' };
  it('sends a signed-in person whose tenant is onboarding from the landing page to /onboarding', () => {
    expect(decideAccess('landing', onboarding)).toEqual({
      kind: 'redirect',
      to: '/onboarding',
      remember: false,
    });
    expect(decideAccess('landing', { ...onboarding, role: UserRole.User })).toMatchObject({
      to: '/onboarding',
    });
  });
  it('shows the landing page to everyone else, without waiting for the tenant', () => {
    for (const auth of ['loading', 'signedOut'] as const) {
      expect(decideAccess('landing', { ...onboarding, auth, role: null })).toEqual({
        kind: 'allow',
      });
    }
    expect(decideAccess('landing', admin)).toEqual({ kind: 'allow' });
    expect(decideAccess('landing', { ...admin, tenant: 'unknown' })).toEqual({ kind: 'allow' });
  });
  it('shows /onboarding only while the tenant is onboarding, and sends a finished one to /', () => {
    expect(decideAccess('onboarding', onboarding)).toEqual({ kind: 'allow' });
    expect(decideAccess('onboarding', { ...onboarding, role: UserRole.User })).toEqual({
      kind: 'allow',
    });
    expect(decideAccess('onboarding', admin)).toEqual({
      kind: 'redirect',
      to: '/',
      remember: false,
    });
    expect(decideAccess('onboarding', { ...admin, tenant: 'unknown' })).toEqual({ kind: 'wait' });
    expect(decideAccess('onboarding', { ...admin, auth: 'loading' })).toEqual({ kind: 'wait' });
    expect(decideAccess('onboarding', { ...admin, auth: 'signedOut', role: null })).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: true,
    });
  });
});

describe('anyone (spec §2.1 full-page /data-privacy)', () => {
  it('waits while the session loads, then lets a visitor and a signed-in person in alike', () => {
    expect(decideAccess('anyone', { ...admin, auth: 'loading', role: null })).toEqual({
      kind: 'wait',
    });
    expect(decideAccess('anyone', { ...admin, auth: 'signedOut', role: null })).toEqual({
      kind: 'allow',
    });
    expect(decideAccess('anyone', admin)).toEqual({ kind: 'allow' });
    expect(decideAccess('anyone', { ...admin, role: UserRole.User, tenant: 'onboarding' })).toEqual(
      { kind: 'allow' },
    );
  });
});

describe('route matching', () => {
  it('reads params, decoded, and refuses what does not fit', () => {
    expect(matchPath('/activate/:key', '/activate/abc%2Fd')).toEqual({ key: 'abc/d' });
    expect(matchPath('/activate/:key', '/activate/')).toBeNull();
    expect(matchPath('/activate/:key', '/activate/a/b')).toBeNull();
    expect(matchPath('/activate/:key', '/activate/%E0%A4%A')).toBeNull();
    expect(matchPath('/login', '/logins')).toBeNull();
    expect(matchPath('/login', '/login/')).toEqual({});
  });

  const flows: FlowRules[] = [
    { id: 'any', routes: [{ path: '*', layout: 'landing', title: 'Home' }], access: 'public' },
    {
      id: 'keyed',
      routes: [{ path: '/things/:id', layout: 'app', title: 'Thing' }],
      access: 'user',
    },
    {
      id: 'fixed',
      routes: [{ path: '/things/new', layout: 'app', title: 'New' }],
      access: 'user',
    },
  ];
  it('prefers a fixed path to one with params, and both to the catch-all, in any order', () => {
    for (const order of [flows, [...flows].reverse()]) {
      expect(matchRoute(order, '/things/new')?.flowId).toBe('fixed');
      expect(matchRoute(order, '/things/7')).toMatchObject({
        flowId: 'keyed',
        params: { id: '7' },
      });
      expect(matchRoute(order, '/elsewhere')?.flowId).toBe('any');
    }
    expect(matchRoute(flows.slice(1), '/elsewhere')).toBeNull();
  });
});
