/**
 * The host's admin calls (issue 19): every organisation and every user of the platform, an
 * organisation's enabled and sending-emails switches. Lists take spec §3's List request and answer
 * its List response.
 */
import { array, boolean, enums, integer, nullable, object, string, type Infer } from 'superstruct';
import { UserRoleStruct } from './auth';
import { accountTypes } from './enums';
import { ListResponse } from './lists';
import { Id } from './structs';

/** The page size of the admin lists (organisations, users). */
export const ADMIN_LIST_PAGE_SIZE = 20;

/** One organisation in the host's list (POST tenants/list). */
export const AdminOrganisation = object({
  id: Id,
  guid: string(),
  name: string(),
  accountType: enums(accountTypes),
  /** The owner's full name and email; '' when the organisation has no owner. */
  ownerName: string(),
  ownerEmail: string(),
  memberCount: integer(),
  enabled: boolean(),
  sendingEmailsEnabled: boolean(),
  /** ISO 8601. */
  createdAt: string(),
});
export type AdminOrganisation = Infer<typeof AdminOrganisation>;
export const AdminOrganisationList = ListResponse(AdminOrganisation);
export type AdminOrganisationList = Infer<typeof AdminOrganisationList>;

/** POST tenants/setEnabled, tenants/setSendingEmailsEnabled (host only). */
export const SetTenantFlagRequest = object({ id: integer(), value: boolean() });
export type SetTenantFlagRequest = Infer<typeof SetTenantFlagRequest>;

/** One of a user's organisations in the host's list of users. */
export const AdminUserOrganisation = object({
  id: Id,
  name: string(),
  userRole: UserRoleStruct,
  owner: boolean(),
  loginEnabled: boolean(),
  enabled: boolean(),
});
export type AdminUserOrganisation = Infer<typeof AdminUserOrganisation>;

/** One user in the host's list of every user (POST users/listAll). */
export const AdminUser = object({
  id: Id,
  guid: string(),
  firstName: string(),
  lastName: string(),
  email: string(),
  isHost: boolean(),
  accountStatus: string(),
  /** The newest login into any of their organisations (ISO 8601), null when never. */
  lastLoginDate: nullable(string()),
  organisations: array(AdminUserOrganisation),
});
export type AdminUser = Infer<typeof AdminUser>;
export const AdminUserList = ListResponse(AdminUser);
export type AdminUserList = Infer<typeof AdminUserList>;

/** The texts of the admin calls' refusals. */
export const adminTexts = {
  organisationNotFound: 'Organisation not found.',
  cannotDisableOwnOrganisation: 'You cannot disable the organisation you are signed into.',
} as const;
