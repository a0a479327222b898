/**
 * The access token's payload (spec §3 Session) and the User built from it. Only decodes: the
 * signature is the server's business, so nothing here is trusted for authorisation.
 */
import { array, enums, mask, type Struct } from 'superstruct';
import { CurrentTenant, JwtPayload, TenantSummaryList, type User } from '../../contract/auth';
import { loginProviders } from '../../contract/enums';

export class TokenError extends Error {
  override readonly name = 'TokenError';
}

const LoginProviderList = array(enums(loginProviders));

function base64UrlToText(segment: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) throw new TokenError('The token payload is not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch (cause) {
    throw new TokenError('The token payload is not base64url', { cause });
  }
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (cause) {
    throw new TokenError('The token payload is not UTF-8', { cause });
  }
}

/** JSON text validated with `struct`; unknown object properties are dropped (mask). */
function parseAs<T, S>(text: string, struct: Struct<T, S>, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (cause) {
    throw new TokenError(`The token's ${what} is not JSON`, { cause });
  }
  try {
    return mask(value, struct);
  } catch (cause) {
    throw new TokenError(`The token's ${what} does not match the contract`, { cause });
  }
}

/**
 * The payload of a JWT (header.payload.signature), validated with the contract's JwtPayload.
 * Extra registered claims (iat, nbf, …) are tolerated and dropped. Throws TokenError.
 */
export function decodeToken(jwt: string): JwtPayload {
  const parts = jwt.split('.');
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === '') {
    throw new TokenError('The token is not a JWT');
  }
  return parseAs(base64UrlToText(parts[1]), JwtPayload, 'payload');
}

/** The signed-in user (spec §3 User) built from a token. Throws TokenError. */
export function userFromToken(jwt: string): User {
  const payload = decodeToken(jwt);
  const currentTenant = parseAs(payload.currentTenant, CurrentTenant, 'currentTenant');
  return {
    id: payload.id,
    guid: payload.guid,
    userRole: currentTenant.userRole,
    avatarUrl: payload.avatarUrl,
    avatarType: payload.avatarType,
    avatarColor: payload.avatarColor,
    avatarBGColor: payload.avatarBGColor,
    accountStatus: payload.accountStatus,
    email: payload.email,
    firstName: payload.firstName,
    lastName: payload.lastName,
    handle: payload.handle,
    fullName: `${payload.firstName} ${payload.lastName}`.trim(),
    currentTenant,
    tenants: parseAs(payload.tenants, TenantSummaryList, 'tenants'),
    currentLoginProvider: payload.currentLoginProvider,
    userLoginProviders: parseAs(
      payload.userLoginProviders,
      LoginProviderList,
      'userLoginProviders',
    ),
    isHost: payload.isHost === 'true',
    exp: payload.exp,
    ...(payload.impersonatorId === undefined
      ? {}
      : {
          impersonator: { id: payload.impersonatorId, name: payload.impersonatorName ?? '' },
        }),
  };
}
