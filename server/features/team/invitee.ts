/**
 * The invitee's calls, public and by the invitation's key (spec §2.3 Invitation, §3 Invitation by
 * key and Accept invitation payload, §4 Invitation, §5 Invitation acceptance, §7.2
 * getUserByInvitationKey, acceptUserInvitation, acceptUserInvitationWithGoogle,
 * declineUserInvitation).
 *
 * - Every call counts against the client address's allowance of invitation calls, before its key
 *   is looked at (429 past it, INVITATION_RATE_LIMIT_ADDRESS).
 * - An unknown or tampered key is answered 404 'Invalid Invitation' and nothing else, and counts
 *   against the client address's allowance of key failures (429 past it).
 * - A key replaced by a resend reads as Expired; so does a Pending invitation past its expiry.
 *   Only a Pending one can be accepted or declined (else 409 'This invitation has already been
 *   {status}.'), as contract/invitationStatusMachine.ts says.
 * - Accepting creates the account (signup's activation rule) or, when the address already has one,
 *   asks for its password and only adds the membership; the invitation becomes Accepted, with the
 *   accepted address when it differs and the member's id, in the transaction that adds the
 *   membership, conditional on its still being Pending (accepting twice at once: one wins).
 */
import { alreadyText, invitationAllows } from '../../../contract/invitationStatusMachine';
import type { InvitationStatus } from '../../../contract/enums';
import { linkRoutes } from '../../../contract/paths';
import {
  teamTexts,
  type AcceptInvitationRequest,
  type AcceptInvitationWithGoogleRequest,
  type InvitationByKey,
} from '../../../contract/team';
import type { Transaction } from '../../db/database';
import { takeAllowance, type Client } from '../../domain/client';
import { conflict, invalid, notFound, unavailable } from '../../domain/errors';
import { hashPassword, verifyDecoy, verifyPassword } from '../../domain/passwords';
import { rememberLastTenant } from '../../domain/queries';
import {
  ACCOUNT_ACTIVE,
  ACCOUNT_PENDING_ACTIVATION,
  avatarColours,
  findUserByEmail,
  normaliseEmail,
  PRIVACY_POLICY_VERSION,
  TERMS_VERSION,
} from '../../domain/users';
import { activationMail } from '../../mail/templates';
import { passesCaptcha, SIGNUP_CAPTCHA_ACTION } from '../../thirdParty/captcha';
import type { ThirdPartyIdentity } from '../../thirdParty/google';
import { startSession, type IssuedSession } from '../auth/sessions';
import { HANDLE_NOT_AVAILABLE, uniqueViolation } from '../identity/accounts';
import {
  hashAccountKey,
  issueAccountKey,
  KEY_LIFETIME_SECONDS,
  newAccountKey,
} from '../identity/accountKeys';
import { generateHandle } from '../identity/handles';
import { siteLink } from '../identity/links';
import { insertUser, updateUser, type UserRow } from '../identity/queries';
import { passwordProblems, signupMessages } from '../identity/signup';
import { findAccount, googleLinkChanges, resolveIdentity } from '../identity/thirdPartySignIn';
import { shownStatus } from './domain';
import {
  insertMembershipIfAbsent,
  isMemberByEmail,
  selectInvitationByKeyHash,
  updateInvitationIfStatus,
  type InvitationWithTenant,
} from './queries';
import type { TeamDeps } from './teamContext';

/** The captcha action of an acceptance (the client asks its token for this action). */
export const INVITATION_CAPTCHA_ACTION = SIGNUP_CAPTCHA_ACTION;

interface FoundInvitation extends InvitationWithTenant {
  /** Shown status: Expired for a replaced link or a Pending one past its expiry. */
  shown: InvitationStatus;
}

/**
 * The invitation of a key; 404 with what to do (counted per address) when none (the screen titles
 * it 'Invalid Invitation', spec §8, so the message does not say it again). Every call
 * of the invitee comes through here first and takes one of the address's invitation calls.
 */
