/**
 * The team of an organisation, for its Administrators (spec §2.3 Users screen, §3 Invited user and
 * TenantUser, §4 Invitation, §6, §7.2 Users list/updateUser/deleteUser and User invitations).
 * Every call is scoped to the caller's current organisation: an id of another organisation's user
 * or invitation is answered 404 with {@link teamTexts.notInThisOrganisation}, and nothing of it is
 * read or changed (every statement names the caller's tenant). Which status an invitation may
 * move to is the model of contract/invitationStatusMachine.ts.
 *
 * An invitation's mail is sent before anything is written, with a key stored only in the
 * transaction that saves the invitation: a mail that cannot be sent saves nothing (503), and a
 * save that fails leaves the mailed link leading nowhere ('Invalid Invitation').
 */
import type { UserRole } from '../../../contract/enums';
import { invitationAllows, shownInvitationStatus } from '../../../contract/invitationStatusMachine';
import type { ListRequest } from '../../../contract/lists';
import {
  teamTexts,
  type InvitationDetails,
  type TeamUser,
  type TeamUserList,
  type UpdateInvitationRequest,
  type UpsertInvitationRequest,
  type UserInvitation,
  type UserInvitationList,
} from '../../../contract/team';
import { isStorableId } from '../../db/recordIds';
import { conflict, forbidden, invalid, notFound, unavailable } from '../../domain/errors';
import { pageOf } from '../../domain/lists';
import { findUserById, forgetLastTenant } from '../../domain/queries';
import type { TenantScope } from '../../domain/scope';
import { normaliseEmail, toUserRole } from '../../domain/users';
import { invitationMail } from '../../mail/templates';
import { endSessionsOnTenant, noteSessionsEnded } from '../auth/refreshTokens';
import { hashAccountKey, newAccountKey } from '../identity/accountKeys';
import { siteLink } from '../identity/links';
import {
  countInvitations,
  countMembers,
  deleteInvitation as deleteInvitationRow,
  deleteMembership,
  insertInvitation,
  insertInvitationKey,
  isMemberByEmail,
  selectInvitation,
  selectInvitationByGuid,
  selectInvitationPage,
  selectMember,
  selectMemberPage,
  selectTenantMailing,
  supersedeInvitationKeys,
  updateInvitation as updateInvitationRow,
  updateMembership,
  type MemberRow,
  type MemberSort,
  type UserInvitationRow,
} from './queries';
import { pick } from '../../domain/pick';
import type { TeamDeps } from './teamContext';

/** The client route an invitation's link opens (the key is appended as a segment). */
export const INVITATION_ROUTE = '/invitation/';
export const INVITATION_MAIL_FAILED = 'Error sending the invitation email, please try again.';
export const INVITATION_EMAILS_DISABLED =
  'Sending emails is disabled for this organisation, so the invitation was not sent.';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notHere = () => notFound(teamTexts.notInThisOrganisation);

const isInvitationStatus = (value: string): value is UserInvitation['userInvitationStatus'] =>
  value === 'Pending' || value === 'Accepted' || value === 'Declined' || value === 'Expired';

/** The status as stored (a row holds one of the four; anything else reads as Expired). */
export const storedStatus = (row: UserInvitationRow) =>
  isInvitationStatus(row.status) ? row.status : 'Expired';

/** The status the invitation shows now: a Pending one past its expiry is Expired. */
export const shownStatus = (row: UserInvitationRow, now: Date) =>
  shownInvitationStatus(storedStatus(row), row.expiryDate.toISOString(), now.getTime());

export function toUserInvitation(row: UserInvitationRow): UserInvitation {
  return {
    ...pick(row, 'id', 'guid', 'firstName', 'lastName', 'email', 'acceptedEmailAddress', 'message'),
    userRole: toUserRole(row.userRole),
    canChangeEmailAddress: row.canChangeEmailAddress,
    userInvitationKey: row.status === 'Pending' ? (row.currentKey ?? '') : '',
    userInvitationStatus: storedStatus(row),
    expiryDate: row.expiryDate.toISOString(),
    responseMessage: row.responseMessage,
    loginEnabled: true,
  };
}

