/**
 * The team area's settings, read from the environment:
 *
 * - INVITATION_MAIL_LIMIT_ADMINISTRATOR  Invitation mails (userinvitations/create and upsert, new
 *                                   or resent) one Administrator may send per window, in every
 *                                   organisation together (default 50); beyond, 429 with
 *                                   Retry-After, and nothing is mailed or saved.
 * - INVITATION_MAIL_LIMIT_ORGANISATION  Invitation mails sent on behalf of one organisation per
 *                                   window, by all its Administrators together (default 100).
 * - INVITATION_MAIL_LIMIT_WINDOW_SECONDS  Window of the two limits above (default 86400: a day).
 *
 * How long an invitation lasts (USER_INVITATION_EXPIRY_DAYS) is the core's (server/config.ts):
 * the configuration announces it to the client.
 */
import { positiveInteger, type Env } from '../../settings';

/** Limits of the invitation mails an organisation's Administrators send. */
export interface InvitationMailLimitConfig {
  /** Mails one Administrator (the inviting user) may send per window. */
  perAdministrator: number;
  /** Mails sent on behalf of one organisation per window. */
  perOrganisation: number;
  windowSeconds: number;
}

export interface TeamSettings {
  invitationMailLimit: InvitationMailLimitConfig;
}

export function teamSettings(env: Env): TeamSettings {
  return {
    invitationMailLimit: {
      perAdministrator: positiveInteger(env, 'INVITATION_MAIL_LIMIT_ADMINISTRATOR', 50),
      perOrganisation: positiveInteger(env, 'INVITATION_MAIL_LIMIT_ORGANISATION', 100),
      windowSeconds: positiveInteger(env, 'INVITATION_MAIL_LIMIT_WINDOW_SECONDS', 24 * 60 * 60),
    },
  };
}
