/**
 * Creating an account: a tenant of the chosen account type (onboarding), its owner as
 * Administrator, in the caller's transaction. Shared by signup with email and with Google.
 */
import { UserRole } from '../../../contract/enums';
import type { SignupAccountType } from '../../../contract/identity';
import type { Database, Transaction } from '../../db/database';
import {
  deleteTenant,
  deleteUser,
  insertMembership,
  insertTenant,
  insertUser,
  type UserRow,
} from './queries';
import { ACCOUNT_EXISTS } from './verification';
import { conflict } from '../../domain/errors';
import { avatarColours, PRIVACY_POLICY_VERSION, TERMS_VERSION } from '../../domain/users';

export const HANDLE_NOT_AVAILABLE = 'Profile name/handle not available';

export interface NewAccount {
  /** Lower-cased. */
  email: string;
  passwordHash: string | null;
  googleSubject: string | null;
  firstName: string;
  lastName: string;
  /** The tenant's name: the company for a Charity, the full name for an Individual. */
  companyName: string;
  accountType: SignupAccountType;
  handle: string;
  phone: string;
  dateOfBirth: string | null;
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
  accountStatus: string;
}

export interface CreatedAccount {
  user: UserRow;
  tenantId: number;
}

/** The name of the unique constraint a database error broke, if that is what it is. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    current = candidate.cause;
  }
  return undefined;
}

/** A unique email / handle / Google subject broken by a concurrent signup, as a 409. */
function asConflict(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return error;
  return conflict(constraint.includes('handle') ? HANDLE_NOT_AVAILABLE : ACCOUNT_EXISTS);
}

export async function insertAccount(
  tx: Transaction,
  account: NewAccount,
  now: Date,
): Promise<CreatedAccount> {
  try {
    const tenant = await insertTenant(tx, {
      name: account.companyName,
      accountType: account.accountType,
      isOnboarding: true,
      // The person who signs up is the organisation's contact until its details say otherwise.
      email: account.email,
      contactName: `${account.firstName} ${account.lastName}`.trim(),
      contactPhone: account.phone,
    });
    if (tenant === undefined) throw new Error('The tenant was not created.');
    const user = await insertUser(tx, {
      email: account.email,
      passwordHash: account.passwordHash,
      googleSubject: account.googleSubject,
      firstName: account.firstName,
      lastName: account.lastName,
      handle: account.handle,
      phone: account.phone,
      dateOfBirth: account.dateOfBirth,
      emailConfirmed: true,
      consentToHelpEmails: account.consentToHelpEmails,
      consentToMarketingEmails: account.consentToMarketingEmails,
      termsAcceptedDate: now,
      termsVersion: TERMS_VERSION,
      privacyPolicyAgreedDate: now,
      privacyPolicyVersion: PRIVACY_POLICY_VERSION,
      accountStatus: account.accountStatus,
      lastTenantId: tenant.id,
      ...avatarColours(account.firstName, account.lastName),
    });
    if (user === undefined) throw new Error('The user was not created.');
    await insertMembership(tx, {
      tenantId: tenant.id,
      userId: user.id,
      userRole: UserRole.Administrator,
      owner: true,
      loginEnabled: true,
    });
    return { user, tenantId: tenant.id };
  } catch (error) {
    throw asConflict(error);
  }
}

/** Undoes a creation whose last step (the activation mail) failed. */
export async function deleteAccount(db: Database, account: CreatedAccount): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteUser(tx, account.user.id);
    await deleteTenant(tx, account.tenantId);
  });
}
