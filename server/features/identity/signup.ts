/**
 * Signup with email (spec §3 Signup payload, §4 Signup with email, §5 Signup): checks every rule
 * (all refusals answered together), then creates the tenant and its owner in one transaction.
 * With SIGNUP_REQUIRES_ACTIVATION the account waits for its emailed activation link; otherwise
 * it is signed in at once, exactly like a login.
 */
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  ageInYears,
  isStrongPassword,
  MINIMUM_AGE_YEARS,
  identityTexts,
  type SignupRequest,
} from '../../../contract/identity';
import { linkRoutes } from '../../../contract/paths';
import { activationMail } from '../../mail/templates';
import { passesCaptcha, SIGNUP_CAPTCHA_ACTION } from '../../thirdParty/captcha';
import {
  deleteAccount,
  HANDLE_NOT_AVAILABLE,
  insertAccount,
  type CreatedAccount,
} from './accounts';
import { issueAccountKey, KEY_LIFETIME_SECONDS } from './accountKeys';
import { invalid, unavailable } from '../../domain/errors';
import type { IdentityDeps } from './identityContext';
import { siteLink } from './links';
import { hashPassword } from '../../domain/passwords';
import { startSession, type IssuedSession } from '../auth/sessions';
import {
  ACCOUNT_ACTIVE,
  ACCOUNT_PENDING_ACTIVATION,
  findUserByEmail,
  normaliseEmail,
} from '../../domain/users';
import { findUserByHandle } from '../../domain/queries';
import { ACCOUNT_EXISTS, consumeVerification, isRecentlyVerified } from './verification';

/** The oldest date of birth taken as real. */
const MAXIMUM_AGE_YEARS = 150;

export const signupMessages = {
  captcha: identityTexts.captchaRequired,
  firstName: identityTexts.firstNameRequired,
  lastName: identityTexts.lastNameRequired,
  companyName: identityTexts.companyNameRequired,
  phone: 'Please enter a valid phone number',
  dateOfBirth: identityTexts.dateOfBirthInvalid,
  underAge: 'You must be at least 18 years old',
  handleTaken: HANDLE_NOT_AVAILABLE,
  emailTaken: ACCOUNT_EXISTS,
  emailNotVerified: 'Please verify your email address.',
  passwordTooShort: identityTexts.passwordTooShort,
  passwordWeak: 'Please enter a valid password.',
  activationEmailFailed: 'Error sending the activation email, please try again.',
} as const;

/** Messages for a password that breaks the rules (empty when it is strong enough). */
export function passwordProblems(password: string, minimumLength: number): string[] {
  if (password.length < minimumLength) return [signupMessages.passwordTooShort(minimumLength)];
  return isStrongPassword(password, minimumLength) ? [] : [signupMessages.passwordWeak];
}

/** '' stays ''; a valid number becomes E.164; anything else is undefined (invalid). */
export function normalisePhone(phone: string): string | undefined {
  const trimmed = phone.trim();
  if (trimmed === '') return '';
  if (!trimmed.startsWith('+') || !isValidPhoneNumber(trimmed)) return undefined;
  return parsePhoneNumberFromString(trimmed)?.number;
}

export function dateOfBirthProblems(dateOfBirth: string, today: Date): string[] {
  const age = ageInYears(dateOfBirth, today);
  if (age === null || age > MAXIMUM_AGE_YEARS) return [signupMessages.dateOfBirth];
  return age < MINIMUM_AGE_YEARS ? [signupMessages.underAge] : [];
}

export interface SignupInput extends SignupRequest {
  clientAddress: string;
}

export type SignupOutcome =
  { kind: 'signedIn'; session: IssuedSession } | { kind: 'pendingActivation' };

interface CheckedSignup {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
}

async function checkSignup(deps: IdentityDeps, input: SignupInput): Promise<CheckedSignup> {
  const messages: string[] = [];
  const now = deps.now();
  const email = normaliseEmail(input.email);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const companyName =
    input.tenantAccountType === 'Charity' ? input.companyName.trim() : `${firstName} ${lastName}`;
  const phone = normalisePhone(input.phone);

  if (input.tenantAccountType === 'Charity' && companyName === '')
    messages.push(signupMessages.companyName);
  if (firstName === '') messages.push(signupMessages.firstName);
  if (lastName === '') messages.push(signupMessages.lastName);
  if (phone === undefined) messages.push(signupMessages.phone);
  messages.push(...dateOfBirthProblems(input.dateOfBirth, now));
  if ((await findUserByHandle(deps.db, input.handle)) !== undefined)
    messages.push(signupMessages.handleTaken);
  // Verified first: an address nobody verified is refused alike whether or not it has an account
  // (issue 31), and only the mailbox's owner can verify one (verifyAccount mails an account's
  // address a notice, not a code, for signup).
  if (!(await isRecentlyVerified(deps.db, email, now)))
    messages.push(signupMessages.emailNotVerified);
  else if ((await findUserByEmail(deps.db, email)) !== undefined)
    messages.push(signupMessages.emailTaken);
  messages.push(...passwordProblems(input.password, deps.settings.minimumPasswordLength));
  if (
    !(await passesCaptcha(
      deps.captcha,
      input.reCaptchaToken,
      SIGNUP_CAPTCHA_ACTION,
      input.clientAddress,
    ))
  )
    messages.push(signupMessages.captcha);

  if (messages.length > 0) throw invalid(messages);
  return { email, firstName, lastName, companyName, phone: phone ?? '' };
}

async function mailActivationLink(deps: IdentityDeps, created: CreatedAccount, key: string) {
  try {
    await deps.mailer.send(
      activationMail({
        to: created.user.email,
        firstName: created.user.firstName,
        link: siteLink(deps.settings, linkRoutes.activate, key),
        expiresInDays: KEY_LIFETIME_SECONDS.activation / 86_400,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'activation email could not be sent; the signup is undone');
    await deleteAccount(deps.db, created);
    throw unavailable(signupMessages.activationEmailFailed);
  }
}

/**
 * Creates the account. Nothing is written unless every rule holds; when the activation mail
 * cannot be sent the account is removed again, so the person can simply submit again.
 */
export async function signup(deps: IdentityDeps, input: SignupInput): Promise<SignupOutcome> {
  const checked = await checkSignup(deps, input);
  const passwordHash = await hashPassword(input.password);
  const requiresActivation = deps.settings.signupRequiresActivation;
  const now = deps.now();
  const { created, key } = await deps.db.transaction(async (tx) => {
    if (!(await isRecentlyVerified(tx, checked.email, now))) {
      throw invalid(signupMessages.emailNotVerified);
    }
    const account = await insertAccount(
      tx,
      {
        ...checked,
        passwordHash,
        googleSubject: null,
        accountType: input.tenantAccountType,
        handle: input.handle,
        dateOfBirth: input.dateOfBirth,
        consentToHelpEmails: input.consentToHelpEmails,
        consentToMarketingEmails: input.consentToMarketingEmails,
        accountStatus: requiresActivation ? ACCOUNT_PENDING_ACTIVATION : ACCOUNT_ACTIVE,
      },
      now,
    );
    const activationKey = requiresActivation
      ? await issueAccountKey(tx, 'activation', account.user, now)
      : undefined;
    return { created: account, key: activationKey };
  });
  if (key !== undefined) await mailActivationLink(deps, created, key);
  await consumeVerification(deps.db, checked.email);
  if (key !== undefined) return { kind: 'pendingActivation' };
  return { kind: 'signedIn', session: await startSession(deps, created.user.id, 'Email') };
}
