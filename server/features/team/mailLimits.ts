/**
 * Limits of the invitation mails, a domain rule: an invitation mails the invitee from the
 * platform's sender, to any address the Administrator types, so every organisation could
 * otherwise send unlimited mail through it (anyone may sign up and is Administrator of their own
 * organisation). Each mail is counted per inviting Administrator (whatever the organisation) and
 * per organisation (whoever invites) in fixed windows that start at the first count, shared by
 * every server process on the database like the other limits; past either allowance the call is
 * refused with 429 and Retry-After before anything is mailed or saved.
 */
import type { InvitationMailLimitConfig } from './settings';
import type { SharedWindows } from '../../db/sharedWindows';
import { RateLimitedError } from '../../domain/errors';
import { FixedWindows } from '../../domain/fixedWindows';
import type { TenantScope } from '../../domain/scope';

export const invitationMailLimitMessages = {
  administrator: 'You have sent too many invitations, please try again later.',
  organisation: 'This organisation has sent too many invitations, please try again later.',
} as const;

export class InvitationMailLimits {
  private readonly administrators: FixedWindows;
  private readonly organisations: FixedWindows;

  constructor(
    private readonly config: InvitationMailLimitConfig,
    now: () => Date,
    windows: SharedWindows,
  ) {
    this.administrators = new FixedWindows(
      config.windowSeconds,
      now,
      windows,
      'invitationMail:administrator',
    );
    this.organisations = new FixedWindows(
      config.windowSeconds,
      now,
      windows,
      'invitationMail:organisation',
    );
  }

  /**
   * Counts one invitation mail of the caller in its organisation, or throws a RateLimitedError
   * (the mail must not be sent). Both allowances are read first, so a refusal by one uses none
   * of the other; the counts then refuse again a call that processes sending at once pushed past
   * an allowance (that rare refusal has counted).
   */
  async take(scope: TenantScope): Promise<void> {
    const administrator = String(scope.userId);
    const organisation = String(scope.tenantId);
    const { perAdministrator, perOrganisation } = this.config;
    this.refuseAfter(
      await this.administrators.wait(administrator, perAdministrator),
      'administrator',
    );
    this.refuseAfter(await this.organisations.wait(organisation, perOrganisation), 'organisation');
    this.refuseAfter(
      await this.administrators.incrementWithin(administrator, perAdministrator),
      'administrator',
    );
    this.refuseAfter(
      await this.organisations.incrementWithin(organisation, perOrganisation),
      'organisation',
    );
  }

  private refuseAfter(seconds: number, limit: keyof typeof invitationMailLimitMessages): void {
    if (seconds > 0) throw new RateLimitedError(invitationMailLimitMessages[limit], seconds);
  }
}
