/**
 * The generic record calls of spec §7.2 (issue 19).
 *
 * Users:
 * - create (host): an account in an existing organisation with a role, checked like signup's
 *   personal fields (names, handle rule and availability, a free email address). It has no
 *   password: the person signs in after Forgotten password or with Google.
 * - update (host): names, phone, date of birth and handle, checked like personal details (all
 *   refusals in one 400). The email changes only by the person's own confirmation flow.
 * - getByGuid: a host (re-read from the database) any user; anyone else their own guid only:
 *   another's, or none, is the same 404, so existence is not revealed.
 * - getUserSignupData: the caller's own signup data, with their current organisation's name and
 *   account type.
 * - delete, deletebyguid (host): the account with everything of theirs, as deleteMyAccount deletes
 *   one (account/deletion.ts). Refused: oneself (deleteMyAccount is the way), an organisation's
 *   owner (the organisation goes first), an unknown user.
 *
 * Tenants:
 * - create (host): an organisation owned by an existing user (owner and Administrator), with the
 *   defaults of tenants/new (trial, onboarding); its contact details start as the owner's.
 * - update (host): its details, with the organisation forms' messages.
 * - getByGuid: a host any organisation; anyone else one they may sign into only (else 404).
 * - delete, deletebyguid (host): as its owner's deletion (account/deletion.ts): members who
 *   belong elsewhere keep their accounts, sessions on it end, its payment customer is deleted
 *   after the commit (a failure logged). The organisation the host is signed into is refused.
 */
import { UserRole } from '../../../contract/enums';
import { organisationTexts as organisationMessages } from '../../../contract/organisations';
import type { SignupAccountType } from '../../../contract/identity';
import {
  recordTexts as t,
  type CreateTenantRequest,
  type CreateUserRequest,
  type DeletedResponse,
  type TenantRecord,
  type UpdateTenantRequest,
  type UpdateUserRequest,
  type UpsertTenantRequest,
  type UpsertUserRequest,
  type UserRecord,
  type UserSignupData,
} from '../../../contract/records';
import { isStorableId } from '../../db/recordIds';
import { addDays } from '../../domain/context';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../../domain/errors';
import { NOT_AUTHENTICATED } from '../../domain/accessTokens';
import { findUserByHandle, selectStanding } from '../../domain/queries';
import { hostRightsOf, NO_TENANT_ACCESS, type TenantScope } from '../../domain/scope';
import { avatarColours, findUserByEmail, normaliseEmail, toAccountType } from '../../domain/users';
import type { AccountDeps } from '../account/accountContext';
import {
  deleteAccounts,
  deleteOrganisation,
  deletePaymentCustomer,
  deleteUnusedFiles,
  type Deletion,
} from '../account/deletion';
import { selectTenantUsers, updateAccount } from '../account/queries';
import { toTenantUser } from '../account/domain';
import { uniqueViolation } from '../identity/accounts';
import { dateOfBirthProblems, normalisePhone } from '../identity/signup';
import { noteSessionsEnded } from '../auth/refreshTokens';
import {
  NEW_ORGANISATION_TRIAL_DAYS,
  organisationFieldsOf,
  trimmedDetails,
} from '../tenants/organisations';
import {
  insertOrganisation,
  selectMemberTenant,
  updateOrganisationDetails,
} from '../tenants/queries';
import {
  insertUserWithMembership,
  isSigningInMember,
  lockOwnedTenantIds,
  lockTenantRow,
  lockUser,
  selectOwnerId,
  selectTenantByGuid,
  selectTenantById,
  selectUserByGuid,
  selectUserById,
  type TenantRow,
  type UserRow,
} from './queries';
import { isGuid } from '../../domain/guid';

/** What the record calls need: the account calls' dependencies (deletions reuse theirs). */
export type RecordsDeps = AccountDeps;

/** A unique handle or address taken by a concurrent write, as a 409 with the field's text. */
function asConflict(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return error;
  return conflict(constraint.includes('handle') ? t.handleNotAvailable : t.emailTaken);
}

/**
 * Whether the caller may use a host right now (the flag re-read, as the host level does): never
 * in an impersonated session, even of a user who is a host.
 */
async function isHostNow(deps: RecordsDeps, scope: TenantScope): Promise<boolean> {
  const standing = await selectStanding(deps.db, scope.userId, scope.tenantId);
  return hostRightsOf(scope, standing?.isHost === true);
}

// ---------------------------------------------------------------------------------------------
// Users.
// ---------------------------------------------------------------------------------------------

