import { defineArea } from '../../area';
import { InvitationMailLimits } from './mailLimits';
import { teamRoutes } from './routes';
import { teamSettings } from './settings';

export const teamArea = defineArea({
  name: 'team',
  settings: teamSettings,
  register: ({ identity, config, windows, cookie }, settings) => {
    const team = {
      ...identity,
      invitationExpiryDays: config.userInvitationExpiryDays,
      invitationMailLimits: new InvitationMailLimits(
        settings.invitationMailLimit,
        identity.now,
        windows,
      ),
    };
    return teamRoutes({ team, cookie });
  },
});
