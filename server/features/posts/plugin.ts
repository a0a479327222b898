import { defineArea } from '../../area';
import { postRoutes } from './routes';

export const postsArea = defineArea({
  name: 'posts',
  register: ({ domain, media, feedPages }) =>
    postRoutes({ posts: { ...domain, media, feedPages } }),
});