async function toUserRecord(deps: RecordsDeps, user: UserRow): Promise<UserRecord> {
  const memberships = await selectTenantUsers(deps.db, user.id);
  return {
    id: user.id,
    guid: user.guid,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    handle: user.handle,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    accountStatus: user.accountStatus,
    emailConfirmed: user.emailConfirmed,
    isHost: user.isHost,
    tenantUsers: memberships.map(toTenantUser),
  };
}

async function userById(deps: RecordsDeps, id: number): Promise<UserRow> {
  const user = isStorableId(id) ? await selectUserById(deps.db, id) : undefined;
  if (user === undefined) throw notFound(t.userNotFound);
  return user;
}

async function userByGuid(deps: RecordsDeps, guid: string): Promise<UserRow> {
  const user = isGuid(guid) ? await selectUserByGuid(deps.db, guid) : undefined;
  if (user === undefined) throw notFound(t.userNotFound);
  return user;
}

/** The names and handle checked as signup and personal details check them. */
async function nameAndHandleProblems(
  deps: RecordsDeps,
  input: { firstName: string; lastName: string; handle: string },
  selfId: number | null,
): Promise<string[]> {
  const messages: string[] = [];
  if (input.firstName.trim() === '') messages.push(t.firstNameRequired);
  if (input.lastName.trim() === '') messages.push(t.lastNameRequired);
  const holder = await findUserByHandle(deps.db, input.handle);
  if (holder !== undefined && holder.id !== selfId) messages.push(t.handleNotAvailable);
  return messages;
}

/** POST users/create (host). */
export async function createUser(deps: RecordsDeps, input: CreateUserRequest): Promise<UserRecord> {
  const email = normaliseEmail(input.email);
  const messages = await nameAndHandleProblems(deps, input, null);
  if ((await findUserByEmail(deps.db, email)) !== undefined) messages.push(t.emailTaken);
  if (messages.length > 0) throw invalid(messages);
  if (
    !isStorableId(input.tenantId) ||
    (await selectTenantById(deps.db, input.tenantId)) === undefined
  ) {
    throw notFound(t.organisationNotFound);
  }
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  try {
    const user = await deps.db.transaction((tx) =>
      insertUserWithMembership(
        tx,
        {
          email,
          firstName,
          lastName,
          handle: input.handle,
          lastTenantId: input.tenantId,
          ...avatarColours(firstName, lastName),
        },
        input.userRole,
      ),
    );
    return await toUserRecord(deps, user);
  } catch (error) {
    throw asConflict(error);
  }
}

/** POST users/update (host): every rule of personal details but the email, refusals together. */
export async function updateUser(deps: RecordsDeps, input: UpdateUserRequest): Promise<UserRecord> {
  const user = await userById(deps, input.id);
  const messages = await nameAndHandleProblems(deps, input, user.id);
  const phone = normalisePhone(input.phone);
  if (phone === undefined) messages.push(t.phoneInvalid);
  messages.push(...dateOfBirthProblems(input.dateOfBirth, deps.now()));
  if (messages.length > 0) throw invalid(messages);
  try {
    const updated = await updateAccount(deps.db, user.id, {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      phone: phone ?? '',
      dateOfBirth: input.dateOfBirth,
      handle: input.handle,
    });
    if (!updated) throw notFound(t.userNotFound);
  } catch (error) {
    throw asConflict(error);
  }
  if (input.handle !== user.handle) deps.feedPages.invalidate();
  return toUserRecord(deps, await userById(deps, user.id));
}

/** POST users/upsert (host): create without an id, update with one. */
export function upsertUser(deps: RecordsDeps, input: UpsertUserRequest): Promise<UserRecord> {
  const { id, firstName, lastName, handle } = input;
  if (id === undefined) {
    const missing: string[] = [];
    if (input.email === undefined) missing.push(t.emailRequired);
    if (input.tenantId === undefined) missing.push(t.organisationRequired);
    if (input.userRole === undefined) missing.push(t.userRoleRequired);
    if (input.email === undefined || input.tenantId === undefined || input.userRole === undefined) {
      return Promise.reject(invalid(missing));
    }
    return createUser(deps, {
      firstName,
      lastName,
      handle,
      email: input.email,
      tenantId: input.tenantId,
      userRole: input.userRole,
    });
  }
  if (input.dateOfBirth === undefined) return Promise.reject(invalid(t.dateOfBirthRequired));
  return updateUser(deps, {
    id,
    firstName,
    lastName,
    handle,
    phone: input.phone ?? '',
    dateOfBirth: input.dateOfBirth,
  });
}

