import { defineArea } from '../../area';
import { topicRoutes } from './routes';

export const topicsArea = defineArea({
  name: 'topics',
  register: ({ domain }) => topicRoutes({ domain }),
});
