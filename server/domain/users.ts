import {
  accountTypes,
  avatarTypes,
  UserRole,
  type AccountType,
  type AvatarType,
  type LoginProvider,
} from '../../contract/enums';
import type { Queryable } from '../db/database';
import { selectMemberships, selectUserByEmail, type UserRow } from './queries';

/** A user's place in one tenant, with what the session needs to know of the tenant. */
export interface Membership {
  tenantId: number;
  tenantGuid: string;
  tenantName: string;
  tenantAccountType: AccountType;
  userRole: UserRole;
  owner: boolean;
  loginEnabled: boolean;
  /** False once a host disabled the organisation (tenants/setEnabled): nobody signs into it. */
  tenantEnabled: boolean;
}

/** The versions of the terms of service and of the privacy policy that accounts agree to now. */
export const TERMS_VERSION = 1;
export const PRIVACY_POLICY_VERSION = 1;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function toUserRole(value: number): UserRole {
  return value === UserRole.Administrator ? UserRole.Administrator : UserRole.User;
}

export function toAvatarType(value: string): AvatarType {
  return (avatarTypes as readonly string[]).includes(value) ? (value as AvatarType) : 'Initials';
}

export function toAccountType(value: string): AccountType {
  return (accountTypes as readonly string[]).includes(value) ? (value as AccountType) : 'Unknown';
}

/** The user with this email address, in any letter case and spacing. */
export const findUserByEmail = (db: Queryable, email: string): Promise<UserRow | undefined> =>
  selectUserByEmail(db, normaliseEmail(email));

/** The login providers a user has: Email when they have a password, Google when linked. */
export function loginProvidersOf(
  user: Pick<UserRow, 'passwordHash' | 'googleSubject'>,
): LoginProvider[] {
  const providers: LoginProvider[] = [];
  if (user.passwordHash !== null) providers.push('Email');
  if (user.googleSubject !== null) providers.push('Google');
  return providers;
}

export const ACCOUNT_ACTIVE = 'Active';
export const ACCOUNT_PENDING_ACTIVATION = 'PendingActivation';

/** The user's memberships, oldest first. */
export async function loadMemberships(db: Queryable, userId: number): Promise<Membership[]> {
  const rows = await selectMemberships(db, userId);
  return rows.map(({ accountType, userRole, ...row }) => ({
    ...row,
    tenantAccountType: toAccountType(accountType),
    userRole: toUserRole(userRole),
  }));
}

/** The memberships the user may log into: their login enabled, in an enabled organisation. */
export const loginMemberships = (memberships: Membership[]) =>
  memberships.filter((membership) => membership.loginEnabled && membership.tenantEnabled);

/** The tenant a new session starts on: the last one switched to if still allowed, else the first. */
export function defaultMembership(
  user: Pick<UserRow, 'lastTenantId'>,
  memberships: Membership[],
): Membership | undefined {
  const allowed = loginMemberships(memberships);
  return allowed.find((membership) => membership.tenantId === user.lastTenantId) ?? allowed[0];
}

export function findLoginMembership(
  memberships: Membership[],
  tenantId: number,
): Membership | undefined {
  return loginMemberships(memberships).find((membership) => membership.tenantId === tenantId);
}

const AVATAR_PALETTE = [
  ['#FFFFFF', '#1F6F8B'],
  ['#FFFFFF', '#8B3A62'],
  ['#1B1B1B', '#F2C14E'],
  ['#FFFFFF', '#2E7D32'],
  ['#FFFFFF', '#5C4B99'],
  ['#1B1B1B', '#7FD1B9'],
] as const;

/** Initials-avatar colours picked deterministically from the user's name. */
export function avatarColours(firstName: string, lastName: string) {
  const seed = [...`${firstName} ${lastName}`].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const [avatarColor, avatarBgColor] =
    AVATAR_PALETTE[seed % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
  return { avatarColor, avatarBgColor };
}