/** GET users/getByGuid: a host any user; anyone else their own only (else the same 404). */
export async function getUserByGuid(
  deps: RecordsDeps,
  scope: TenantScope,
  guid: string,
): Promise<UserRecord> {
  if (guid !== scope.userGuid && !(await isHostNow(deps, scope))) throw notFound(t.userNotFound);
  return toUserRecord(deps, await userByGuid(deps, guid));
}

/** GET users/getUserSignupData: the caller's own, in their current organisation. */
export async function getUserSignupData(
  deps: RecordsDeps,
  scope: TenantScope,
): Promise<UserSignupData> {
  const user = await selectUserById(deps.db, scope.userId);
  if (user === undefined) throw unauthenticated(NOT_AUTHENTICATED);
  const membership = await selectMemberTenant(deps.db, scope.userId, scope.tenantId);
  if (membership === undefined || !membership.loginEnabled) throw forbidden(NO_TENANT_ACCESS);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    handle: user.handle,
    companyName: membership.tenant.name,
    tenantAccountType: toAccountType(membership.tenant.accountType),
  };
}

/** After a committed deletion: sessions, the feed, unused files, the payment customer. */
async function afterDeletion(deps: RecordsDeps, deletion: Deletion): Promise<void> {
  noteSessionsEnded();
  deps.feedPages.invalidate();
  await deleteUnusedFiles(deps, deletion.fileIds);
  if (deletion.customerId !== null) await deletePaymentCustomer(deps, deletion.customerId);
}

/** Deletes the user entirely (not oneself, not an organisation's owner), in one transaction. */
async function deleteUserRecord(
  deps: RecordsDeps,
  scope: TenantScope,
  user: UserRow,
): Promise<DeletedResponse> {
  if (user.id === scope.userId) throw conflict(t.cannotDeleteSelf);
  const now = deps.now();
  const deletion = await deps.db.transaction(async (tx): Promise<Deletion> => {
    if ((await lockUser(tx, user.id)) === undefined) throw notFound(t.userNotFound);
    if ((await lockOwnedTenantIds(tx, user.id)).length > 0) throw conflict(t.cannotDeleteOwner);
    const fileIds = await deleteAccounts(tx, [user.id], now);
    return { outcome: 'account', fileIds, customerId: null };
  });
  await afterDeletion(deps, deletion);
  return { deleted: true };
}

/** DELETE users/delete (host). */
export async function deleteUser(
  deps: RecordsDeps,
  scope: TenantScope,
  id: number,
): Promise<DeletedResponse> {
  return deleteUserRecord(deps, scope, await userById(deps, id));
}

/** DELETE users/deletebyguid (host). */
export async function deleteUserByGuid(
  deps: RecordsDeps,
  scope: TenantScope,
  guid: string,
): Promise<DeletedResponse> {
  return deleteUserRecord(deps, scope, await userByGuid(deps, guid));
}

// ---------------------------------------------------------------------------------------------
// Tenants.
// ---------------------------------------------------------------------------------------------

async function toTenantRecord(deps: RecordsDeps, tenant: TenantRow): Promise<TenantRecord> {
  return {
    ...organisationFieldsOf(tenant),
    logoUrl: tenant.logoUrl,
    ownerUserId: await selectOwnerId(deps.db, tenant.id),
    isOnboarding: tenant.isOnboarding,
    isTrialing: tenant.isTrialing,
    enabled: tenant.enabled,
  };
}

async function tenantById(deps: RecordsDeps, id: number): Promise<TenantRow> {
  const tenant = isStorableId(id) ? await selectTenantById(deps.db, id) : undefined;
  if (tenant === undefined) throw notFound(t.organisationNotFound);
  return tenant;
}

async function tenantByGuid(deps: RecordsDeps, guid: string): Promise<TenantRow> {
  const tenant = isGuid(guid) ? await selectTenantByGuid(deps.db, guid) : undefined;
  if (tenant === undefined) throw notFound(t.organisationNotFound);
  return tenant;
}

