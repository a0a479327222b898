/**
 * Password recovery (spec §4 Password reset request, §7.2): a reset request always gets the same
 * answer in about the same time, whether or not the address has an account; an account's owner
 * gets a link with a single-use key valid for 1 hour. Setting a new password by key ends every
 * session of the account.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { passwordResetMail } from '../../mail/templates';
import {
  findUsableKey,
  issueAccountKey,
  KEY_LIFETIME_SECONDS,
  spendAccountKey,
  spendAllKeys,
} from './accountKeys';
import { invalid } from '../../domain/errors';
import type { IdentityDeps } from './identityContext';
import { passwordResetLink } from './links';
import { hashPassword } from '../../domain/passwords';
import type { Client } from '../../domain/client';
import { takeAttempt } from './rateLimits';
import { endSessionsOf } from '../auth/refreshTokens';
import { passwordProblems } from './signup';
import { findUserByEmail, normaliseEmail } from '../../domain/users';
import { updateUser } from './queries';

export const RESET_KEY_INVALID =
  'The password reset link is invalid or has expired, please request a new one.';

export interface PasswordResetRequestInput {
  email: string;
  redirectTo: string | undefined;
  client: Client;
}

async function mailResetLink(deps: IdentityDeps, email: string, redirectTo: string | undefined) {
  const user = await findUserByEmail(deps.db, email);
  if (user === undefined) return;
  const key = await issueAccountKey(deps.db, 'passwordReset', user, deps.now());
  await deps.mailer.send(
    passwordResetMail({
      to: user.email,
      firstName: user.firstName,
      link: passwordResetLink(deps.settings, key, redirectTo),
      expiresInMinutes: KEY_LIFETIME_SECONDS.passwordReset / 60,
    }),
  );
}

/**
 * Mails a reset link when the address has an account. The answer comes after
 * `passwordResetAnswerMs` either way (work still running then carries on after the answer), and
 * a failure is only logged, so neither timing nor errors tell whether the address exists.
 */
export async function requestPasswordReset(
  deps: IdentityDeps,
  input: PasswordResetRequestInput,
): Promise<void> {
  const email = normaliseEmail(input.email);
  await takeAttempt(deps.limits.resetRequests, email, input.client.allowance('resetRequests'));
  // The work runs alongside a fixed wait: the answer comes at the same moment whether it found
  // an account or not (the database work is done long before; a slow SMTP server may finish
  // after the answer).
  void mailResetLink(deps, email, input.redirectTo).catch((error: unknown) => {
    deps.log.error({ err: error }, 'password reset email could not be sent');
  });
  await sleep(deps.settings.passwordResetAnswerMs);
}

/** Whether a reset key can still be used (unknown keys count against the client address). */
export async function validatePasswordResetKey(
  deps: IdentityDeps,
  key: string,
  client: Client,
): Promise<boolean> {
  const keyFailures = client.allowance('keyFailures');
  await keyFailures.check();
  const row = await findUsableKey(deps.db, 'passwordReset', key, deps.now());
  if (row === undefined) await keyFailures.record();
  return row !== undefined;
}

export interface ResetPasswordInput {
  key: string;
  newPassword: string;
  client: Client;
}

/**
 * Sets a new password by key: the key and every other reset key of the account are spent, the
 * account gets the Email login provider if it had none, and every session of the account ends
 * (its refresh tokens and access tokens alike).
 */
export async function resetPassword(deps: IdentityDeps, input: ResetPasswordInput): Promise<void> {
  const keyFailures = input.client.allowance('keyFailures');
  await keyFailures.check();
  const problems = passwordProblems(input.newPassword, deps.settings.minimumPasswordLength);
  if (problems.length > 0) throw invalid(problems);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const reset = await deps.db.transaction(async (tx) => {
    const row = await spendAccountKey(tx, 'passwordReset', input.key, now);
    if (row === undefined) return false;
    await updateUser(tx, row.userId, { passwordHash });
    await spendAllKeys(tx, row.userId, 'passwordReset', now);
    await endSessionsOf(tx, row.userId, now);
    return true;
  });
  if (!reset) {
    await keyFailures.record();
    throw invalid(RESET_KEY_INVALID);
  }
}