function toTeamUser(row: MemberRow): TeamUser {
  return {
    ...pick(row, 'id', 'guid', 'firstName', 'lastName', 'email', 'emailConfirmed'),
    userRole: toUserRole(row.userRole),
    ...pick(row, 'owner', 'loginEnabled'),
    lastLoginDate: row.lastLoginDate === null ? null : row.lastLoginDate.toISOString(),
  };
}

const MEMBER_SORTS: Record<string, MemberSort> = {
  lastlogindate: 'lastLoginDate',
  name: 'name',
  fullname: 'name',
  firstname: 'name',
  email: 'email',
};

/** POST users/list: the organisation's members, by last login (newest first) unless asked. */
export async function listUsers(
  deps: TeamDeps,
  scope: TenantScope,
  payload: ListRequest,
): Promise<TeamUserList> {
  const sort = MEMBER_SORTS[(payload.sortBy ?? '').toLowerCase()] ?? 'lastLoginDate';
  const search = (payload.searchString ?? '').trim();
  const page = pageOf(payload);
  const rows =
    page === undefined
      ? []
      : await selectMemberPage(deps.db, scope.tenantId, {
          sort,
          descending: payload.sortByDescending ?? true,
          search,
          ...page,
        });
  const totalCount =
    payload.getTotalCount === true ? await countMembers(deps.db, scope.tenantId, search) : null;
  return { list: rows.map(toTeamUser), totalCount };
}

/** Another member of the organisation, who is neither the caller nor the owner. */
async function editableMember(
  deps: TeamDeps,
  scope: TenantScope,
  userId: number,
): Promise<MemberRow> {
  if (!isStorableId(userId)) throw notHere();
  const member = await selectMember(deps.db, scope.tenantId, userId);
  if (member === undefined) throw notHere();
  if (member.id === scope.userId) throw forbidden(teamTexts.cannotEditSelf);
  if (member.owner) throw forbidden(teamTexts.cannotEditOwner);
  return member;
}

/**
 * POST users/updateUser: a member's role and whether they may log in. Switching the login off
 * ends their sessions on this organisation at once.
 */
export async function updateUser(
  deps: TeamDeps,
  scope: TenantScope,
  input: { id: number; userRole: UserRole; loginEnabled: boolean },
): Promise<TeamUser> {
  const member = await editableMember(deps, scope, input.id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const changes = { userRole: input.userRole, loginEnabled: input.loginEnabled };
    if (!(await updateMembership(tx, scope.tenantId, member.id, changes))) throw notHere();
    if (!input.loginEnabled) await endSessionsOnTenant(tx, scope.tenantId, now, member.id);
  });
  if (!input.loginEnabled) noteSessionsEnded();
  const updated = await selectMember(deps.db, scope.tenantId, member.id);
  if (updated === undefined) throw notHere();
  return toTeamUser(updated);
}

/**
 * DELETE users/deleteUser: removes the member from the organisation (never their account): their
 * sessions on it end, and it is no longer their default organisation.
 */
export async function deleteUser(
  deps: TeamDeps,
  scope: TenantScope,
  userId: number,
): Promise<{ deleted: boolean }> {
  const member = await editableMember(deps, scope, userId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await deleteMembership(tx, scope.tenantId, member.id))) throw notHere();
    await forgetLastTenant(tx, member.id, scope.tenantId);
    await endSessionsOnTenant(tx, scope.tenantId, now, member.id);
  });
  noteSessionsEnded();
  return { deleted: true };
}

/** The organisation's invitation with this id. */
async function loadInvitation(
  deps: TeamDeps,
  scope: TenantScope,
  id: number | undefined,
): Promise<UserInvitationRow> {
  if (id === undefined || !isStorableId(id)) throw notHere();
  const row = await selectInvitation(deps.db, scope.tenantId, id);
  if (row === undefined) throw notHere();
  return row;
}

async function loadInvitationByGuid(
  deps: TeamDeps,
  scope: TenantScope,
  guid: string,
): Promise<UserInvitationRow> {
  if (!GUID.test(guid)) throw notHere();
  const row = await selectInvitationByGuid(deps.db, scope.tenantId, guid.toLowerCase());
  if (row === undefined) throw notHere();
  return row;
}

