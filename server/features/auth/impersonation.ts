/**
 * Impersonation (spec §1, §7.2 auth/impersonate): a host user views the product as another user.
 *
 * - Starting spends the host's presented refresh token (their own session stays live, waiting)
 *   and starts a new refresh-token family for the user in their default organisation. Its rows
 *   record the host (`impersonatorUserId`) and the host's family (`impersonatorFamilyId`); its
 *   access tokens carry `impersonatorId` and `impersonatorName`; one `impersonations` row audits
 *   it, written in the same transaction as the family.
 * - The family lives `impersonationTtlSeconds` at most (never beyond the host's own session);
 *   refreshes keep it, and keep it only while the host is an active host whose session is live.
 * - Stopping ends the impersonated family (the audit row's endedAt) and issues a new refresh
 *   token in the host's own family, so the host is back without signing in again.
 * - An impersonated session never passes a `host` call, never changes a password and never
 *   deletes an account: one rule in the route helper (checkImpersonation in domain/scope.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from '../../db/database';
import { isStorableId } from '../../db/recordIds';
import { findUserById } from '../../domain/queries';
import type { Client } from '../../domain/client';
import { addSeconds } from '../../domain/context';
import { forbidden, invalid, notFound, unauthenticated } from '../../domain/errors';
import type { TenantScope } from '../../domain/scope';
import { loginProvidersOf } from '../../domain/users';
import { insertImpersonation, selectNewestLiveToken } from './queries';
import {
  findRefreshToken,
  insertRefreshToken,
  spendRefreshToken,
  toLoginProvider,
  tokenState,
  type IssuedRefreshToken,
} from './refreshTokens';
import {
  endSessionAndImpersonation,
  fullNameOf,
  loadSessionAccount,
  rejected,
  SESSION_EXPIRED,
  signFor,
  toSession,
  type IssuedSession,
  type Outcome,
  type SessionAccount,
  type SessionDeps,
} from './sessions';

export const CANNOT_IMPERSONATE_SELF = 'You cannot impersonate yourself.';
export const IMPERSONATED_USER_NOT_FOUND = 'User not found.';
export const IMPERSONATED_USER_CANNOT_SIGN_IN =
  'This user cannot sign in: their login or their organisations are disabled.';
export const NOT_IMPERSONATING = 'You are not impersonating a user.';

export interface ImpersonateInput {
  userId: number;
  /** The host's own refresh cookie: spent now, followed again by auth/stopImpersonating. */
  refreshToken: string | undefined;
  client: Client;
}

interface Started {
  account: SessionAccount;
  refresh: IssuedRefreshToken;
}

/**
 * The host `scope` starts a session as the user `input.userId`. Refused: oneself (400), an unknown
 * user (404), a user who may not sign in anywhere (403); a host whose refresh cookie is not the
 * live token of the session they call with (401, nothing written).
 */
