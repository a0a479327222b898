import type { IdentityDeps } from '../identity/identityContext';

/**
 * What the team calls need: the identity operations' dependencies (the database, the clock,
 * sessions, mail, the captcha, the third-party sign-in, the links' settings, the log) and how
 * long an invitation's link lasts (USER_INVITATION_EXPIRY_DAYS, the configuration's
 * userInvitationExpiryLengthInDays).
 */
export interface TeamDeps extends IdentityDeps {
  invitationExpiryDays: number;
}
