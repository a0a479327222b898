/**
 * The generic record calls of spec §7.2 that the screens do not use but the API offers: users
 * create, update, upsert, getByGuid, getUserSignupData, delete, deletebyguid, and tenants create,
 * update, upsert, getByGuid, delete, deletebyguid (issue 19). Mostly host calls; shared by the
 * client and the server.
 */
import {
  array,
  boolean,
  enums,
  nullable,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';
import { TenantUser, accountTexts } from './account';
import { UserRoleStruct } from './auth';
import { accountTypes } from './enums';
import {
  EMAIL_MAX,
  HANDLE_PATTERN,
  ISO_DATE_PATTERN,
  NAME_MAX,
  PHONE_MAX,
  hasNoControlCharacters,
  isValidEmail,
  signupAccountTypes,
  Email,
} from './identity';
import {
  ORGANISATION_NUMBER_MAX,
  WEBSITE_MAX,
  ContactPhone,
  OrganisationName,
  isValidWebsite,
  organisationFieldMessages,
  organisationFields,
} from './organisations';
import { Id } from './structs';

const Guid = size(string(), 1, 64);
/** A person's name: on one line, as the screens' fields hold it (issue 31). */
const Name = refine(size(string(), 1, NAME_MAX), 'name', hasNoControlCharacters);
/** No line break even where the number's own check comes later (the domain's libphonenumber-js). */
const Phone = refine(size(string(), 0, PHONE_MAX), 'phone', hasNoControlCharacters);
const DateOfBirth = pattern(string(), ISO_DATE_PATTERN);
const Handle = pattern(string(), HANDLE_PATTERN);
const OrganisationEmail = refine(size(string(), 1, EMAIL_MAX), 'email', (v) =>
  isValidEmail(v.trim()),
);
const OrganisationNumber = size(string(), 0, ORGANISATION_NUMBER_MAX);
const Website = refine(size(string(), 0, WEBSITE_MAX), 'website', (v) => isValidWebsite(v.trim()));

/**
 * The refusals of these calls. The field texts are the spec's (§5 Personal details, Signup,
 * Organisation); the rest say what went wrong in the same voice.
 */
export const recordTexts = {
  firstNameRequired: accountTexts.firstNameRequired,
  lastNameRequired: accountTexts.lastNameRequired,
  phoneInvalid: accountTexts.phoneInvalid,
  dateOfBirthRequired: accountTexts.dateOfBirthRequired,
  dateOfBirthInvalid: accountTexts.dateOfBirthInvalid,
  handleRequired: accountTexts.handleRequired,
  handleRule: accountTexts.handleRule,
  handleNotAvailable: accountTexts.handleNotAvailable,
  emailRequired: accountTexts.emailRequired,
  emailInvalid: accountTexts.emailInvalid,
  emailTaken: accountTexts.emailTaken,
  nameTooLong: accountTexts.nameTooLong,
  userRoleRequired: 'User role is required',
  organisationRequired: 'Please choose the organisation.',
  accountTypeRequired: 'Please choose the account type (Individual or Charity).',
  ownerRequired: 'Please choose the owner of the organisation.',
  userNotFound: 'User not found.',
  organisationNotFound: 'Organisation not found.',
  ownerNotFound: 'The owner must be an existing user.',
  cannotDeleteSelf: 'You cannot delete your own account here; use Delete my account instead.',
  cannotDeleteOwner:
    'This user owns an organisation; delete the organisation first, then the user.',
  cannotDeleteCurrentOrganisation:
    'You cannot delete the organisation you are signed into; switch to another organisation first.',
} as const;

// ---------------------------------------------------------------------------------------------
// Users.
// ---------------------------------------------------------------------------------------------

/** A user as the host's record calls show it (no consents, no password, no sign-in secrets). */
export const UserRecord = object({
  id: Id,
  guid: string(),
  email: string(),
  firstName: string(),
  lastName: string(),
  handle: string(),
  /** E.164 or ''. */
  phone: string(),
  /** 'yyyy-MM-dd', or null when unknown. */
  dateOfBirth: nullable(string()),
  accountStatus: string(),
  emailConfirmed: boolean(),
  isHost: boolean(),
  tenantUsers: array(TenantUser),
});
export type UserRecord = Infer<typeof UserRecord>;

/**
 * POST users/create (host): an account in an existing organisation with a role. It has no
 * password: the person signs in after Forgotten password (which proves the address) or with Google.
 */
export const CreateUserRequest = object({
  firstName: Name,
  lastName: Name,
  email: Email,
  handle: Handle,
  tenantId: Id,
  userRole: UserRoleStruct,
});
export type CreateUserRequest = Infer<typeof CreateUserRequest>;

/**
 * POST users/update (host): the personal details' fields but the email address, which changes
 * only through the person's own confirmation flow (users/updatePersonalDetails).
 */
export const UpdateUserRequest = object({
  id: Id,
  firstName: Name,
  lastName: Name,
  phone: Phone,
  dateOfBirth: DateOfBirth,
  handle: Handle,
});
export type UpdateUserRequest = Infer<typeof UpdateUserRequest>;

/**
 * POST users/upsert (host): without an id, users/create (email, tenantId and userRole needed);
 * with one, users/update (phone '' and the date of birth needed when missing).
 */
export const UpsertUserRequest = object({
  id: optional(Id),
  firstName: Name,
  lastName: Name,
  handle: Handle,
  email: optional(Email),
  tenantId: optional(Id),
  userRole: optional(UserRoleStruct),
  phone: optional(Phone),
  dateOfBirth: optional(DateOfBirth),
});
export type UpsertUserRequest = Infer<typeof UpsertUserRequest>;

/** GET users/getByGuid?guid=, DELETE users/deletebyguid?guid=, tenants' likewise. */
export const GuidRequest = object({ guid: Guid });
export type GuidRequest = Infer<typeof GuidRequest>;

/** DELETE users/delete?id=, tenants/delete?id= */
export const IdRequest = object({ id: Id });
export type IdRequest = Infer<typeof IdRequest>;

/** The answer of a record's deletion. */
export const DeletedResponse = object({ deleted: boolean() });
export type DeletedResponse = Infer<typeof DeletedResponse>;

/**
 * GET users/getUserSignupData: the caller's own signup data, with the current organisation's
 * name (companyName) and account type.
 */
export const UserSignupData = object({
  firstName: string(),
  lastName: string(),
  email: string(),
  phone: string(),
  dateOfBirth: nullable(string()),
  handle: string(),
  companyName: string(),
  tenantAccountType: enums(accountTypes),
});
export type UserSignupData = Infer<typeof UserSignupData>;

/** The field messages of the users' record calls. */
export const userRecordFieldMessages = {
  firstName: {
    required: recordTexts.firstNameRequired,
    invalid: recordTexts.firstNameRequired,
    tooLong: recordTexts.nameTooLong,
  },
  lastName: {
    required: recordTexts.lastNameRequired,
    invalid: recordTexts.lastNameRequired,
    tooLong: recordTexts.nameTooLong,
  },
  email: {
    required: recordTexts.emailRequired,
    invalid: recordTexts.emailInvalid,
    tooLong: recordTexts.emailInvalid,
  },
  handle: { required: recordTexts.handleRequired, invalid: recordTexts.handleRule },
  phone: { invalid: recordTexts.phoneInvalid, tooLong: recordTexts.phoneInvalid },
  dateOfBirth: {
    required: recordTexts.dateOfBirthRequired,
    invalid: recordTexts.dateOfBirthInvalid,
  },
  tenantId: { required: recordTexts.organisationRequired },
  userRole: { required: recordTexts.userRoleRequired, invalid: recordTexts.userRoleRequired },
} as const;

// ---------------------------------------------------------------------------------------------
// Tenants (organisations).
// ---------------------------------------------------------------------------------------------

/** An organisation as the record calls show it: its details, owner and standing. */
export const TenantRecord = object({
  ...organisationFields,
  logoUrl: string(),
  /** Null when the organisation has no owner (it should always have one). */
  ownerUserId: nullable(Id),
  isOnboarding: boolean(),
  isTrialing: boolean(),
  enabled: boolean(),
});
export type TenantRecord = Infer<typeof TenantRecord>;

/**
 * POST tenants/create (host): an organisation owned by an existing user, who becomes its owner
 * and Administrator; the same defaults as tenants/new (trial, onboarding). Its contact details
 * start as the owner's (email, full name, phone) until tenants/update changes them.
 */
export const CreateTenantRequest = object({
  name: OrganisationName,
  accountType: enums(signupAccountTypes),
  ownerUserId: Id,
});
export type CreateTenantRequest = Infer<typeof CreateTenantRequest>;

/** POST tenants/update (host): an organisation's details (spec §3 Organisation, §5 messages). */
export const UpdateTenantRequest = object({
  id: Id,
  name: OrganisationName,
  companyNumber: OrganisationNumber,
  vatNumber: OrganisationNumber,
  email: OrganisationEmail,
  contactName: OrganisationName,
  contactPhone: ContactPhone,
  website: Website,
});
export type UpdateTenantRequest = Infer<typeof UpdateTenantRequest>;

/**
 * POST tenants/upsert (host): without an id, tenants/create (accountType and ownerUserId
 * needed); with one, tenants/update (email, contactName and contactPhone needed; the numbers and
 * the website '' when missing).
 */
export const UpsertTenantRequest = object({
  id: optional(Id),
  name: OrganisationName,
  accountType: optional(enums(signupAccountTypes)),
  ownerUserId: optional(Id),
  companyNumber: optional(OrganisationNumber),
  vatNumber: optional(OrganisationNumber),
  email: optional(OrganisationEmail),
  contactName: optional(OrganisationName),
  contactPhone: optional(ContactPhone),
  website: optional(Website),
});
export type UpsertTenantRequest = Infer<typeof UpsertTenantRequest>;

/** The field messages of the tenants' record calls (the organisation forms' texts). */
export const tenantRecordFieldMessages = {
  name: organisationFieldMessages.name,
  email: organisationFieldMessages.email,
  contactName: organisationFieldMessages.contactName,
  contactPhone: organisationFieldMessages.contactPhone,
  companyNumber: organisationFieldMessages.companyNumber,
  vatNumber: organisationFieldMessages.vatNumber,
  website: organisationFieldMessages.website,
  accountType: {
    required: recordTexts.accountTypeRequired,
    invalid: recordTexts.accountTypeRequired,
  },
  ownerUserId: { required: recordTexts.ownerRequired },
} as const;
