/** Unsigned test JWTs with the claims of spec §3 (the client only decodes). */
import type { CurrentTenant, JwtPayload, SessionData, TenantSummary } from '../../../contract/auth';

export const currentTenant: CurrentTenant = {
  id: 7,
  guid: 'tenant-guid-7',
  name: 'Helping Hands',
  userRole: 1,
  owner: true,
  tenantAccountType: 'Charity',
};

export const otherTenant: TenantSummary = {
  id: 8,
  guid: 'tenant-guid-8',
  name: 'Élan Trust',
  userRole: 0,
  owner: false,
  tenantAccountType: 'Individual',
};

export function claims(overrides: Partial<JwtPayload> = {}): JwtPayload {
  return {
    id: 42,
    guid: 'user-guid-42',
    avatarUrl: 'https://cdn.example/a.png',
    avatarType: 'Initials',
    avatarColor: '#fff',
    avatarBGColor: '#123456',
    accountStatus: 'Active',
    email: 'zoë@example.org',
    firstName: 'Zoë',
    lastName: 'Ng',
    handle: 'zoe',
    currentLoginProvider: 'Email',
    userLoginProviders: JSON.stringify(['Email', 'Google']),
    isHost: 'false',
    currentTenant: JSON.stringify(currentTenant),
    tenants: JSON.stringify([currentTenant, otherTenant]),
    sub: '42',
    exp: 2_000_000_000,
    ...overrides,
  };
}

export function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** header.payload.signature, with an arbitrary payload object. */
export function makeJwt(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

export function makeToken(overrides: Partial<JwtPayload> = {}): string {
  return makeJwt(claims(overrides));
}

/** Session data as the auth calls answer it (spec §3), its token opaque to the calls' tests. */
export const sessionData: SessionData = {
  jwtToken: 'a.b.c',
  jwtTokenExpiresIn: 900,
  refreshTokenExpiresAt: '2026-12-01T00:00:00Z',
};
