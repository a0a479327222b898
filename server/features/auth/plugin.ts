import { defineArea } from '../../area';
import { authRoutes } from './routes';

export const authArea = defineArea({
  name: 'auth',
  register: (core) => authRoutes({ sessions: core.sessions, cookie: core.cookie }),
});
