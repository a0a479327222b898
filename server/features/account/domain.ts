/**
 * The personal-details user and its changes (spec §3 User and TenantUser, §5 Personal details,
 * §7.2 Users get, getUserEditDetails, updatePersonalDetails, updatePreferences,
 * setConsentToHelpEmails, setConsentToMarketingEmails). Every call is the caller's own account:
 * another user's id is refused (403), whichever organisation they share.
 *
 * Personal details are checked with the client's rules, all refusals answered together in one 400
 * (the spec's field texts, as signup does); nothing is written unless every rule holds. A changed
 * email address is not used at once: it must have been verified with the widget's code, is kept as
 * the pending address, and a confirmation link is mailed to it; the old address signs in until the
 * link is opened (identity/activation.ts confirmEmailAddress). The link is mailed before anything
 * is written, with a key stored only in the transaction that saves the details: when the mail
 * cannot be sent nothing is saved (503), and when the save fails the mailed link leads nowhere.
 */
import {
  accountTexts,
  DEFAULT_PRIVACY_POLICY_VERSION,
  type TenantUser,
  type UpdatePersonalDetailsRequest,
  type UpdatePreferencesRequest,
  type UserEditDetails,
} from '../../../contract/account';
import { linkRoutes } from '../../../contract/paths';
import type { Queryable } from '../../db/database';
import { NOT_AUTHENTICATED } from '../../domain/accessTokens';
import { conflict, forbidden, invalid, unauthenticated, unavailable } from '../../domain/errors';
import { findUserByHandle, findUserById } from '../../domain/queries';
import type { TenantScope } from '../../domain/scope';
import {
  findUserByEmail,
  normaliseEmail,
  toAccountType,
  toAvatarType,
  toUserRole,
} from '../../domain/users';
import { emailConfirmationMail } from '../../mail/templates';
import { uniqueViolation } from '../identity/accounts';
import { issueAccountKey, KEY_LIFETIME_SECONDS, newAccountKey } from '../identity/accountKeys';
import { confirmationMessages } from '../identity/activation';
import { siteLink } from '../identity/links';
import { dateOfBirthProblems, normalisePhone } from '../identity/signup';
import { consumeVerification, isRecentlyVerified } from '../identity/verification';
import type { AccountDeps } from './accountContext';
import {
  selectTenantUsers,
  updateAccount,
  type AccountChanges,
  type TenantUserRow,
  type UserRow,
} from './queries';

/** The answer when the confirmation link cannot be mailed (503; nothing was saved). */
export const CONFIRMATION_MAIL_FAILED = confirmationMessages.mailFailed;

/** Only the caller's own account: another user's id is refused. */
export function requireSelf(scope: TenantScope, userId: number): void {
  if (userId !== scope.userId) throw forbidden(accountTexts.notYours);
}

/** The caller's row; a user gone since the token was signed is no longer authenticated. */
export async function loadCaller(db: Queryable, scope: TenantScope): Promise<UserRow> {
  const user = await findUserById(db, scope.userId);
  if (user === undefined) throw unauthenticated(NOT_AUTHENTICATED);
  return user;
}

const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

export function toTenantUser(row: TenantUserRow): TenantUser {
  return {
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    tenantAccountType: toAccountType(row.accountType),
    userRole: toUserRole(row.userRole),
    loginEnabled: row.loginEnabled,
    owner: row.owner,
    lastLoginDate: isoOrNull(row.lastLoginDate),
  };
}

/** Who the user is and how to reach them: the first fields of both the personal-details user and
 * the personal-data profile, in this order. */
export const personalFieldsOf = (user: UserRow) => ({
  id: user.id,
  guid: user.guid,
  email: user.email,
  pendingEmail: user.pendingEmail,
  emailConfirmed: user.emailConfirmed,
  firstName: user.firstName,
  lastName: user.lastName,
  handle: user.handle,
  phone: user.phone,
  dateOfBirth: user.dateOfBirth,
});

