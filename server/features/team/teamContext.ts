import type { IdentityDeps } from '../identity/identityContext';
import type { InvitationMailLimits } from './mailLimits';

/**
 * What the team calls need: the identity operations' dependencies (the database, the clock,
 * sessions, mail, the captcha, the third-party sign-in, the links' settings, the log) and how
 * long an invitation's link lasts (USER_INVITATION_EXPIRY_DAYS, the configuration's
 * userInvitationExpiryLengthInDays), and the limits of the invitation mails.
 */
export interface TeamDeps extends IdentityDeps {
  invitationExpiryDays: number;
  invitationMailLimits: InvitationMailLimits;
}
