/**
 * Access tokens: HS256 JWTs whose payload is the contract's JwtPayload (spec §3) plus `sid`, the
 * session (refresh-token family) the token was issued with. Authentication checks on every call
 * that the session has not ended, so signing out or a password reset ends its tokens at once.
 * The client's decoder drops claims it does not know, so `sid` stays out of the contract.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { assign, type Infer, is, object, pattern, string } from 'superstruct';
import {
  CurrentTenant,
  JwtPayload,
  type Impersonator,
  type CurrentTenant as CurrentTenantData,
  type TenantSummary,
} from '../../contract/auth';
import type { LoginProvider } from '../../contract/enums';
import type { UserRow } from '../db/schema';
import { unauthenticated } from './errors';
import { loginMemberships, loginProvidersOf, toAvatarType, type Membership } from './users';

const ALGORITHM = 'HS256';
export const NOT_AUTHENTICATED = 'User is not authenticated';

/** The claims of an access token: spec §3's, plus the session id. */
export const AccessTokenClaims = assign(
  JwtPayload,
  object({
    sid: pattern(string(), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  }),
);
export type AccessTokenClaims = Infer<typeof AccessTokenClaims>;

/** Who is calling, as proven by a valid access token. */
export interface Principal {
  userId: number;
  userGuid: string;
  tenantId: number;
  isHost: boolean;
  /** The session (refresh-token family) the token was issued with. */
  sessionId: string;
  /** The host impersonating this user (auth/impersonate); undefined in a session of one's own. */
  impersonatorId: number | undefined;
  claims: AccessTokenClaims;
}

export interface AccessTokens {
  /** How long a token is valid, in seconds (JWT_TTL_SECONDS). */
  readonly ttlSeconds: number;
  /** Loads (and on first start creates) the signing key ahead of the first request. */
  warmUp(): Promise<void>;
  /**
   * `provider` is how this session signed in (the currentLoginProvider claim); `sessionId` is the
   * refresh-token family the token goes with (the sid claim); `impersonator`, the host viewing
   * the product as `user` in an impersonated session. The token expires `ttlSeconds` after `now`,
   * but never after `sessionEnd`, the family's absolute expiry: a session (an impersonation above
   * all, IMPERSONATION_SESSION_MINUTES) ends with its access tokens, not up to a TTL later.
   */
  sign(
    user: UserRow,
    memberships: Membership[],
    current: Membership,
    provider: LoginProvider,
    session: { id: string; endsAt: Date },
    now: Date,
    impersonator?: Impersonator,
  ): Promise<string>;
  /**
   * Verifies a token's signature and expiry at `now`; throws an 'unauthenticated' DomainError when
   * it is not valid. Whether its session is still live is the caller's check.
   */
  verify(token: string, now: Date): Promise<Principal>;
}

function tenantSummary(membership: Membership): TenantSummary {
  return {
    id: membership.tenantId,
    guid: membership.tenantGuid,
    name: membership.tenantName,
    userRole: membership.userRole,
    owner: membership.owner,
    tenantAccountType: membership.tenantAccountType,
  };
}

/**
 * The token payload for `user` on the tenant of `current`, signed in with `provider`, expiring
 * at `exp` (epoch seconds).
 */
export function buildClaims(
  user: UserRow,
  memberships: Membership[],
  current: Membership,
  provider: LoginProvider,
  exp: number,
): JwtPayload {
  const currentTenant: CurrentTenantData = tenantSummary(current);
  return {
    id: user.id,
    guid: user.guid,
    avatarUrl: user.avatarUrl,
    avatarType: toAvatarType(user.avatarType),
    avatarColor: user.avatarColor,
    avatarBGColor: user.avatarBgColor,
    accountStatus: user.accountStatus,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    handle: user.handle,
    currentLoginProvider: provider,
    userLoginProviders: JSON.stringify(loginProvidersOf(user)),
    isHost: user.isHost ? 'true' : 'false',
    currentTenant: JSON.stringify(currentTenant),
    tenants: JSON.stringify(loginMemberships(memberships).map(tenantSummary)),
    sub: user.guid,
    exp,
  };
}

function parseCurrentTenant(claims: AccessTokenClaims): CurrentTenantData | undefined {
  try {
    const value: unknown = JSON.parse(claims.currentTenant);
    return is(value, CurrentTenant) ? value : undefined;
  } catch {
    return undefined;
  }
}

function toPrincipal(payload: unknown): Principal {
  if (!is(payload, AccessTokenClaims)) throw unauthenticated(NOT_AUTHENTICATED);
  const currentTenant = parseCurrentTenant(payload);
  if (currentTenant === undefined || payload.sub !== payload.guid) {
    throw unauthenticated(NOT_AUTHENTICATED);
  }
  return {
    userId: payload.id,
    userGuid: payload.guid,
    tenantId: currentTenant.id,
    // An impersonated session never has a host's rights, even when its user is a host.
    isHost: payload.isHost === 'true' && payload.impersonatorId === undefined,
    sessionId: payload.sid,
    impersonatorId: payload.impersonatorId,
    claims: payload,
  };
}

async function verifyJwt(token: string, key: Uint8Array, now: Date) {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw unauthenticated(NOT_AUTHENTICATED);
    throw error;
  }
}

/** Signs and verifies access tokens with the key `getKey()` resolves to (read once, on first use). */
export function createAccessTokens(
  getKey: () => Promise<Uint8Array>,
  ttlSeconds: number,
): AccessTokens {
  let key: Promise<Uint8Array> | undefined;
  const signingKey = () =>
    (key ??= getKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  return {
    ttlSeconds,
    async warmUp() {
      await signingKey();
    },
    async sign(user, memberships, current, provider, session, now, impersonator) {
      const exp = Math.min(
        Math.floor(now.getTime() / 1000) + ttlSeconds,
        Math.floor(session.endsAt.getTime() / 1000),
      );
      const claims: AccessTokenClaims = {
        ...buildClaims(user, memberships, current, provider, exp),
        // An impersonated session is never a host's (no host menu, no host call), even when
        // its user is a host.
        ...(impersonator === undefined
          ? {}
          : {
              isHost: 'false' as const,
              impersonatorId: impersonator.id,
              impersonatorName: impersonator.name,
            }),
        sid: session.id,
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .sign(await signingKey());
    },
    async verify(token, now) {
      return toPrincipal(await verifyJwt(token, await signingKey(), now));
    },
  };
}