/** The personal-details user of spec §3 (privacyPolicyVersion 1 when none was recorded). */
export function toUserEditDetails(user: UserRow, memberships: TenantUserRow[]): UserEditDetails {
  return {
    ...personalFieldsOf(user),
    avatarUrl: user.avatarUrl,
    avatarType: toAvatarType(user.avatarType),
    consentToHelpEmails: user.consentToHelpEmails,
    consentToMarketingEmails: user.consentToMarketingEmails,
    annotationColor: user.annotationColor,
    privacyPolicyAgreedDate: isoOrNull(user.privacyPolicyAgreedDate),
    privacyPolicyVersion: user.privacyPolicyVersion ?? DEFAULT_PRIVACY_POLICY_VERSION,
    tenantUsers: memberships.map(toTenantUser),
  };
}

/** GET users/getUserEditDetails: the caller's personal-details user, with every membership. */
export async function getUserEditDetails(
  deps: AccountDeps,
  scope: TenantScope,
): Promise<UserEditDetails> {
  const user = await loadCaller(deps.db, scope);
  return toUserEditDetails(user, await selectTenantUsers(deps.db, user.id));
}

/** GET users/get?id=: the same, for the caller's own id only. */
export async function getUser(
  deps: AccountDeps,
  scope: TenantScope,
  id: number,
): Promise<UserEditDetails> {
  requireSelf(scope, id);
  return getUserEditDetails(deps, scope);
}

/**
 * What the submitted email address means for the account: nothing (the current address, or the
 * pending one again), a new pending address, or the current address while another one waits for
 * its link: the person changed their mind, and the waiting change is dropped.
 */
type EmailChange = { kind: 'none' } | { kind: 'pending'; email: string } | { kind: 'cancel' };

interface CheckedDetails {
  changes: AccountChanges;
  email: EmailChange;
}

/** The submitted address: unchanged (the current or the pending one) or a new pending one. */
async function checkEmail(
  deps: AccountDeps,
  user: UserRow,
  submitted: string,
  now: Date,
): Promise<{ change: EmailChange; problem?: string }> {
  const email = normaliseEmail(submitted);
  if (email === user.email) {
    return { change: { kind: user.pendingEmail === null ? 'none' : 'cancel' } };
  }
  if (email === user.pendingEmail) return { change: { kind: 'none' } };
  const holder = await findUserByEmail(deps.db, email);
  if (holder !== undefined) return { change: { kind: 'none' }, problem: accountTexts.emailTaken };
  if (!(await isRecentlyVerified(deps.db, email, now))) {
    return { change: { kind: 'none' }, problem: accountTexts.emailNotVerified };
  }
  return { change: { kind: 'pending', email } };
}

/** Every rule of spec §5 Personal details, all refusals together (400). */
async function checkDetails(
  deps: AccountDeps,
  user: UserRow,
  input: UpdatePersonalDetailsRequest,
  now: Date,
): Promise<CheckedDetails> {
  const messages: string[] = [];
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const phone = normalisePhone(input.phone);
  if (firstName === '') messages.push(accountTexts.firstNameRequired);
  if (lastName === '') messages.push(accountTexts.lastNameRequired);
  if (phone === undefined) messages.push(accountTexts.phoneInvalid);
  messages.push(...dateOfBirthProblems(input.dateOfBirth, now));
  const handleHolder = await findUserByHandle(deps.db, input.handle);
  if (handleHolder !== undefined && handleHolder.id !== user.id) {
    messages.push(accountTexts.handleNotAvailable);
  }
  const email = await checkEmail(deps, user, input.email, now);
  if (email.problem !== undefined) messages.push(email.problem);
  if (messages.length > 0) throw invalid(messages);
  const changes: AccountChanges = {
    firstName,
    lastName,
    phone: phone ?? '',
    dateOfBirth: input.dateOfBirth,
    handle: input.handle,
  };
  if (email.change.kind === 'pending') changes.pendingEmail = email.change.email;
  // Its emailed link then confirms nothing: it names neither the address nor a pending one.
  if (email.change.kind === 'cancel') changes.pendingEmail = null;
  return { changes, email: email.change };
}

