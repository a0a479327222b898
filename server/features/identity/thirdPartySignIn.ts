/**
 * Sign-up and login with Google (spec §2.3 third-party option, §4 Signup, §7.2 signupWithGoogle,
 * loginWithGoogle). The identity comes from the provider (or its development stand-in); an
 * existing account is found by its linked Google subject, else by its email address, which is
 * then linked (the provider has verified the address, which also activates a pending account).
 */
import type { AuthCodeResponse, SignupWithGoogleRequest } from '../../../contract/identity';
import { passesCaptcha, SIGNUP_CAPTCHA_ACTION } from '../../thirdParty/captcha';
import { GOOGLE_EMAIL_NOT_VERIFIED, type ThirdPartyIdentity } from '../../thirdParty/google';
import { insertAccount } from './accounts';
import { conflict, invalid, notFound, unauthenticated } from '../../domain/errors';
import { generateHandle } from './handles';
import type { IdentityDeps } from './identityContext';
import { startSession, type IssuedSession } from '../auth/sessions';
import { signupMessages } from './signup';
import { ACCOUNT_ACTIVE, findUserByEmail } from '../../domain/users';
import { findUserByGoogleSubject, updateUser, type UserRow } from './queries';

export const NO_ACCOUNT_FOR_GOOGLE =
  'There is no account for this Google account yet, please sign up first.';
export const ACCOUNT_ALREADY_EXISTS_LOGGING_IN = 'Account already exists, logging in...';
export const LINKED_TO_ANOTHER_GOOGLE_ACCOUNT =
  'This email address is linked to a different Google account.';

export async function resolveIdentity(deps: IdentityDeps, authCode: AuthCodeResponse) {
  const identity = await deps.google.resolve(authCode);
  if (!identity.emailVerified) throw unauthenticated(GOOGLE_EMAIL_NOT_VERIFIED);
  return identity;
}

/** The account of this identity: by linked subject first, then by email address. */
export async function findAccount(
  deps: IdentityDeps,
  identity: ThirdPartyIdentity,
): Promise<UserRow | undefined> {
  const linked = await findUserByGoogleSubject(deps.db, identity.subject);
  if (linked !== undefined) return linked;
  const byEmail = await findUserByEmail(deps.db, identity.email);
  if (byEmail?.googleSubject != null && byEmail.googleSubject !== identity.subject) {
    throw conflict(LINKED_TO_ANOTHER_GOOGLE_ACCOUNT);
  }
  return byEmail;
}

/**
 * What linking a Google identity changes on an account: its Google subject when it has none, and,
 * when Google vouches for the account's own address, the account activated and the address
 * confirmed. Empty when nothing changes.
 */
export function googleLinkChanges(user: UserRow, identity: ThirdPartyIdentity) {
  const sameAddress = user.email === identity.email;
  return {
    ...(user.googleSubject === null ? { googleSubject: identity.subject } : {}),
    ...(sameAddress && user.accountStatus !== ACCOUNT_ACTIVE
      ? { accountStatus: ACCOUNT_ACTIVE }
      : {}),
    ...(sameAddress && !user.emailConfirmed ? { emailConfirmed: true } : {}),
  };
}

/** Links the Google subject (and activates / confirms what the provider verified), then signs in. */
async function signInExisting(
  deps: IdentityDeps,
  user: UserRow,
  identity: ThirdPartyIdentity,
): Promise<IssuedSession> {
  const changes = googleLinkChanges(user, identity);
  if (Object.keys(changes).length > 0) {
    await updateUser(deps.db, user.id, changes);
  }
  return startSession(deps, user.id, 'Google');
}

/** POST /auth/loginWithGoogle: an unknown identity is told to sign up first. */
export async function loginWithGoogle(
  deps: IdentityDeps,
  authCode: AuthCodeResponse,
): Promise<IssuedSession> {
  const identity = await resolveIdentity(deps, authCode);
  const user = await findAccount(deps, identity);
  if (user === undefined) throw notFound(NO_ACCOUNT_FOR_GOOGLE);
  return signInExisting(deps, user, identity);
}

export interface ThirdPartySignupOutcome {
  session: IssuedSession;
  /** ['Account already exists, logging in...'] when the account existed; else empty. */
  messages: string[];
}

/**
 * POST /auth/signupWithGoogle: creates the tenant and its owner (names and address from the
 * provider, a handle made from the name, active at once: the provider verified the address). An
 * existing account is signed in instead, with a message saying so.
 */
export async function signupWithGoogle(
  deps: IdentityDeps,
  request: SignupWithGoogleRequest,
  clientAddress: string,
): Promise<ThirdPartySignupOutcome> {
  const details = request.signupRequest;
  const companyName = details.companyName?.trim() ?? '';
  const messages: string[] = [];
  if (details.tenantAccountType === 'Charity' && companyName === '') {
    messages.push(signupMessages.companyName);
  }
  const { reCaptchaToken } = details;
  if (!(await passesCaptcha(deps.captcha, reCaptchaToken, SIGNUP_CAPTCHA_ACTION, clientAddress))) {
    messages.push(signupMessages.captcha);
  }
  if (messages.length > 0) throw invalid(messages);

  const identity = await resolveIdentity(deps, request.authCodeResponse);
  const existing = await findAccount(deps, identity);
  if (existing !== undefined) {
    return {
      session: await signInExisting(deps, existing, identity),
      messages: [ACCOUNT_ALREADY_EXISTS_LOGGING_IN],
    };
  }
  const handle = await generateHandle(deps.db, identity.firstName, identity.lastName);
  const now = deps.now();
  const created = await deps.db.transaction((tx) =>
    insertAccount(
      tx,
      {
        email: identity.email,
        passwordHash: null,
        googleSubject: identity.subject,
        firstName: identity.firstName,
        lastName: identity.lastName,
        companyName:
          details.tenantAccountType === 'Charity'
            ? companyName
            : `${identity.firstName} ${identity.lastName}`,
        accountType: details.tenantAccountType,
        handle,
        phone: '',
        dateOfBirth: null,
        consentToHelpEmails: details.consentToHelpEmails,
        consentToMarketingEmails: details.consentToMarketingEmails,
        accountStatus: ACCOUNT_ACTIVE,
      },
      now,
    ),
  );
  return { session: await startSession(deps, created.user.id, 'Google'), messages: [] };
}