/** POST tenants/create (host): the owner must exist; the defaults of tenants/new. */
export async function createTenant(
  deps: RecordsDeps,
  input: CreateTenantRequest,
): Promise<TenantRecord> {
  const owner = isStorableId(input.ownerUserId)
    ? await selectUserById(deps.db, input.ownerUserId)
    : undefined;
  if (owner === undefined) throw notFound(t.ownerNotFound);
  const accountType: SignupAccountType = input.accountType;
  const tenant = await deps.db.transaction((tx) =>
    insertOrganisation(
      tx,
      {
        name: input.name.trim(),
        accountType,
        email: owner.email,
        contactName: `${owner.firstName} ${owner.lastName}`.trim(),
        contactPhone: owner.phone,
        logoFileId: null,
        logoUrl: '',
        isOnboarding: true,
        isTrialing: true,
        trialEndDate: addDays(deps.now(), NEW_ORGANISATION_TRIAL_DAYS),
      },
      owner.id,
      UserRole.Administrator,
    ),
  );
  return toTenantRecord(deps, tenant);
}

/** POST tenants/update (host): the organisation's details. */
export async function updateTenant(
  deps: RecordsDeps,
  input: UpdateTenantRequest,
): Promise<TenantRecord> {
  if (!isStorableId(input.id)) throw notFound(t.organisationNotFound);
  const tenant = await updateOrganisationDetails(deps.db, input.id, trimmedDetails(input));
  if (tenant === undefined) throw notFound(t.organisationNotFound);
  return toTenantRecord(deps, tenant);
}

/** POST tenants/upsert (host): create without an id, update with one. */
export function upsertTenant(deps: RecordsDeps, input: UpsertTenantRequest): Promise<TenantRecord> {
  const { id, name } = input;
  if (id === undefined) {
    const missing: string[] = [];
    if (input.accountType === undefined) missing.push(t.accountTypeRequired);
    if (input.ownerUserId === undefined) missing.push(t.ownerRequired);
    if (input.accountType === undefined || input.ownerUserId === undefined) {
      return Promise.reject(invalid(missing));
    }
    return createTenant(deps, {
      name,
      accountType: input.accountType,
      ownerUserId: input.ownerUserId,
    });
  }
  const { email, contactName, contactPhone } = input;
  if (email === undefined || contactName === undefined || contactPhone === undefined) {
    const missing: string[] = [];
    if (email === undefined) missing.push(organisationMessages.emailRequired);
    if (contactName === undefined) missing.push(organisationMessages.contactNameRequired);
    if (contactPhone === undefined) missing.push(organisationMessages.contactPhoneRequired);
    return Promise.reject(invalid(missing));
  }
  return updateTenant(deps, {
    id,
    name,
    email,
    contactName,
    contactPhone,
    companyNumber: input.companyNumber ?? '',
    vatNumber: input.vatNumber ?? '',
    website: input.website ?? '',
  });
}

/** GET tenants/getByGuid: a host any organisation; anyone else one of theirs (else 404). */
export async function getTenantByGuid(
  deps: RecordsDeps,
  scope: TenantScope,
  guid: string,
): Promise<TenantRecord> {
  const tenant = await tenantByGuid(deps, guid);
  if (
    !(await isHostNow(deps, scope)) &&
    !(await isSigningInMember(deps.db, scope.userId, tenant.id))
  ) {
    throw notFound(t.organisationNotFound);
  }
  return toTenantRecord(deps, tenant);
}

/** Deletes the organisation as its owner's deletion does (not the host's current one). */
async function deleteTenantRecord(
  deps: RecordsDeps,
  scope: TenantScope,
  tenant: TenantRow,
): Promise<DeletedResponse> {
  if (tenant.id === scope.tenantId) throw conflict(t.cannotDeleteCurrentOrganisation);
  const now = deps.now();
  const deletion = await deps.db.transaction(async (tx): Promise<Deletion> => {
    const locked = await lockTenantRow(tx, tenant.id);
    if (locked === undefined) throw notFound(t.organisationNotFound);
    const deleted = await deleteOrganisation(tx, tenant.id, now);
    // Its logo is no other record's file.
    const logo = locked.logoFileId === null ? [] : [locked.logoFileId];
    return { ...deleted, fileIds: [...deleted.fileIds, ...logo] };
  });
  await afterDeletion(deps, deletion);
  return { deleted: true };
}

/** DELETE tenants/delete (host). */
export async function deleteTenant(
  deps: RecordsDeps,
  scope: TenantScope,
  id: number,
): Promise<DeletedResponse> {
  return deleteTenantRecord(deps, scope, await tenantById(deps, id));
}

/** DELETE tenants/deletebyguid (host). */
export async function deleteTenantByGuid(
  deps: RecordsDeps,
  scope: TenantScope,
  guid: string,
): Promise<DeletedResponse> {
  return deleteTenantRecord(deps, scope, await tenantByGuid(deps, guid));
}