/** Mails the confirmation link of a new pending address; 503 (nothing saved) when it fails. */
async function mailConfirmationLink(
  deps: AccountDeps,
  to: string,
  firstName: string,
  key: string,
): Promise<void> {
  try {
    await deps.mailer.send(
      emailConfirmationMail({
        to,
        firstName,
        link: siteLink(deps.settings, linkRoutes.confirmEmail, key),
        expiresInDays: KEY_LIFETIME_SECONDS.emailConfirmation / 86_400,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'email confirmation link could not be sent; nothing was saved');
    throw unavailable(CONFIRMATION_MAIL_FAILED);
  }
}

/** A unique handle or address taken by a concurrent change, as a 409 with the field's text. */
function asConflict(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return error;
  return conflict(
    constraint.includes('handle') ? accountTexts.handleNotAvailable : accountTexts.emailTaken,
  );
}

/**
 * A new address is refused to an impersonated session (403), before anything is checked or
 * mailed: the host could confirm an address of their own and then reset the user's password. The
 * current or the pending address (nothing moves) may be submitted, with the other details.
 */
function requireOwnEmailChange(scope: TenantScope, user: UserRow, submitted: string): void {
  if (scope.impersonatorId === undefined) return;
  const email = normaliseEmail(submitted);
  if (email !== user.email && email !== user.pendingEmail) {
    throw forbidden(accountTexts.emailNotWhileImpersonating);
  }
}

/**
 * POST users/updatePersonalDetails: the caller's names, phone, date of birth and handle, and a new
 * email address to confirm. Answers the updated personal-details user.
 */
export async function updatePersonalDetails(
  deps: AccountDeps,
  scope: TenantScope,
  input: UpdatePersonalDetailsRequest,
): Promise<UserEditDetails> {
  const user = await loadCaller(deps.db, scope);
  requireOwnEmailChange(scope, user, input.email);
  const now = deps.now();
  const checked = await checkDetails(deps, user, input, now);
  const { email } = checked;
  const key = email.kind === 'pending' ? newAccountKey() : undefined;
  if (email.kind === 'pending' && key !== undefined) {
    await mailConfirmationLink(deps, email.email, checked.changes.firstName ?? '', key);
  }
  try {
    await deps.db.transaction(async (tx) => {
      if (email.kind === 'pending' && key !== undefined) {
        if (!(await isRecentlyVerified(tx, email.email, now))) {
          throw invalid(accountTexts.emailNotVerified);
        }
        await issueAccountKey(
          tx,
          'emailConfirmation',
          { id: user.id, email: email.email },
          now,
          key,
        );
      }
      if (!(await updateAccount(tx, user.id, checked.changes))) {
        throw unauthenticated(NOT_AUTHENTICATED);
      }
    });
  } catch (error) {
    throw asConflict(error);
  }
  if (email.kind === 'pending') await consumeVerification(deps.db, email.email);
  if (checked.changes.handle !== user.handle) deps.feedPages.invalidate();
  return getUserEditDetails(deps, scope);
}

/** Saves `changes` to the caller's row and answers the personal-details user. */
async function updateOwn(
  deps: AccountDeps,
  scope: TenantScope,
  changes: AccountChanges,
): Promise<UserEditDetails> {
  if (!(await updateAccount(deps.db, scope.userId, changes))) {
    throw unauthenticated(NOT_AUTHENTICATED);
  }
  return getUserEditDetails(deps, scope);
}

/** POST users/updatePreferences: the two consents and the annotation colour. */
export function updatePreferences(
  deps: AccountDeps,
  scope: TenantScope,
  input: UpdatePreferencesRequest,
): Promise<UserEditDetails> {
  return updateOwn(deps, scope, {
    consentToHelpEmails: input.consentToHelpEmails,
    consentToMarketingEmails: input.consentToMarketingEmails,
    annotationColor: input.annotationColor,
  });
}

/** POST users/setConsentToHelpEmails */
export const setConsentToHelpEmails = (deps: AccountDeps, scope: TenantScope, value: boolean) =>
  updateOwn(deps, scope, { consentToHelpEmails: value });

/** POST users/setConsentToMarketingEmails */
export const setConsentToMarketingEmails = (
  deps: AccountDeps,
  scope: TenantScope,
  value: boolean,
) => updateOwn(deps, scope, { consentToMarketingEmails: value });
