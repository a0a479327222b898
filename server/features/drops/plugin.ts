import { defineArea } from '../../area';
import { dropRoutes } from './routes';

export const dropsArea = defineArea({
  name: 'drops',
  register: ({ domain, media }) => dropRoutes({ drops: { ...domain, media } }),
});
