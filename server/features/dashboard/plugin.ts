import { defineArea } from '../../area';
import { dashboardRoutes } from './routes';

export const dashboardArea = defineArea({
  name: 'dashboard',
  register: ({ domain }) => dashboardRoutes({ domain }),
});
