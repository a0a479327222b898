import { describe, expect, it } from 'vitest';
import { UserRole } from '../../contract/enums';
import { TokenError, decodeToken, userFromToken } from '../../src/services/token';
import {
  base64Url,
  claims,
  currentTenant,
  makeJwt,
  makeToken,
  otherTenant,
} from './helpers/tokens';

describe('decodeToken', () => {
  it('decodes the base64url payload (UTF-8) and validates it with the contract', () => {
    expect(decodeToken(makeToken())).toEqual(claims());
  });

  it('decodes payloads whose base64url uses - and _ and no padding', () => {
    // '>>>' and '???' encode to '-' and '_' in base64url.
    const token = makeToken({ avatarColor: '>>>???', handle: 'é' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(token.split('.')[1]).not.toContain('=');
    expect(decodeToken(token)).toMatchObject({ avatarColor: '>>>???', handle: 'é' });
  });

  it("tolerates and drops extra claims (iat, nbf, the server's sid)", () => {
    const sid = '9b2f6c1e-4a7d-4c1b-8f3e-2d6a5b7c9e01';
    const payload = decodeToken(makeJwt({ ...claims(), iat: 1, nbf: 2, sid }));
    expect(payload).toEqual(claims());
  });

  it.each([
    ['not a jwt', 'abc'],
    ['two parts', 'a.b'],
    ['empty payload', 'a..c'],
    ['not base64url', 'a.@@@.c'],
    ['not JSON', `a.${base64Url('{oops')}.c`],
    ['invalid UTF-8', `a.${Buffer.from([0xff, 0xfe]).toString('base64url')}.c`],
    ['missing claim', makeJwt({ ...claims(), exp: undefined })],
    ['wrong type', makeJwt({ ...claims(), id: '42' })],
    ['isHost not a string', makeJwt({ ...claims(), isHost: true })],
  ])('throws TokenError for %s', (_label, jwt) => {
    expect(() => decodeToken(jwt)).toThrow(TokenError);
  });
});

describe('userFromToken', () => {
  it('builds the spec §3 User', () => {
    expect(userFromToken(makeToken())).toEqual({
      id: 42,
      guid: 'user-guid-42',
      userRole: UserRole.Administrator,
      avatarUrl: 'https://cdn.example/a.png',
      avatarType: 'Initials',
      avatarColor: '#fff',
      avatarBGColor: '#123456',
      accountStatus: 'Active',
      email: 'zoë@example.org',
      firstName: 'Zoë',
      lastName: 'Ng',
      handle: 'zoe',
      fullName: 'Zoë Ng',
      currentTenant,
      tenants: [currentTenant, otherTenant],
      currentLoginProvider: 'Email',
      userLoginProviders: ['Email', 'Google'],
      isHost: false,
      exp: 2_000_000_000,
    });
  });

  it("isHost is true only for the string 'true'", () => {
    expect(userFromToken(makeToken({ isHost: 'true' })).isHost).toBe(true);
    expect(userFromToken(makeToken({ isHost: 'false' })).isHost).toBe(false);
  });

  it('carries the impersonating host only in an impersonated session (issue 19)', () => {
    expect(userFromToken(makeToken()).impersonator).toBeUndefined();
    expect(
      userFromToken(makeToken({ impersonatorId: 9, impersonatorName: 'Olivia Harper' }))
        .impersonator,
    ).toEqual({ id: 9, name: 'Olivia Harper' });
  });

  it('fullName joins first and last name, trimmed', () => {
    expect(userFromToken(makeToken({ firstName: 'Ann', lastName: '' })).fullName).toBe('Ann');
    expect(userFromToken(makeToken({ firstName: '', lastName: 'Lee' })).fullName).toBe('Lee');
  });

  it('userRole is the role in the current tenant', () => {
    const token = makeToken({ currentTenant: JSON.stringify({ ...currentTenant, userRole: 0 }) });
    expect(userFromToken(token).userRole).toBe(UserRole.User);
  });

  it.each([
    ['currentTenant not JSON', { currentTenant: '{' }],
    [
      'currentTenant without userRole',
      { currentTenant: JSON.stringify({ ...currentTenant, userRole: undefined }) },
    ],
    ['tenants not a list', { tenants: JSON.stringify(currentTenant) }],
    ['tenants with a bad item', { tenants: JSON.stringify([{ id: 'x' }]) }],
    ['unknown login provider', { userLoginProviders: JSON.stringify(['Email', 'Fax']) }],
    ['login providers not JSON', { userLoginProviders: 'Email' }],
  ])('throws TokenError when %s', (_label, overrides) => {
    expect(() => userFromToken(makeToken(overrides))).toThrow(TokenError);
  });
});
