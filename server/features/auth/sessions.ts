/**
 * Sessions: login, refresh-token rotation with reuse detection, revocation and tenant switch.
 * An issued session is a short-lived access token plus a refresh token whose family has an
 * absolute expiry.
 */
import { LOGIN_CAPTCHA_ACTION, type Impersonator } from '../../../contract/auth';
import type { LoginProvider } from '../../../contract/enums';
import type { Queryable, Transaction } from '../../db/database';
import { NOT_AUTHENTICATED, type AccessTokens } from '../../domain/accessTokens';
import { addSeconds, type DomainContext } from '../../domain/context';
import type { CaptchaVerifier } from '../../thirdParty/captcha';
import type { Client } from '../../domain/client';
import type { TenantScope } from '../../domain/scope';
import {
  CaptchaRequiredError,
  forbidden,
  notFound,
  RateLimitedError,
  unauthenticated,
} from '../../domain/errors';
import type { LoginThrottle } from './loginThrottle';
import {
  endImpersonationOfFamily,
  moveImpersonationToFamily,
  type RefreshTokenRow,
  type UserRow,
} from './queries';
import { TENANT_NOT_FOUND } from '../tenants/domain';
import { verifyDecoy, verifyPassword } from '../../domain/passwords';
import {
  findRefreshToken,
  insertRefreshToken,
  endSession,
  isSessionLive,
  newRefreshToken,
  openSuccessor,
  sealSuccessor,
  spendRefreshToken,
  startFamily,
  tokenState,
  toLoginProvider,
  type IssuedRefreshToken,
} from './refreshTokens';
import {
  ACCOUNT_ACTIVE,
  ACCOUNT_PENDING_ACTIVATION,
  defaultMembership,
  findLoginMembership,
  findUserByEmail,
  loadMemberships,
  type Membership,
} from '../../domain/users';
import { findUserById, recordTenantLogin, rememberLastTenant } from '../../domain/queries';

export const INVALID_LOGIN = 'Invalid email or password.';
export const TOO_MANY_LOGIN_ATTEMPTS = 'Too many login attempts, please try again later.';
/** A login of an account past its failure threshold when there is no captcha to ask for. */
export const TOO_MANY_ACCOUNT_LOGIN_FAILURES =
  'Too many failed logins for this account, please try again later.';
/** A login of an account with too many failures that carries no valid captcha token. */
export const LOGIN_CAPTCHA_REQUIRED = 'Please complete the captcha to sign in.';
export const SESSION_EXPIRED = 'Your session has expired, please log in again.';
export const TENANT_LOGIN_DISABLED = 'Your login to this organisation is disabled.';
export const TENANT_DISABLED = 'This organisation is disabled.';
export const ACCOUNT_NOT_ACTIVATED =
  'Your account has not been activated yet. Please open the activation link we emailed to you.';

export interface SessionDeps extends DomainContext {
  accessTokens: AccessTokens;
  throttle: LoginThrottle;
  /** Verifies the captcha token a login needs once its account has had too many failures. */
  captcha: CaptchaVerifier;
}

