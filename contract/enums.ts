/** Enumerations of spec §3, shared by the client and the reference server. */

/** Response status numbers carried by every envelope (spec §3). */
export const ResponseStatus = {
  Unknown: 0,
  Ok: 1,
  Warning: 2,
  Error: 3,
  Redirect: 4,
  Unauthorized: 5,
} as const;
export type ResponseStatus = (typeof ResponseStatus)[keyof typeof ResponseStatus];

/** User role in the current tenant (spec §3, §6): User is shown as 'Standard User'. */
export const UserRole = { User: 0, Administrator: 1 } as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

export const userRoleLabel: Record<UserRole, string> = {
  [UserRole.User]: 'Standard User',
  [UserRole.Administrator]: 'Administrator',
};

export const accountTypes = ['Unknown', 'Charity', 'Individual', 'Company'] as const;

/** A Drop's shown statuses (issue 35; the lifecycle is contract/dropStatusMachine.ts). */
export const DROP_STATUSES = ['Draft', 'Scheduled', 'Live', 'Ended', 'Cancelled'] as const;
export type DropStatus = (typeof DROP_STATUSES)[number];
export type AccountType = (typeof accountTypes)[number];

export const avatarTypes = ['Initials', 'Gravatar', 'Stored', 'Url'] as const;
export type AvatarType = (typeof avatarTypes)[number];

export const loginProviders = ['Email', 'Google'] as const;
export type LoginProvider = (typeof loginProviders)[number];

export const invitationStatuses = ['Pending', 'Accepted', 'Declined', 'Expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const alertLevels = ['Info', 'Warning', 'Danger', 'Success'] as const;
export type AlertLevel = (typeof alertLevels)[number];

/** The client version (spec §1, reactAppVersion). */
export const CLIENT_VERSION = '1.0.1';