async function findByKey(deps: TeamDeps, key: string, client: Client): Promise<FoundInvitation> {
  await takeAllowance(client.allowance('invitationCalls'));
  const keyFailures = client.allowance('keyFailures');
  await keyFailures.check();
  const found = await selectInvitationByKeyHash(deps.db, hashAccountKey(key));
  if (found === undefined) {
    await keyFailures.record();
    throw notFound(teamTexts.unknownInvitationKey);
  }
  const { superseded, ...rest } = found;
  return { ...rest, shown: superseded ? 'Expired' : shownStatus(found.invitation, deps.now()) };
}

/** Refuses an event the invitation's shown status does not allow, in the invitee's words. */
function requireAllowed(found: FoundInvitation, event: 'accept' | 'decline'): void {
  if (!invitationAllows(found.shown, event)) throw conflict(alreadyText(found.shown));
}

/** GET userInvitations/getUserByInvitationKey */
export async function getUserByInvitationKey(
  deps: TeamDeps,
  key: string,
  client: Client,
): Promise<InvitationByKey> {
  const found = await findByKey(deps, key, client);
  const { invitation } = found;
  return {
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    userInvitationKey: key,
    userInvitationStatus: found.shown,
    accountName: found.tenantName,
    invitedByUserFullName: [found.inviterFirstName, found.inviterLastName]
      .filter((name) => name !== null && name !== '')
      .join(' '),
    invitedByUserEmail: found.inviterEmail ?? '',
    canChangeEmailAddress: invitation.canChangeEmailAddress,
    accountExists: (await findUserByEmail(deps.db, invitation.email)) !== undefined,
  };
}

/** POST auth/declineUserInvitation: Pending only; records the optional reason. */
export async function declineInvitation(
  deps: TeamDeps,
  input: { userInvitationKey: string; message?: string | undefined },
  client: Client,
): Promise<{ declined: boolean }> {
  const found = await findByKey(deps, input.userInvitationKey, client);
  requireAllowed(found, 'decline');
  const reason = (input.message ?? '').trim();
  const declined = await updateInvitationIfStatus(deps.db, found.invitation.id, 'Pending', {
    status: 'Declined',
    responseMessage: reason === '' ? null : reason,
    currentKey: null,
  });
  if (declined === undefined) throw conflict(alreadyText('Accepted'));
  return { declined: true };
}

/**
 * Marks the invitation Accepted for `user` and adds the membership with the invited role, in the
 * caller's transaction; the organisation becomes the user's current one. 409 when the invitation
 * stopped being Pending meanwhile, or the user is already a member.
 */
async function acceptFor(
  tx: Transaction,
  found: FoundInvitation,
  user: { id: number; email: string },
): Promise<void> {
  const { invitation } = found;
  const accepted = await updateInvitationIfStatus(tx, invitation.id, 'Pending', {
    status: 'Accepted',
    acceptedUserId: user.id,
    acceptedEmailAddress: user.email === invitation.email ? null : user.email,
    currentKey: null,
  });
  if (accepted === undefined) throw conflict(alreadyText('Accepted'));
  const added = await insertMembershipIfAbsent(tx, {
    tenantId: invitation.tenantId,
    userId: user.id,
    userRole: invitation.userRole,
  });
  if (!added) throw conflict(teamTexts.alreadyMember);
  await rememberLastTenant(tx, user.id, invitation.tenantId);
}

/** The address the invitation is accepted with: the invited one unless any is allowed. */
function acceptedAddress(found: FoundInvitation, email: string): string {
  const address = normaliseEmail(email);
  if (!found.invitation.canChangeEmailAddress && address !== found.invitation.email) {
    throw invalid(teamTexts.emailMustMatch);
  }
  return address;
}

