import { defineArea } from '../../area';
import { identityRoutes } from './routes';

export const identityArea = defineArea({
  name: 'identity',
  register: ({ identity, cookie }) => identityRoutes({ identity, cookie }),
});
