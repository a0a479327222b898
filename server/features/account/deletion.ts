/**
 * Deleting one's own account (spec §4 Deleting own account, §6, §7.2 users/deleteMyAccount), in
 * the caller's current organisation, in one transaction:
 *
 * - the organisation's owner deletes the whole organisation: the tenant row (its subscription and
 *   payment provider columns are the payment records), its memberships, posts, drops and
 *   sessions, and every member who belongs to no other organisation, the owner included: answer
 *   `organisationAndAccount`; an owner who also owns or belongs to another organisation keeps
 *   their account and those organisations (nothing of them is touched): answer `organisation`.
 *   The other organisations are never deleted from here: each is deleted by its owner from
 *   inside it, with a dialog that names it (the Data Privacy screen says what goes and what
 *   stays, per case);
 * - anyone else who also belongs to another organisation loses this one only: their membership,
 *   the posts and drops they wrote in it (content belongs to its organisation), their sessions on
 *   it, and it stops being their default organisation: answer `membership`;
 * - anyone else is deleted entirely, with everything of theirs: answer `account`.
 *
 * Every session of a deleted user or on a deleted organisation or membership ends at once (other
 * devices are signed out; the caller is too). After the commit the feed forgets its pages, and
 * the media files nothing uses any more (the deleted posts' and drops' files, deleted users'
 * avatars) are deleted, best effort: a leftover file is harmless, a failed answer after a
 * committed deletion is not. An owner's deletion then deletes the organisation's customer at the
 * payment provider (its payment data, spec §6), likewise after the commit: a failure there is
 * logged for an operator to retry, and the answer stays a success. Rate-limited per account.
 */
import type { DeletionOutcome } from '../../../contract/account';
import type { Transaction } from '../../db/database';
import { forbidden } from '../../domain/errors';
import { forgetLastTenant } from '../../domain/queries';
import { NO_TENANT_ACCESS, type TenantScope } from '../../domain/scope';
import { endSessionsOf, endSessionsOnTenant, noteSessionsEnded } from '../auth/refreshTokens';
import type { AccountDeps } from './accountContext';
import {
  deleteMembershipAndContent,
  deleteTenantRow,
  deleteUsers,
  isMediaFileUsed,
  lockMembership,
  selectAvatarFileIds,
  selectContentMediaFileIds,
  selectMemberIds,
  selectMembersElsewhere,
} from './queries';

export interface Deletion {
  outcome: DeletionOutcome;
  /** Media files the deleted rows pointed to (deleted after the commit if nothing else uses them). */
  fileIds: string[];
  /** The deleted organisation's customer at the payment provider (deleted after the commit). */
  customerId: string | null;
}

/** Deletes users with everything of theirs (memberships, posts, drops, sessions, keys, topics). */
export async function deleteAccounts(
  tx: Transaction,
  userIds: number[],
  now: Date,
): Promise<string[]> {
  const fileIds = [
    ...(await selectContentMediaFileIds(tx, [{ userIds }])),
    ...(await selectAvatarFileIds(tx, userIds)),
  ];
  for (const userId of userIds) await endSessionsOf(tx, userId, now);
  await deleteUsers(tx, userIds);
  return fileIds;
}

/** The owner's deletion: the organisation, and its members who belong nowhere else. */
export async function deleteOrganisation(
  tx: Transaction,
  tenantId: number,
  now: Date,
): Promise<Deletion & { deletedUserIds: number[] }> {
  const memberIds = await selectMemberIds(tx, tenantId);
  const elsewhere = await selectMembersElsewhere(tx, memberIds, tenantId);
  const leaving = memberIds.filter((userId) => !elsewhere.has(userId));
  const tenantFiles = await selectContentMediaFileIds(tx, [{ tenantId }]);
  await endSessionsOnTenant(tx, tenantId, now);
  const userFiles = await deleteAccounts(tx, leaving, now);
  const customerId = await deleteTenantRow(tx, tenantId);
  const fileIds = [...tenantFiles, ...userFiles];
  return { outcome: 'organisation', fileIds, customerId, deletedUserIds: leaving };
}

/** A member of several organisations leaves this one, with what they wrote in it. */
async function leaveOrganisation(
  tx: Transaction,
  userId: number,
  tenantId: number,
  now: Date,
): Promise<Deletion> {
  const fileIds = await selectContentMediaFileIds(tx, [{ userId, tenantId }]);
  await endSessionsOnTenant(tx, tenantId, now, userId);
  await deleteMembershipAndContent(tx, userId, tenantId);
  await forgetLastTenant(tx, userId, tenantId);
  return { outcome: 'membership', fileIds, customerId: null };
}

/** Deletes the files no post, drop or avatar uses any more; failures are only logged. */
export async function deleteUnusedFiles(deps: AccountDeps, fileIds: string[]): Promise<void> {
  for (const fileId of new Set(fileIds)) {
    try {
      if (!(await isMediaFileUsed(deps.db, fileId))) await deps.media.deleteFile(fileId);
    } catch (error) {
      deps.log.warn({ err: error, fileId }, 'a media file of a deleted account was not deleted');
    }
  }
}

/**
 * Deletes the deleted organisation's customer (with its subscriptions, invoices and checkouts)
 * at the payment provider. The organisation and its users are already deleted (committed), so a
 * failure is logged and does not fail the caller's request: the provider call can be retried by
 * an operator with the customer id logged. Without a provider (production without the payment
 * keys) there is nothing to delete there.
 */
export async function deletePaymentCustomer(deps: AccountDeps, customerId: string): Promise<void> {
  if (deps.billing === null) return;
  try {
    await deps.billing.deleteCustomer(customerId);
  } catch (error) {
    deps.log.error(
      { err: error, customerId },
      "the payment provider's customer of a deleted organisation was not deleted; retry by hand",
    );
  }
}

/** DELETE users/deleteMyAccount: what went (the caller is signed out whatever the outcome). */
export async function deleteMyAccount(
  deps: AccountDeps,
  scope: TenantScope,
): Promise<{ deleted: DeletionOutcome }> {
  const { userId, tenantId } = scope;
  await deps.accountLimits.deletions.take(userId);
  const now = deps.now();
  const deletion = await deps.db.transaction(async (tx): Promise<Deletion> => {
    const membership = await lockMembership(tx, userId, tenantId);
    if (membership === undefined) throw forbidden(NO_TENANT_ACCESS);
    if (membership.owner) {
      // The owner's account goes with the organisation only when it was their last one.
      const deleted = await deleteOrganisation(tx, tenantId, now);
      const accountGone = deleted.deletedUserIds.includes(userId);
      return { ...deleted, outcome: accountGone ? 'organisationAndAccount' : 'organisation' };
    }
    const elsewhere = await selectMembersElsewhere(tx, [userId], tenantId);
    if (elsewhere.has(userId)) return leaveOrganisation(tx, userId, tenantId, now);
    const fileIds = await deleteAccounts(tx, [userId], now);
    return { outcome: 'account', fileIds, customerId: null };
  });
  // Rows deleted with their user or tenant end their sessions too: nothing looked up before the
  // commit is trusted.
  noteSessionsEnded();
  deps.feedPages.invalidate();
  await deleteUnusedFiles(deps, deletion.fileIds);
  if (deletion.customerId !== null) await deletePaymentCustomer(deps, deletion.customerId);
  return { deleted: deletion.outcome };
}