async function requireNotMember(deps: TeamDeps, found: FoundInvitation, email: string) {
  if (await isMemberByEmail(deps.db, found.invitation.tenantId, email)) {
    throw conflict(teamTexts.alreadyMember);
  }
}

/** A unique address or handle taken by a concurrent signup, as a 409. */
function asConflict(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return error;
  return conflict(
    constraint.includes('handle') ? HANDLE_NOT_AVAILABLE : teamTexts.existingAccountPassword,
  );
}

/** `newAccount`: the acceptance created the account (the home greets a first session 'Welcome'). */
export type AcceptOutcome = (
  { kind: 'signedIn'; session: IssuedSession } | { kind: 'pendingActivation' }
) & { newAccount: boolean };

interface NewMember {
  email: string;
  passwordHash: string | null;
  googleSubject: string | null;
  firstName: string;
  lastName: string;
  emailConfirmed: boolean;
  accountStatus: string;
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
}

/** Creates the invitee's account (no organisation of their own) in the caller's transaction. */
async function insertMember(
  tx: Transaction,
  deps: TeamDeps,
  found: FoundInvitation,
  member: NewMember,
): Promise<UserRow> {
  const now = deps.now();
  const user = await insertUser(tx, {
    ...member,
    handle: await generateHandle(tx, member.firstName, member.lastName),
    phone: '',
    dateOfBirth: null,
    termsAcceptedDate: now,
    termsVersion: TERMS_VERSION,
    privacyPolicyAgreedDate: now,
    privacyPolicyVersion: PRIVACY_POLICY_VERSION,
    lastTenantId: found.invitation.tenantId,
    ...avatarColours(member.firstName, member.lastName),
  });
  if (user === undefined) throw new Error('The user was not created.');
  return user;
}

