import { defineArea } from '../../area';
import { configurationRoutes } from './routes';

/** GET /api/configuration, at the root (its path is fixed by the contract). */
export const configurationArea = defineArea({
  name: 'configuration',
  mount: 'root',
  register: (core) => configurationRoutes(core.configurationAnswer),
});
