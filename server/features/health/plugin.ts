import { defineArea } from '../../area';
import { healthRoutes } from './routes';

export const healthArea = defineArea({
  name: 'health',
  register: (core) => healthRoutes(core.databaseMonitor),
});
