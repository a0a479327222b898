import type { UserEditDetails } from '../../contract/account';
import type { AuthSession, User } from '../../contract/auth';
import type { Configuration } from '../../contract/configuration';
import type { ValidationPresetRules } from '../../contract/media';
import type { InvitationByKey } from '../../contract/team';
import type { TenantStatus } from '../../contract/tenants';
import type { EstablishedSession } from '../../src/machines/sessionMachine';

/** Test data shared by machine, view and service tests. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    guid: 'user-guid-1',
    userRole: 1,
    avatarUrl: '',
    avatarType: 'Initials',
    avatarColor: '#ffffff',
    avatarBGColor: '#0f766e',
    accountStatus: 'Active',
    email: 'owner@example.com',
    firstName: 'Olivia',
    lastName: 'Harper',
    handle: 'olivia_harper',
    fullName: 'Olivia Harper',
    currentTenant: {
      id: 1,
      guid: 'tenant-guid-1',
      name: 'Harbour Hope',
      userRole: 1,
      owner: true,
      tenantAccountType: 'Charity',
    },
    tenants: [],
    currentLoginProvider: 'Email',
    userLoginProviders: ['Email'],
    isHost: true,
    exp: 4_102_444_800, // 2100-01-01
    ...overrides,
  };
}

export function makeSession(token = 'token-1', user: User = makeUser()): EstablishedSession {
  const authSession: AuthSession = {
    jwtToken: token,
    expiresAt: 4_102_444_800_000,
    refreshTokenExpiresAt: '2100-01-01T00:00:00.000Z',
  };
  return { authSession, user };
}

export const configuration: Configuration = {
  apiBaseUrl: '/api',
  appClientVersion: '1.0.1',
  minimumPasswordLength: 6,
  userInvitationExpiryLengthInDays: 7,
  reCaptchaSiteKey: '',
  defaultFromEmailAddress: 'hello@givedrop.test',
  supportUrl: '',
  supportEmailAddress: '',
  termsUrl: '',
  privacyPolicyUrl: '',
  mediaServiceApiBaseUrl: '',
  mediaServiceClientApiKey: '',
  sessionRecordingAppId: '',
  tagManagerId: '',
  googleClientId: '',
};

export function makeStatus(overrides: Partial<TenantStatus> = {}): TenantStatus {
  return {
    isTrialing: false,
    trialEndDate: null,
    subscriptionStatus: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEndDate: '2999-01-01T00:00:00.000Z',
    isOnboarding: false,
    paymentProviderCustomerId: null,
    ...overrides,
  };
}

/** A pending invitation as userInvitations/getUserByInvitationKey answers it, with its key. */
export function makeInvitationByKey(userInvitationKey: string): InvitationByKey {
  return {
    email: 'invitee@example.com',
    firstName: 'Ivy',
    lastName: 'Vine',
    userInvitationKey,
    userInvitationStatus: 'Pending',
    accountName: 'Helping Hands',
    invitedByUserFullName: 'Olive Owner',
    invitedByUserEmail: 'owner@example.com',
    canChangeEmailAddress: false,
    accountExists: false,
  };
}

/**
 * The avatar's validation preset of the media service (spec §3 Validation preset rules): a JPEG
 * or PNG of at most `maxFileSize` bytes, 100 to 500 pixels a side, square.
 */
export function makeAvatarPreset(maxFileSize: number): ValidationPresetRules {
  return {
    id: 'avatar',
    allowedFileTypes: { extensions: ['jpg', 'png'], mimeTypes: ['image/jpeg', 'image/png'] },
    maxFileSize,
    resolution: { minWidth: 100, minHeight: 100, maxWidth: 500, maxHeight: 500 },
    aspectRatio: { targetRatio: 1 },
  };
}

export const PAST = '2000-01-01T00:00:00.000Z';
export const FUTURE = '2999-01-01T00:00:00.000Z';

/** The personal-details user of users/get and users/getUserEditDetails (issue 16). */
export function makeEditDetails(overrides: Partial<UserEditDetails> = {}): UserEditDetails {
  return {
    id: 1,
    guid: 'user-guid-1',
    email: 'owner@example.com',
    pendingEmail: null,
    emailConfirmed: true,
    firstName: 'Olivia',
    lastName: 'Harper',
    handle: 'olivia_harper',
    phone: '+447911123456',
    dateOfBirth: '1990-04-01',
    avatarUrl: '',
    avatarType: 'Initials',
    consentToHelpEmails: true,
    consentToMarketingEmails: false,
    annotationColor: '#123456',
    privacyPolicyAgreedDate: '2026-03-04T09:05:00.000Z',
    privacyPolicyVersion: 1,
    tenantUsers: [
      {
        tenantId: 1,
        tenantName: 'Harbour Hope',
        tenantAccountType: 'Charity',
        userRole: 1,
        loginEnabled: true,
        owner: true,
        lastLoginDate: null,
      },
    ],
    ...overrides,
  };
}

/**
 * An alert as a screen's alert selector gives it (src/machines/alerts.ts): its kind, level, title
 * (null for none) and the spec's messages. Written here, not taken from src, so that a wrong alert
 * in the machine cannot be built alike in the test.
 */
export const danger = (kind: string, title: string | null, ...messages: string[]) =>
  ({ kind, level: 'danger', title, messages }) as const;
export const success = (kind: string, title: string | null, ...messages: string[]) =>
  ({ kind, level: 'success', title, messages }) as const;

/**
 * What an Individual signup of Ann Lee (phone 07911 123456, born 17/05/1990, handle ann_lee,
 * marketing emails only) submits: the full name as companyName and the phone as E.164.
 */
export const ANN_LEE_SIGNUP = {
  tenantAccountType: 'Individual',
  companyName: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '+447911123456',
  dateOfBirth: '1990-05-17',
  handle: 'ann_lee',
  password: 'Pa55word!',
  consentToHelpEmails: false,
  consentToMarketingEmails: true,
  termsAccepted: true,
  privacyPolicyAccepted: true,
} as const;