export async function impersonate(
  deps: SessionDeps,
  scope: TenantScope,
  input: ImpersonateInput,
): Promise<IssuedSession> {
  if (input.userId === scope.userId) throw invalid(CANNOT_IMPERSONATE_SELF);
  if (!isStorableId(input.userId)) throw notFound(IMPERSONATED_USER_NOT_FOUND);
  const [host, target] = await Promise.all([
    findUserById(deps.db, scope.userId),
    findUserById(deps.db, input.userId),
  ]);
  if (target === undefined) throw notFound(IMPERSONATED_USER_NOT_FOUND);
  if (host === undefined) throw unauthenticated(SESSION_EXPIRED);
  const provider = loginProvidersOf(target)[0] ?? 'Email';
  const loaded = await loadSessionAccount(deps.db, target.id, provider);
  if (loaded === undefined) throw forbidden(IMPERSONATED_USER_CANNOT_SIGN_IN);
  const account: SessionAccount = {
    ...loaded,
    impersonator: { id: host.id, name: fullNameOf(host) },
  };
  const token = input.refreshToken;
  if (token === undefined) throw unauthenticated(SESSION_EXPIRED);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<Started>> => {
    const own = await findRefreshToken(tx, token);
    if (own === undefined || own.familyId !== scope.sessionId || own.userId !== host.id) {
      return rejected;
    }
    if (tokenState(own, now) !== 'active' || !(await spendRefreshToken(tx, own, null, now))) {
      return rejected;
    }
    const familyId = randomUUID();
    const limit = addSeconds(now, deps.sessions.impersonationTtlSeconds);
    const familyExpiresAt = limit < own.familyExpiresAt ? limit : own.familyExpiresAt;
    // The audit row first: whatever fails after it in this transaction takes it back too.
    await insertImpersonation(tx, {
      impersonatorUserId: host.id,
      impersonatorEmail: host.email,
      impersonatedUserId: target.id,
      impersonatedEmail: target.email,
      tenantId: account.current.tenantId,
      familyId,
      remoteAddress: input.client.address,
      startedAt: now,
    });
    const refresh = await insertRefreshToken(
      tx,
      {
        userId: target.id,
        tenantId: account.current.tenantId,
        familyId,
        familyExpiresAt,
        loginProvider: account.provider,
        impersonatorUserId: host.id,
        impersonatorFamilyId: own.familyId,
      },
      now,
    );
    return { accepted: true, value: { account, refresh } };
  });
  if (!outcome.accepted) throw unauthenticated(SESSION_EXPIRED);
  const { refresh } = outcome.value;
  return toSession(deps, await signFor(deps, account, refresh, now), refresh);
}

/**
 * The host's session again, from the live token of the impersonated session (in `tx`): the
 * impersonated family ends (and its audit row), then a new token of the host's own family is
 * issued. Rejected when the host's session has ended or the host may no longer sign in.
 */
async function returnToHost(
  tx: Transaction,
  scope: TenantScope,
  token: string,
  now: Date,
): Promise<Outcome<Started>> {
  const row = await findRefreshToken(tx, token);
  if (row === undefined || row.familyId !== scope.sessionId) return rejected;
  const hostId = row.impersonatorUserId;
  const hostFamilyId = row.impersonatorFamilyId;
  if (hostId === null || hostFamilyId === null) return rejected;
  const active = tokenState(row, now) === 'active';
  await endSessionAndImpersonation(tx, row.familyId, now);
  if (!active) return rejected;
  const own = await selectNewestLiveToken(tx, hostFamilyId);
  if (own === undefined || own.familyExpiresAt.getTime() <= now.getTime()) return rejected;
  const provider = toLoginProvider(own.loginProvider);
  const account =
    (await loadSessionAccount(tx, hostId, provider, own.tenantId)) ??
    (await loadSessionAccount(tx, hostId, provider));
  if (account === undefined) {
    await endSessionAndImpersonation(tx, hostFamilyId, now);
    return rejected;
  }
  const refresh = await insertRefreshToken(
    tx,
    {
      userId: hostId,
      tenantId: account.current.tenantId,
      familyId: hostFamilyId,
      familyExpiresAt: own.familyExpiresAt,
      loginProvider: account.provider,
    },
    now,
  );
  return { accepted: true, value: { account, refresh } };
}

/**
 * Ends the impersonated session `scope` (its refresh cookie `refreshToken`) and answers the host's
 * own session. Refused with 400 to a session of one's own; with 401 (the client signs out) when
 * the cookie is not the session's live token or the host's session has ended meanwhile.
 */
export async function stopImpersonating(
  deps: SessionDeps,
  scope: TenantScope,
  refreshToken: string | undefined,
): Promise<IssuedSession> {
  if (scope.impersonatorId === undefined) throw invalid(NOT_IMPERSONATING);
  if (refreshToken === undefined) throw unauthenticated(SESSION_EXPIRED);
  const now = deps.now();
  const outcome = await deps.db.transaction((tx) => returnToHost(tx, scope, refreshToken, now));
  if (!outcome.accepted) throw unauthenticated(SESSION_EXPIRED);
  const { account, refresh } = outcome.value;
  return toSession(deps, await signFor(deps, account, refresh, now), refresh);
}