export interface IssuedSession {
  jwtToken: string;
  /** Seconds the access token is valid for from now (clients schedule refreshes with it). */
  jwtTokenExpiresIn: number;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

/** A user who may hold a session, with the tenant the session is on and how it signed in. */
export interface SessionAccount {
  user: UserRow;
  memberships: Membership[];
  current: Membership;
  provider: LoginProvider;
  /** In an impersonated session: the host viewing the product as `user`. */
  impersonator?: Impersonator | undefined;
}

export const isActive = (user: UserRow) => user.accountStatus === ACCOUNT_ACTIVE;

export const fullNameOf = (user: Pick<UserRow, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/**
 * Loads a user able to hold a session on `tenantId`, or on their default tenant when omitted.
 * Undefined when the user is gone, inactive or may not log into that tenant.
 */
export async function loadSessionAccount(
  db: Queryable,
  userId: number,
  provider: LoginProvider,
  tenantId?: number,
): Promise<SessionAccount | undefined> {
  const user = await findUserById(db, userId);
  if (user === undefined || !isActive(user)) return undefined;
  const memberships = await loadMemberships(db, user.id);
  const current =
    tenantId === undefined
      ? defaultMembership(user, memberships)
      : findLoginMembership(memberships, tenantId);
  return current === undefined ? undefined : { user, memberships, current, provider };
}

/**
 * The account for an email and password; undefined when they do not match. A matching account
 * that still waits for its activation link is refused with {@link ACCOUNT_NOT_ACTIVATED}, one
 * whose login is disabled in every organisation with {@link TENANT_LOGIN_DISABLED} (403).
 */
async function checkCredentials(
  db: Queryable,
  email: string,
  password: string,
): Promise<SessionAccount | undefined> {
  const user = await findUserByEmail(db, email);
  if (user === undefined || user.passwordHash === null) {
    return verifyDecoy(password).then(() => undefined);
  }
  if (!(await verifyPassword(password, user.passwordHash))) return undefined;
  if (user.accountStatus === ACCOUNT_PENDING_ACTIVATION) throw forbidden(ACCOUNT_NOT_ACTIVATED);
  const account = await loadSessionAccount(db, user.id, 'Email');
  // The right password, but an Administrator switched off the login to every organisation of
  // the account: told so (403), rather than that the password is wrong.
  if (account === undefined && isActive(user)) throw forbidden(TENANT_LOGIN_DISABLED);
  return account;
}

/**
 * The access token of `account` for the session (refresh-token family) of `refresh`: it expires
 * no later than the family does.
 */
export const signFor = (
  deps: SessionDeps,
  account: SessionAccount,
  refresh: Pick<IssuedRefreshToken, 'familyId' | 'familyExpiresAt'>,
  now: Date,
) =>
  deps.accessTokens.sign(
    account.user,
    account.memberships,
    account.current,
    account.provider,
    { id: refresh.familyId, endsAt: refresh.familyExpiresAt },
    now,
    account.impersonator,
  );

/**
 * `elapsedSeconds`: how long ago the access token was signed (a refresh answered again).
 * `jwtTokenExpiresIn` is the token's usual lifetime even when {@link signFor} capped its `exp` at
 * the session's end: the client refreshes two minutes before the time it is given, so a capped
 * time would have it refresh again and again through the session's last two minutes. At the end
 * the token is refused (401) like that of a revoked session, and so is the refresh.
 */
export const toSession = (
  deps: SessionDeps,
  jwtToken: string,
  refresh: IssuedRefreshToken,
  elapsedSeconds = 0,
): IssuedSession => ({
  jwtToken,
  jwtTokenExpiresIn: Math.max(1, deps.accessTokens.ttlSeconds - elapsedSeconds),
  refreshToken: refresh.token,
  refreshTokenExpiresAt: refresh.familyExpiresAt,
});

export interface LoginInput {
  email: string;
  password: string;
  /** Needed once the account has had too many failures (action LOGIN_CAPTCHA_ACTION). */
  reCaptchaToken?: string | undefined;
  client: Client;
}

/**
 * Email and password login. Failures count per client address (429 past its allowance), per
 * account and address (429 for that address only) and per account: past the account's threshold
 * the login needs a valid captcha token, checked before the password
 * ({@link LOGIN_CAPTCHA_REQUIRED}), so someone else's failures never lock the owner out; without
 * a captcha (CAPTCHA_OPT_OUT) it is refused until the account's window ends
 * ({@link TOO_MANY_ACCOUNT_LOGIN_FAILURES}, 429).
 */
export async function login(deps: SessionDeps, input: LoginInput): Promise<IssuedSession> {
  const { client } = input;
  const addressAllowance = client.allowance('login');
  await addressAllowance.check();
  const pairWait = await deps.throttle.pairWait(input.email, client.addressKey);
  if (pairWait > 0) throw new RateLimitedError(TOO_MANY_LOGIN_ATTEMPTS, pairWait);
  const accountWait = await deps.throttle.accountWait(input.email);
  if (accountWait > 0) {
    // No captcha to ask for (production with CAPTCHA_OPT_OUT): the account waits for its window.
    if (deps.captcha.mode === 'none') {
      throw new RateLimitedError(TOO_MANY_ACCOUNT_LOGIN_FAILURES, accountWait);
    }
    const token = input.reCaptchaToken ?? '';
    if (!(await deps.captcha.verify(token, LOGIN_CAPTCHA_ACTION, client.address))) {
      throw new CaptchaRequiredError(LOGIN_CAPTCHA_REQUIRED);
    }
  }
  const account = await checkCredentials(deps.db, input.email, input.password);
  if (account === undefined) {
    await deps.throttle.recordFailure(input.email, client.addressKey);
    await addressAllowance.record();
    throw unauthenticated(INVALID_LOGIN);
  }
  await deps.throttle.recordSuccess(input.email, client.addressKey);
  return issueSession(deps, account);
}

/** Signs the access token and starts a refresh-token family (every way of signing in). */
async function issueSession(deps: SessionDeps, account: SessionAccount): Promise<IssuedSession> {
  const now = deps.now();
  const refresh = await deps.db.transaction(async (tx) => {
    await recordTenantLogin(tx, account.user.id, account.current.tenantId, now);
    return startFamily(
      tx,
      {
        userId: account.user.id,
        tenantId: account.current.tenantId,
        familyExpiresAt: addSeconds(now, deps.sessions.refreshTtlSeconds),
        loginProvider: account.provider,
      },
      now,
    );
  });
  return toSession(deps, await signFor(deps, account, refresh, now), refresh);
}

/**
 * Signs a user in exactly like a login does, once another proof of identity was checked (a new
 * signup, a third-party sign-in). Refused like a login when the account may not log in.
 */
export async function startSession(
  deps: SessionDeps,
  userId: number,
  provider: LoginProvider,
): Promise<IssuedSession> {
  const account = await loadSessionAccount(deps.db, userId, provider);
  if (account === undefined) throw unauthenticated(TENANT_LOGIN_DISABLED);
  return issueSession(deps, account);
}

/** Ends a session, and the impersonation it was (the audit row's endedAt), if any. */
export async function endSessionAndImpersonation(
  db: Queryable,
  familyId: string,
  now: Date,
): Promise<void> {
  await endSession(db, familyId, now);
  await endImpersonationOfFamily(db, familyId, now);
}

export type Outcome<T> = { accepted: true; value: T } | { accepted: false };
export const rejected = { accepted: false } as const;

/**
 * Who impersonates in the family of `row`: undefined for a session of one's own. An impersonation
 * goes on only while its host is still an active host and the host's own session is live;
 * otherwise it is rejected (and the caller ends it).
 */
export async function impersonatorOf(
  db: Queryable,
  row: Pick<RefreshTokenRow, 'impersonatorUserId' | 'impersonatorFamilyId'>,
): Promise<Outcome<Impersonator | undefined>> {
  if (row.impersonatorUserId === null) return { accepted: true, value: undefined };
  const host = await findUserById(db, row.impersonatorUserId);
  if (host === undefined || !isActive(host) || !host.isHost) return rejected;
  if (row.impersonatorFamilyId === null || !(await isSessionLive(db, row.impersonatorFamilyId))) {
    return rejected;
  }
  return { accepted: true, value: { id: host.id, name: fullNameOf(host) } };
}

/**
 * Spends a presented token, keeping `successorSealed` with it. A spent, revoked or expired token
 * revokes its whole family (reuse detection); true only when the token was active and is now spent.
 */
async function spend(
  tx: Transaction,
  row: RefreshTokenRow,
  successorSealed: string | null,
  now: Date,
): Promise<boolean> {
  if (
    tokenState(row, now) === 'active' &&
    (await spendRefreshToken(tx, row, successorSealed, now))
  ) {
    return true;
  }
  await endSessionAndImpersonation(tx, row.familyId, now);
  return false;
}

interface Rotation {
  account: SessionAccount;
  refresh: IssuedRefreshToken;
  /** When the new refresh token was issued: the access token is signed as of then. */
  issuedAt: Date;
}

/**
 * The rotation a token already had, when it is presented again within the grace period and its
 * successor is still the family's unused newest token: two refreshes at once (two tabs, a retried
 * request) then both get the same session. Undefined otherwise (reuse).
 */
async function rotatedWithinGrace(
  deps: SessionDeps,
  tx: Transaction,
  token: string,
  now: Date,
): Promise<Rotation | undefined> {
  // Read again: under PostgreSQL a concurrent rotation may have committed since the first read.
  const row = await findRefreshToken(tx, token);
  if (row?.usedAt == null || row.revokedAt !== null || row.successorSealed === null) {
    return undefined;
  }
  const age = now.getTime() - row.usedAt.getTime();
  if (age < 0 || age > deps.sessions.refreshGraceSeconds * 1000) return undefined;
  const successor = openSuccessor(token, row.successorSealed);
  const next = successor === undefined ? undefined : await findRefreshToken(tx, successor);
  if (successor === undefined || next === undefined || next.familyId !== row.familyId) {
    return undefined;
  }
  if (tokenState(next, now) !== 'active') return undefined;
  const provider = toLoginProvider(next.loginProvider);
  const loaded = await loadSessionAccount(tx, next.userId, provider, next.tenantId);
  const impersonation = await impersonatorOf(tx, next);
  if (loaded === undefined || !impersonation.accepted) return undefined;
  const account = { ...loaded, impersonator: impersonation.value };
  const refresh = {
    token: successor,
    familyId: next.familyId,
    familyExpiresAt: next.familyExpiresAt,
  };
  return { account, refresh, issuedAt: next.createdAt };
}

async function rotate(
  deps: SessionDeps,
  tx: Transaction,
  token: string,
  switchToCurrent: boolean,
  now: Date,
): Promise<Outcome<Rotation>> {
  const row = await findRefreshToken(tx, token);
  if (row === undefined) return rejected;
  const successor = newRefreshToken();
  const active = tokenState(row, now) === 'active';
  if (!active || !(await spendRefreshToken(tx, row, sealSuccessor(token, successor), now))) {
    const again = await rotatedWithinGrace(deps, tx, token, now);
    if (again !== undefined) return { accepted: true, value: again };
    await endSessionAndImpersonation(tx, row.familyId, now);
    return rejected;
  }
  const loaded = await loadSessionAccount(
    tx,
    row.userId,
    toLoginProvider(row.loginProvider),
    switchToCurrent ? undefined : row.tenantId,
  );
  const impersonation = await impersonatorOf(tx, row);
  if (loaded === undefined || !impersonation.accepted) {
    await endSessionAndImpersonation(tx, row.familyId, now);
    return rejected;
  }
  const account = { ...loaded, impersonator: impersonation.value };
  const refresh = await insertRefreshToken(
    tx,
    {
      userId: account.user.id,
      tenantId: account.current.tenantId,
      familyId: row.familyId,
      familyExpiresAt: row.familyExpiresAt,
      loginProvider: account.provider,
      impersonatorUserId: row.impersonatorUserId,
      impersonatorFamilyId: row.impersonatorFamilyId,
    },
    now,
    successor,
  );
  return { accepted: true, value: { account, refresh, issuedAt: now } };
}

export interface RefreshInput {
  refreshToken: string | undefined;
  /** Move the session to the user's current (last chosen) tenant instead of keeping its tenant. */
  switchToCurrent: boolean;
}

/**
 * Rotates a refresh token: the presented token is spent and a new one of the same family is
 * issued, with an access token that re-reads the user and their membership. The same token
 * presented again within the grace period gets the same refresh token and an access token with
 * the same claims (signed as of the first rotation); later, it revokes the family.
 */
export async function refresh(deps: SessionDeps, input: RefreshInput): Promise<IssuedSession> {
  const token = input.refreshToken;
  if (token === undefined) throw unauthenticated(SESSION_EXPIRED);
  const now = deps.now();
  const outcome = await deps.db.transaction((tx) =>
    rotate(deps, tx, token, input.switchToCurrent, now),
  );
  if (!outcome.accepted) throw unauthenticated(SESSION_EXPIRED);
  const { account, refresh: next, issuedAt } = outcome.value;
  const jwtToken = await signFor(deps, account, next, issuedAt);
  const elapsedSeconds = Math.ceil((now.getTime() - issuedAt.getTime()) / 1000);
  return toSession(deps, jwtToken, next, elapsedSeconds);
}

/**
 * Signs out: ends the session of the presented token (its refresh tokens and its access tokens);
 * true when there was one to end. Other sessions of the user carry on.
 */
export async function revoke(deps: SessionDeps, token: string | undefined): Promise<boolean> {
  if (token === undefined) return false;
  const row = await findRefreshToken(deps.db, token);
  if (row === undefined) return false;
  const now = deps.now();
  await endSessionAndImpersonation(deps.db, row.familyId, now);
  // Signing out of an impersonation signs the host out too: their own session waited for a
  // refresh cookie that this browser no longer has.
  if (row.impersonatorFamilyId !== null) await endSession(deps.db, row.impersonatorFamilyId, now);
  return true;
}

async function loadSwitchTarget(
  deps: SessionDeps,
  scope: TenantScope,
  tenantId: number,
): Promise<SessionAccount> {
  const user = await findUserById(deps.db, scope.userId);
  if (user === undefined || !isActive(user)) throw unauthenticated(NOT_AUTHENTICATED);
  const memberships = await loadMemberships(deps.db, user.id);
  const target = memberships.find((membership) => membership.tenantId === tenantId);
  if (target === undefined) throw notFound(TENANT_NOT_FOUND);
  if (!target.loginEnabled) throw forbidden(TENANT_LOGIN_DISABLED);
  if (!target.tenantEnabled) throw forbidden(TENANT_DISABLED);
  return { user, memberships, current: target, provider: scope.claims.currentLoginProvider };
}

/**
 * An impersonated session moves with its impersonation (same host, same host's family, same
 * audit row), and leaves the user's default organisation and last login as they were.
 */
async function moveFamily(
  tx: Transaction,
  account: SessionAccount,
  token: string,
  now: Date,
): Promise<Outcome<{ refresh: IssuedRefreshToken; impersonator: Impersonator | undefined }>> {
  const row = await findRefreshToken(tx, token);
  if (row === undefined || row.userId !== account.user.id) return rejected;
  if (!(await spend(tx, row, null, now))) return rejected;
  const impersonation = await impersonatorOf(tx, row);
  // The impersonation (audit row) moves on with the session below.
  await endSession(tx, row.familyId, now);
  if (!impersonation.accepted) return rejected;
  const impersonator = impersonation.value;
  const userId = account.user.id;
  const tenantId = account.current.tenantId;
  if (impersonator === undefined) {
    await rememberLastTenant(tx, userId, tenantId);
    await recordTenantLogin(tx, userId, tenantId, now);
  }
  const refresh = await startFamily(
    tx,
    {
      userId,
      tenantId,
      familyExpiresAt: row.familyExpiresAt,
      loginProvider: account.provider,
      impersonatorUserId: row.impersonatorUserId,
      impersonatorFamilyId: row.impersonatorFamilyId,
    },
    now,
  );
  if (impersonator !== undefined) {
    await moveImpersonationToFamily(tx, row.familyId, refresh.familyId);
  }
  return { accepted: true, value: { refresh, impersonator } };
}

export interface SwitchTenantInput {
  tenantId: number;
  refreshToken: string | undefined;
}

/**
 * Moves the caller's session to another tenant they may log into. The presented refresh token's
 * family is revoked (ending the access tokens of the old tenant too) and a new family bound to the
 * new tenant starts, keeping the old absolute expiry; the tenant becomes the user's default for
 * later logins.
 */
export async function switchTenant(
  deps: SessionDeps,
  scope: TenantScope,
  input: SwitchTenantInput,
): Promise<IssuedSession> {
  const account = await loadSwitchTarget(deps, scope, input.tenantId);
  const token = input.refreshToken;
  if (token === undefined) throw unauthenticated(SESSION_EXPIRED);
  const now = deps.now();
  const outcome = await deps.db.transaction((tx) => moveFamily(tx, account, token, now));
  if (!outcome.accepted) throw unauthenticated(SESSION_EXPIRED);
  const { refresh, impersonator } = outcome.value;
  const signed = await signFor(deps, { ...account, impersonator }, refresh, now);
  return toSession(deps, signed, refresh);
}
