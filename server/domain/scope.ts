/**
 * The caller's scope (design §6): who is calling, in which organisation, with which role. The
 * route helper builds it once per call at the endpoint's auth level; the domain checks every id
 * it is given against it.
 */
import type { AnyEndpoint, AuthLevel } from '../../contract/endpoints/define';
import { UserRole } from '../../contract/enums';
import type { Queryable } from '../db/database';
import type { Principal } from './accessTokens';
import { forbidden } from './errors';
import { selectLoginEnabled, selectStanding } from './queries';

export const NO_TENANT_ACCESS = 'You do not have access to this organisation.';

export const NOT_AN_ADMINISTRATOR = 'Only administrators of this organisation may do this.';
export const HOST_ONLY_CALL = 'Only host users may do this.';
export const NOT_WHILE_IMPERSONATING = 'This is not allowed while impersonating a user.';

/** A signed-in caller: the token's principal and their role in the current organisation. */
export interface TenantScope extends Principal {
  role: UserRole;
}

/**
 * The one rule of impersonated sessions (auth/impersonate): they never pass a `host` call (so
 * they never impersonate in turn) nor one the endpoint marks `refusedWhileImpersonating` (change
 * the password, delete the account). The route helper applies it to every call; {@link scopeAt}
 * applies the host half again to a host right a payload asks for (scopeFor), and every scope of
 * an impersonated session says `isHost: false`, even when the user is a host.
 */
export function checkImpersonation(
  principal: Principal,
  endpoint: Pick<AnyEndpoint, 'auth' | 'refusedWhileImpersonating'>,
): void {
  if (principal.impersonatorId === undefined) return;
  if (endpoint.auth === 'host' || endpoint.refusedWhileImpersonating === true) {
    throw forbidden(NOT_WHILE_IMPERSONATING);
  }
}

/** Whether the caller may use a host right now: a host, in a session of their own. */
export const hostRightsOf = (principal: Principal, isHostNow: boolean): boolean =>
  isHostNow && principal.impersonatorId === undefined;

/**
 * The caller's scope at `level`. `user` trusts the token (it lives minutes); `tenantAdmin` and
 * `host` re-read the membership and the host flag, so that a revoked role applies at once. An
 * impersonated session is refused the `host` level (403) and never has `isHost` in its scope.
 */
export async function scopeAt(
  db: Queryable,
  principal: Principal,
  level: AuthLevel,
): Promise<TenantScope> {
  if (level === 'public' || level === 'user') {
    return {
      ...principal,
      isHost: hostRightsOf(principal, principal.isHost),
      role: roleInToken(principal),
    };
  }
  if (level === 'host' && principal.impersonatorId !== undefined) {
    throw forbidden(NOT_WHILE_IMPERSONATING);
  }
  const row = await selectStanding(db, principal.userId, principal.tenantId);
  if (level === 'host') {
    if (row?.isHost !== true) throw forbidden(HOST_ONLY_CALL);
    return { ...principal, isHost: true, role: roleInToken(principal) };
  }
  if (row?.role === null || row?.role === undefined || row.loginEnabled !== true) {
    throw forbidden(NO_TENANT_ACCESS);
  }
  if (row.role !== UserRole.Administrator) throw forbidden(NOT_AN_ADMINISTRATOR);
  return {
    ...principal,
    isHost: hostRightsOf(principal, row.isHost),
    role: UserRole.Administrator,
  };
}

function roleInToken(principal: Principal): UserRole {
  try {
    const current = JSON.parse(principal.claims.currentTenant) as { userRole?: unknown };
    return current.userRole === UserRole.Administrator ? UserRole.Administrator : UserRole.User;
  } catch {
    return UserRole.User;
  }
}

/**
 * The caller may still act in their current tenant: a `user`-level scope trusts the token, so
 * calls that write to (or read from) the tenant check the membership again here.
 */
export async function requireMembership(db: Queryable, scope: TenantScope): Promise<void> {
  const loginEnabled = await selectLoginEnabled(db, scope.userId, scope.tenantId);
  if (loginEnabled !== true) throw forbidden(NO_TENANT_ACCESS);
}