export const getInvitation = async (deps: TeamDeps, scope: TenantScope, id: number) =>
  toUserInvitation(await loadInvitation(deps, scope, id));

export const getInvitationByGuid = async (deps: TeamDeps, scope: TenantScope, guid: string) =>
  toUserInvitation(await loadInvitationByGuid(deps, scope, guid));

/** POST userinvitations/list: the organisation's invitations, newest first. */
export async function listInvitations(
  deps: TeamDeps,
  scope: TenantScope,
  payload: ListRequest,
): Promise<UserInvitationList> {
  const page = pageOf(payload);
  const rows =
    page === undefined
      ? []
      : await selectInvitationPage(deps.db, scope.tenantId, page.limit, page.offset);
  const totalCount =
    payload.getTotalCount === true ? await countInvitations(deps.db, scope.tenantId) : null;
  return { list: rows.map(toUserInvitation), totalCount };
}

/** The form's fields as stored; a member of the organisation is not invited again (409). */
async function checkInvitation(
  deps: TeamDeps,
  scope: TenantScope,
  input: UpsertInvitationRequest,
): Promise<InvitationDetails> {
  const checked = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: normaliseEmail(input.email),
    message: (input.message ?? '').trim(),
    userRole: input.userRole,
    canChangeEmailAddress: input.canChangeEmailAddress,
  };
  const messages: string[] = [];
  if (checked.firstName === '') messages.push(teamTexts.inviteFirstNameRequired);
  if (checked.lastName === '') messages.push(teamTexts.inviteLastNameRequired);
  if (messages.length > 0) throw invalid(messages);
  if (await isMemberByEmail(deps.db, scope.tenantId, checked.email)) {
    throw conflict(teamTexts.alreadyMember);
  }
  return checked;
}

/**
 * Mails the invitation's link; 503 (nothing saved) when it cannot be sent, 429 (nothing mailed or
 * saved) past the invitation mail limits (every mail counts, a resent one too).
 */
async function mailInvitation(
  deps: TeamDeps,
  scope: TenantScope,
  invitation: InvitationDetails,
  key: string,
): Promise<void> {
  const inviter = await findUserById(deps.db, scope.userId);
  const { name: organisationName, sendingEmailsEnabled } = await selectTenantMailing(
    deps.db,
    scope.tenantId,
  );
  // A host switched off mail on the organisation's behalf (tenants/setSendingEmailsEnabled).
  if (!sendingEmailsEnabled) throw forbidden(INVITATION_EMAILS_DISABLED);
  // Past the Administrator's or the organisation's allowance: 429, nothing mailed or saved.
  await deps.invitationMailLimits.take(scope);
  try {
    await deps.mailer.send(
      invitationMail({
        to: invitation.email,
        firstName: invitation.firstName,
        inviterName: inviter === undefined ? '' : `${inviter.firstName} ${inviter.lastName}`,
        organisationName,
        message: invitation.message,
        link: siteLink(deps.settings, INVITATION_ROUTE, key),
        expiresInDays: deps.invitationExpiryDays,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'invitation email could not be sent; nothing was saved');
    throw unavailable(INVITATION_MAIL_FAILED);
  }
}

const expiryFrom = (deps: TeamDeps, now: Date) =>
  new Date(now.getTime() + deps.invitationExpiryDays * 24 * 60 * 60 * 1000);

/** POST userinvitations/create (and upsert without an id): invites and mails the invitee. */
export async function createInvitation(
  deps: TeamDeps,
  scope: TenantScope,
  input: UpsertInvitationRequest,
): Promise<UserInvitation> {
  const checked = await checkInvitation(deps, scope, input);
  const key = newAccountKey();
  await mailInvitation(deps, scope, checked, key);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertInvitation(tx, {
      ...checked,
      tenantId: scope.tenantId,
      invitedByUserId: scope.userId,
      expiryDate: expiryFrom(deps, now),
      currentKey: key,
      createdAt: now,
    });
    await insertInvitationKey(tx, created.id, hashAccountKey(key), now);
    return created;
  });
  return toUserInvitation(row);
}