async function mailActivation(deps: TeamDeps, to: string, firstName: string, key: string) {
  try {
    await deps.mailer.send(
      activationMail({
        to,
        firstName,
        link: siteLink(deps.settings, linkRoutes.activate, key),
        expiresInDays: KEY_LIFETIME_SECONDS.activation / 86_400,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'activation email could not be sent; nothing was accepted');
    throw unavailable(signupMessages.activationEmailFailed);
  }
}

async function checkCaptcha(deps: TeamDeps, token: string, client: Client) {
  if (!(await passesCaptcha(deps.captcha, token, INVITATION_CAPTCHA_ACTION, client.address))) {
    throw invalid(teamTexts.captchaRequired);
  }
}

/** Adds an existing account, whose password was given, to the organisation. */
async function acceptAsExisting(
  deps: TeamDeps,
  found: FoundInvitation,
  existing: UserRow,
  password: string,
  client: Client,
): Promise<AcceptOutcome> {
  const failures = client.allowance('login');
  await failures.check();
  const matches =
    existing.passwordHash === null
      ? await verifyDecoy(password)
      : await verifyPassword(password, existing.passwordHash);
  if (!matches) {
    await failures.record();
    throw invalid(teamTexts.existingAccountPassword);
  }
  await requireNotMember(deps, found, existing.email);
  await deps.db.transaction((tx) => acceptFor(tx, found, existing));
  if (existing.accountStatus !== ACCOUNT_ACTIVE) {
    return { kind: 'pendingActivation', newAccount: false };
  }
  return {
    kind: 'signedIn',
    session: await startSession(deps, existing.id, 'Email'),
    newAccount: false,
  };
}

/**
 * POST auth/acceptUserInvitation: with a password. Answers the session when the account is
 * active; with SIGNUP_REQUIRES_ACTIVATION a new account first opens its emailed activation link.
 */
export async function acceptInvitation(
  deps: TeamDeps,
  input: AcceptInvitationRequest,
  client: Client,
): Promise<AcceptOutcome> {
  const found = await findByKey(deps, input.userInvitationKey, client);
  requireAllowed(found, 'accept');
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const messages: string[] = [];
  if (firstName === '') messages.push(teamTexts.firstNameRequired);
  if (lastName === '') messages.push(teamTexts.lastNameRequired);
  if (messages.length > 0) throw invalid(messages);
  await checkCaptcha(deps, input.reCaptchaToken, client);
  const email = acceptedAddress(found, input.email);
  const existing = await findUserByEmail(deps.db, email);
  if (existing !== undefined) {
    return acceptAsExisting(deps, found, existing, input.password, client);
  }
  const problems = passwordProblems(input.password, deps.settings.minimumPasswordLength);
  if (problems.length > 0) throw invalid(problems);

  const passwordHash = await hashPassword(input.password);
  const requiresActivation = deps.settings.signupRequiresActivation;
  const key = requiresActivation ? newAccountKey() : undefined;
  if (key !== undefined) await mailActivation(deps, email, firstName, key);
  const now = deps.now();
  let created: UserRow;
  try {
    created = await deps.db.transaction(async (tx) => {
      const user = await insertMember(tx, deps, found, {
        email,
        passwordHash,
        googleSubject: null,
        firstName,
        lastName,
        // The invitation's own address was proven by its link; another one is not yet.
        emailConfirmed: email === found.invitation.email,
        accountStatus: requiresActivation ? ACCOUNT_PENDING_ACTIVATION : ACCOUNT_ACTIVE,
        consentToHelpEmails: input.consentToHelpEmails,
        consentToMarketingEmails: input.consentToMarketingEmails,
      });
      await acceptFor(tx, found, user);
      if (key !== undefined) await issueAccountKey(tx, 'activation', user, now, key);
      return user;
    });
  } catch (error) {
    throw asConflict(error);
  }
  if (requiresActivation) return { kind: 'pendingActivation', newAccount: true };
  return {
    kind: 'signedIn',
    session: await startSession(deps, created.id, 'Email'),
    newAccount: true,
  };
}

/** Links the Google subject to an existing account (and activates what Google verified). */
async function linkGoogle(tx: Transaction, user: UserRow, identity: ThirdPartyIdentity) {
  const changes = googleLinkChanges(user, identity);
  if (Object.keys(changes).length > 0) await updateUser(tx, user.id, changes);
}

/**
 * POST auth/acceptUserInvitationWithGoogle: the identity comes from Google (as loginWithGoogle);
 * an account it already has joins the organisation, else one is created, active at once (Google
 * verified the address). Answers the session.
 */
export async function acceptInvitationWithGoogle(
  deps: TeamDeps,
  request: AcceptInvitationWithGoogleRequest,
  client: Client,
): Promise<IssuedSession> {
  const details = request.acceptUserInvitationRequest;
  const found = await findByKey(deps, details.userInvitationKey, client);
  requireAllowed(found, 'accept');
  await checkCaptcha(deps, details.reCaptchaToken, client);
  const identity = await resolveIdentity(deps, request.authCodeResponse);
  const email = acceptedAddress(found, identity.email);
  const existing = await findAccount(deps, identity);
  if (existing !== undefined) await requireNotMember(deps, found, existing.email);
  let userId: number;
  try {
    userId = await deps.db.transaction(async (tx) => {
      if (existing !== undefined) {
        await linkGoogle(tx, existing, identity);
        await acceptFor(tx, found, existing);
        return existing.id;
      }
      const user = await insertMember(tx, deps, found, {
        email,
        passwordHash: null,
        googleSubject: identity.subject,
        firstName: identity.firstName,
        lastName: identity.lastName,
        emailConfirmed: true,
        accountStatus: ACCOUNT_ACTIVE,
        consentToHelpEmails: details.consentToHelpEmails,
        consentToMarketingEmails: details.consentToMarketingEmails,
      });
      await acceptFor(tx, found, user);
      return user.id;
    });
  } catch (error) {
    throw asConflict(error);
  }
  return startSession(deps, userId, 'Google');
}
