import { defineArea } from '../../area';
import { adminRoutes } from './routes';

export const adminArea = defineArea({
  name: 'admin',
  register: ({ domain }) => adminRoutes(domain),
});
