/**
 * Creating a host user outside the API (`npm run create-host -- EMAIL`): the first host of a
 * production server, which seeds no demo accounts. The host gets an Individual tenant of its own,
 * like a signup, because a session needs a current tenant.
 */
import { randomInt } from 'node:crypto';
import { isValidEmail } from '../../../contract/identity';
import type { Database } from '../../db/database';
import { insertAccount, type CreatedAccount } from './accounts';
import { conflict, invalid } from '../../domain/errors';
import { generateHandle } from './handles';
import { hashPassword } from '../../domain/passwords';
import { passwordProblems } from './signup';
import { ACCOUNT_ACTIVE, findUserByEmail, normaliseEmail } from '../../domain/users';
import { ACCOUNT_EXISTS } from './verification';
import { makeUserHost } from './queries';

export const INVALID_HOST_EMAIL = 'Please enter a valid email address.';

/** Length of a generated password when the configured minimum is shorter. */
export const GENERATED_PASSWORD_LENGTH = 24;

export interface NewHost {
  email: string;
  password: string;
  /** MINIMUM_PASSWORD_LENGTH: the same rule as signup (length, capital, number, special). */
  minimumPasswordLength: number;
  /** Shown in the app until the host changes them (default 'Givedrop' 'Host'). */
  firstName?: string;
  lastName?: string;
  now?: Date;
}

/**
 * Creates an active host user with a confirmed email and its own Individual tenant
 * (Administrator, owner). Refuses an invalid email, a weak password and an email already in use
 * ({@link DomainError} 'invalid' / 'conflict'); nothing is written then.
 */
export async function createHost(db: Database, host: NewHost): Promise<CreatedAccount> {
  const email = normaliseEmail(host.email);
  const problems = [
    ...(isValidEmail(email) ? [] : [INVALID_HOST_EMAIL]),
    ...passwordProblems(host.password, host.minimumPasswordLength),
  ];
  if (problems.length > 0) throw invalid(problems);
  if ((await findUserByEmail(db, email)) !== undefined) throw conflict(ACCOUNT_EXISTS);
  const firstName = host.firstName?.trim() || 'Givedrop';
  const lastName = host.lastName?.trim() || 'Host';
  const passwordHash = await hashPassword(host.password);
  const now = host.now ?? new Date();
  return db.transaction(async (tx) => {
    const created = await insertAccount(
      tx,
      {
        email,
        passwordHash,
        googleSubject: null,
        firstName,
        lastName,
        companyName: `${firstName} ${lastName}`,
        accountType: 'Individual',
        handle: await generateHandle(tx, firstName, lastName),
        phone: '',
        dateOfBirth: null,
        consentToHelpEmails: false,
        consentToMarketingEmails: false,
        accountStatus: ACCOUNT_ACTIVE,
      },
      now,
    );
    const user = await makeUserHost(tx, created.user.id);
    return { ...created, user: user ?? created.user };
  });
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!#%+-=?@^_~';

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? '';

/**
 * A random password of at least {@link GENERATED_PASSWORD_LENGTH} characters (more when the
 * configured minimum is higher) that passes the strength rule: about 5.9 bits per character from
 * the OS's random source, with a capital, a digit and a special character in random places.
 */
export function generatePassword(minimumLength: number): string {
  const length = Math.max(GENERATED_PASSWORD_LENGTH, minimumLength);
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const chars = [pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(all));
  for (let index = chars.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [chars[index], chars[other]] = [chars[other] ?? '', chars[index] ?? ''];
  }
  return chars.join('');
}
