/**
 * Change Password (spec §2.3, §5 Change password, §6: only for users whose login provider is
 * Email; §7.2 auth/updatePassword). The session must have signed in with Email and the account
 * must have a password. A wrong current password is counted per account (and per client address,
 * with the failed logins) and refused with 429 once too many; the new password must pass the
 * server's strength rule. On success the password is replaced, outstanding password-reset links
 * are spent, and every other session of the user (every refresh-token family but the caller's, in
 * every organisation) ends at once: their refresh tokens are refused and their access tokens stop
 * working (server/features/auth/liveSessions.ts). The caller's session carries on.
 */
import { accountTexts, type UpdatePasswordRequest } from '../../../contract/account';
import { isStrongPassword } from '../../../contract/identity';
import type { Client } from '../../domain/client';
import { conflict, forbidden, invalid } from '../../domain/errors';
import { hashPassword, verifyPassword } from '../../domain/passwords';
import type { TenantScope } from '../../domain/scope';
import { endOtherSessionsOf, noteSessionsEnded } from '../auth/refreshTokens';
import { spendAllKeys } from '../identity/accountKeys';
import type { AccountDeps } from './accountContext';
import { loadCaller } from './domain';
import { replacePasswordHash } from './queries';

/** POST auth/updatePassword (currentPassword, newPassword). */
export async function updatePassword(
  deps: AccountDeps,
  scope: TenantScope,
  input: UpdatePasswordRequest,
  client: Client,
): Promise<{ updated: true }> {
  if (scope.claims.currentLoginProvider !== 'Email') {
    throw forbidden(accountTexts.passwordNotForThisLogin);
  }
  const user = await loadCaller(deps.db, scope);
  const currentHash = user.passwordHash;
  if (currentHash === null) throw forbidden(accountTexts.passwordNotForThisLogin);
  const failures = deps.accountLimits.passwordFailures;
  const addressAllowance = client.allowance('login');
  await addressAllowance.check();
  await failures.check(user.id);

  const messages: string[] = [];
  if (!(await verifyPassword(input.currentPassword, currentHash))) {
    await failures.record(user.id);
    await addressAllowance.record();
    messages.push(accountTexts.currentPasswordWrong);
  }
  if (!isStrongPassword(input.newPassword, deps.settings.minimumPasswordLength)) {
    messages.push(accountTexts.passwordInvalid);
  }
  if (messages.length > 0) throw invalid(messages);

  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const replaced = await deps.db.transaction(async (tx) => {
    if (!(await replacePasswordHash(tx, user.id, currentHash, passwordHash))) return false;
    await spendAllKeys(tx, user.id, 'passwordReset', now);
    await endOtherSessionsOf(tx, user.id, scope.sessionId, now);
    return true;
  });
  // A change made meanwhile (another device, a reset link) won: this one is not applied.
  if (!replaced) throw conflict(accountTexts.currentPasswordWrong);
  noteSessionsEnded();
  await failures.clear(user.id);
  return { updated: true };
}
