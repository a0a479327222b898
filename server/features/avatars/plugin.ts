import { defineArea } from '../../area';
import { avatarRoutes } from './routes';

export const avatarsArea = defineArea({
  name: 'avatars',
  register: ({ domain, media, feedPages, pendingTtlMs, log }) =>
    avatarRoutes({ avatars: { ...domain, media, feedPages, pendingTtlMs, log } }),
});