/**
 * POST userinvitations/upsert with an id: resends the invitation (with the form's details): a new
 * link and expiry, every earlier link expired, Pending again, mailed again. An accepted invitation
 * cannot be resent (409).
 */
export async function resendInvitation(
  deps: TeamDeps,
  scope: TenantScope,
  input: UpsertInvitationRequest,
): Promise<UserInvitation> {
  const existing = await loadInvitation(deps, scope, input.id);
  if (!invitationAllows(shownStatus(existing, deps.now()), 'resend')) {
    throw conflict(teamTexts.cannotResendAccepted);
  }
  const checked = await checkInvitation(deps, scope, input);
  const key = newAccountKey();
  await mailInvitation(deps, scope, checked, key);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await supersedeInvitationKeys(tx, existing.id, now);
    await insertInvitationKey(tx, existing.id, hashAccountKey(key), now);
    const updated = await updateInvitationRow(tx, scope.tenantId, existing.id, {
      ...checked,
      invitedByUserId: scope.userId,
      status: 'Pending',
      expiryDate: expiryFrom(deps, now),
      currentKey: key,
      responseMessage: null,
      acceptedEmailAddress: null,
      acceptedUserId: null,
    });
    if (updated === undefined) throw notHere();
    return updated;
  });
  return toUserInvitation(row);
}

/** POST userinvitations/upsert: a new invitation without an id, a resend with one. */
export const upsertInvitation = (
  deps: TeamDeps,
  scope: TenantScope,
  input: UpsertInvitationRequest,
) =>
  input.id === undefined
    ? createInvitation(deps, scope, input)
    : resendInvitation(deps, scope, input);

/**
 * POST userinvitations/update: changes an invitation's details without a new link (an accepted
 * one is the member's now: 409).
 */
export async function updateInvitation(
  deps: TeamDeps,
  scope: TenantScope,
  input: UpdateInvitationRequest,
): Promise<UserInvitation> {
  const existing = await loadInvitation(deps, scope, input.id);
  if (storedStatus(existing) === 'Accepted') throw conflict(teamTexts.cannotResendAccepted);
  const checked = await checkInvitation(deps, scope, input);
  const updated = await updateInvitationRow(deps.db, scope.tenantId, existing.id, checked);
  if (updated === undefined) throw notHere();
  return toUserInvitation(updated);
}

/**
 * DELETE userinvitations/delete: cancels a pending invitation (its links become invalid) or
 * deletes any other; deleting an accepted one leaves the member and their membership alone.
 */
async function removeInvitation(
  deps: TeamDeps,
  scope: TenantScope,
  row: UserInvitationRow,
): Promise<{ deleted: boolean }> {
  const shown = shownStatus(row, deps.now());
  const event = shown === 'Pending' ? 'cancel' : 'delete';
  if (!invitationAllows(shown, event)) throw conflict(teamTexts.onlyPendingCancelled);
  if (!(await deleteInvitationRow(deps.db, scope.tenantId, row.id))) throw notHere();
  return { deleted: true };
}

export const deleteInvitation = async (deps: TeamDeps, scope: TenantScope, id: number) =>
  removeInvitation(deps, scope, await loadInvitation(deps, scope, id));

export const deleteInvitationByGuid = async (deps: TeamDeps, scope: TenantScope, guid: string) =>
  removeInvitation(deps, scope, await loadInvitationByGuid(deps, scope, guid));

/** POST userinvitations/setCanChangeEmailAddress (by id, or by guid; 400 with neither). */
export async function setCanChangeEmailAddress(
  deps: TeamDeps,
  scope: TenantScope,
  input: { id?: number | undefined; guid?: string | undefined; value: boolean },
): Promise<UserInvitation> {
  if (input.id === undefined && input.guid === undefined) {
    throw invalid(teamTexts.idOrGuidRequired);
  }
  const row =
    input.id !== undefined
      ? await loadInvitation(deps, scope, input.id)
      : await loadInvitationByGuid(deps, scope, input.guid ?? '');
  const updated = await updateInvitationRow(deps.db, scope.tenantId, row.id, {
    canChangeEmailAddress: input.value,
  });
  if (updated === undefined) throw notHere();
  return toUserInvitation(updated);
}
