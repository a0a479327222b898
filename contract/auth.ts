import {
  array,
  boolean,
  enums,
  integer,
  literal,
  min,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  union,
  type Infer,
} from 'superstruct';
import { accountTypes, avatarTypes, loginProviders, UserRole } from './enums';

/** Longest captcha token accepted (signup, login). */
export const CAPTCHA_TOKEN_MAX = 4096;

/** The reCAPTCHA action of a login's captcha token. */
export const LOGIN_CAPTCHA_ACTION = 'login';

/** Limits of spec §5 Login and §9. */
export const LOGIN_FIELD_MAX = 1024;
export const LOGIN_EMAIL_MIN = 4;

/**
 * POST /auth/login. reCaptchaToken (action {@link LOGIN_CAPTCHA_ACTION}) is required only once
 * the account has had too many failed logins: the server then refuses a login without a valid
 * one with 403 and {@link CaptchaRequiredData}.
 */
export const LoginRequest = object({
  email: size(string(), LOGIN_EMAIL_MIN, LOGIN_FIELD_MAX),
  password: size(string(), 1, LOGIN_FIELD_MAX),
  reCaptchaToken: optional(size(string(), 1, CAPTCHA_TOKEN_MAX)),
});
export type LoginRequest = Infer<typeof LoginRequest>;

/** The data of a login refused for want of a valid captcha token (HTTP 403). */
export const CaptchaRequiredData = object({ captchaRequired: literal(true) });
export type CaptchaRequiredData = Infer<typeof CaptchaRequiredData>;

/**
 * The data of a session-issuing response (login, refreshToken, switchTenant).
 * The refresh token itself travels only in an httpOnly cookie; the client keeps
 * the access token and when its refresh family ends.
 */
export const SessionData = object({
  jwtToken: string(),
  /** Seconds the access token stays valid from the moment of the answer. */
  jwtTokenExpiresIn: min(integer(), 1),
  refreshTokenExpiresAt: string(),
});
export type SessionData = Infer<typeof SessionData>;

/** POST /auth/refreshToken */
export const RefreshTokenRequest = object({
  switchToCurrent: optional(boolean()),
});
export type RefreshTokenRequest = Infer<typeof RefreshTokenRequest>;

/** POST /auth/switchTenant */
export const SwitchTenantRequest = object({ id: integer() });
export type SwitchTenantRequest = Infer<typeof SwitchTenantRequest>;

export const UserRoleStruct = enums(Object.values(UserRole));

/** The JSON held in the token's currentTenant claim. */
export const CurrentTenant = object({
  id: integer(),
  guid: string(),
  name: string(),
  userRole: UserRoleStruct,
  owner: boolean(),
  tenantAccountType: enums(accountTypes),
});
export type CurrentTenant = Infer<typeof CurrentTenant>;

/** One item of the JSON list in the token's tenants claim: the fields of currentTenant. */
export const TenantSummary = CurrentTenant;
export type TenantSummary = Infer<typeof TenantSummary>;
export const TenantSummaryList = array(TenantSummary);

/** The access token's payload, exactly the claims of spec §3. */
export const JwtPayload = object({
  id: integer(),
  guid: string(),
  avatarUrl: string(),
  avatarType: enums(avatarTypes),
  avatarColor: string(),
  avatarBGColor: string(),
  accountStatus: string(),
  email: string(),
  firstName: string(),
  lastName: string(),
  handle: string(),
  currentLoginProvider: enums(loginProviders),
  /** JSON list of login providers. */
  userLoginProviders: string(),
  /** The string 'true' for host users, 'false' otherwise. */
  isHost: union([literal('true'), literal('false')]),
  /** JSON of {@link CurrentTenant}. */
  currentTenant: string(),
  /** JSON list of {@link TenantSummary}. */
  tenants: string(),
  sub: string(),
  exp: number(),
  /**
   * Only in an impersonated session (auth/impersonate): the host user who is viewing the product
   * as this user, and their full name (for the banner). Beyond spec §3, which does not show how
   * an impersonation is told apart.
   */
  impersonatorId: optional(integer()),
  impersonatorName: optional(string()),
});
export type JwtPayload = Infer<typeof JwtPayload>;

/** The signed-in user, built from the token (spec §3 User). */
export interface User {
  id: number;
  guid: string;
  userRole: UserRole;
  avatarUrl: string;
  avatarType: (typeof avatarTypes)[number];
  avatarColor: string;
  avatarBGColor: string;
  accountStatus: string;
  email: string;
  firstName: string;
  lastName: string;
  handle: string;
  fullName: string;
  currentTenant: CurrentTenant;
  tenants: TenantSummary[];
  currentLoginProvider: (typeof loginProviders)[number];
  userLoginProviders: (typeof loginProviders)[number][];
  isHost: boolean;
  /** Token expiry, seconds since the epoch. */
  exp: number;
  /** Set only while a host impersonates this user: who the host is. */
  impersonator?: Impersonator | undefined;
}

/** The host behind an impersonated session. */
export interface Impersonator {
  id: number;
  name: string;
}

/** POST /auth/impersonate: a host asks for a session as this user. */
export const ImpersonateRequest = object({ userId: integer() });
export type ImpersonateRequest = Infer<typeof ImpersonateRequest>;

/** What the client keeps in browser storage under `authSession` (spec §3 Session). */
export const AuthSession = object({
  jwtToken: size(string(), 1, 16_384),
  /**
   * When the access token expires, in milliseconds on this browser's clock (the time of the
   * answer plus jwtTokenExpiresIn): refreshes are scheduled from it, so a client whose clock
   * differs from the server's still refreshes two minutes before expiry.
   */
  expiresAt: number(),
  refreshTokenExpiresAt: string(),
});
export type AuthSession = Infer<typeof AuthSession>;

export const RevokeTokenResponse = nullable(object({ revoked: boolean() }));
