/**
 * Activation and email confirmation by emailed link (spec §2.3, §7.2 activate and
 * confirmEmailAddress): each key is single use and expires after 7 days. The answer says whether
 * it worked and why not, in the words of spec §8.
 */
import { accountTexts } from '../../../contract/account';
import { linkRoutes } from '../../../contract/paths';
import type { Transaction } from '../../db/database';
import { emailConfirmationMail } from '../../mail/templates';
import {
  deleteAccountKey,
  issueAccountKey,
  KEY_LIFETIME_SECONDS,
  spendAccountKey,
} from './accountKeys';
import { notFound, unavailable } from '../../domain/errors';
import type { IdentityDeps } from './identityContext';
import { siteLink } from './links';
import type { Client } from '../../domain/client';
import { findUserById } from '../../domain/queries';
import { ACCOUNT_ACTIVE, findUserByEmail } from '../../domain/users';
import { uniqueViolation } from './accounts';
import { confirmPendingEmail, confirmUserEmail, updateUser } from './queries';

export const activationMessages = {
  activated: 'Your account has been activated, you can now log in.',
  invalid: 'The activation link is invalid or has expired, please try again',
} as const;

export const confirmationMessages = {
  confirmed: 'Your email address has been confirmed.',
  invalid: 'The email confirmation link is invalid or has expired, please try again',
  mailFailed: 'Error sending the email confirmation link, please try again.',
  noAccount: 'There is no account with this email address.',
  taken: accountTexts.emailTaken,
} as const;

export interface ActivationOutcome {
  activated: boolean;
  message: string;
}

export async function activate(
  deps: IdentityDeps,
  key: string,
  client: Client,
): Promise<ActivationOutcome> {
  const keyFailures = client.allowance('keyFailures');
  await keyFailures.check();
  const now = deps.now();
  const activated = await deps.db.transaction(async (tx) => {
    const row = await spendAccountKey(tx, 'activation', key, now);
    if (row === undefined) return false;
    await updateUser(tx, row.userId, { accountStatus: ACCOUNT_ACTIVE, emailConfirmed: true });
    return true;
  });
  if (!activated) await keyFailures.record();
  return activated
    ? { activated, message: activationMessages.activated }
    : { activated, message: activationMessages.invalid };
}

export interface ConfirmationOutcome {
  confirmed: boolean;
  message: string;
}

type ConfirmationResult = 'confirmed' | 'invalid' | 'taken';

/** Spends the key and confirms its address, in the caller's transaction. */
async function confirmKeyAddress(
  tx: Transaction,
  key: string,
  now: Date,
): Promise<ConfirmationResult> {
  const row = await spendAccountKey(tx, 'emailConfirmation', key, now);
  if (row === undefined) return 'invalid';
  if (await confirmUserEmail(tx, row.userId, row.email)) return 'confirmed';
  if ((await findUserById(tx, row.userId))?.pendingEmail !== row.email) return 'invalid';
  if ((await findUserByEmail(tx, row.email)) !== undefined) return 'taken';
  return (await confirmPendingEmail(tx, row.userId, row.email)) ? 'confirmed' : 'invalid';
}

/**
 * Confirms the address the key was sent to: the account's current address (marked confirmed), or
 * its pending new address (users/updatePersonalDetails), which then replaces the old one for
 * signing in. A key for an address the account neither has nor waits for is refused like an
 * unknown one; a pending address another account took meanwhile is refused with
 * {@link confirmationMessages.taken} (the account keeps its old address and the pending one).
 */
export async function confirmEmailAddress(
  deps: IdentityDeps,
  key: string,
  client: Client,
): Promise<ConfirmationOutcome> {
  const keyFailures = client.allowance('keyFailures');
  await keyFailures.check();
  const now = deps.now();
  let result: ConfirmationResult;
  try {
    result = await deps.db.transaction((tx) => confirmKeyAddress(tx, key, now));
  } catch (error) {
    // Another account took the address between the check and the update: nothing was changed.
    if (uniqueViolation(error) === undefined) throw error;
    result = 'taken';
  }
  if (result === 'invalid') await keyFailures.record();
  if (result === 'confirmed') return { confirmed: true, message: confirmationMessages.confirmed };
  return {
    confirmed: false,
    message: result === 'taken' ? confirmationMessages.taken : confirmationMessages.invalid,
  };
}

/**
 * Mails an email-confirmation link for the account's current address (used when an address
 * changes; in development also by POST /api/dev/sendEmailConfirmation).
 */
export async function sendEmailConfirmation(deps: IdentityDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user === undefined) throw notFound(confirmationMessages.noAccount);
  const key = await issueAccountKey(deps.db, 'emailConfirmation', user, deps.now());
  try {
    await deps.mailer.send(
      emailConfirmationMail({
        to: user.email,
        firstName: user.firstName,
        link: siteLink(deps.settings, linkRoutes.confirmEmail, key),
        expiresInDays: KEY_LIFETIME_SECONDS.emailConfirmation / 86_400,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'email confirmation link could not be sent');
    await deleteAccountKey(deps.db, key);
    throw unavailable(confirmationMessages.mailFailed);
  }
}
