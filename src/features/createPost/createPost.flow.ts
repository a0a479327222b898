import { defineFlow } from '../../shared/flow';
import type { createPostMachine } from './createPostMachine';

export type CreatePostActors = { createPost: typeof createPostMachine };

export interface CreatePostRouteInput {
  /**
   * /create-post/{id}: the post to update (0 when the id is not a post id: 'Post not found');
   * null for a new post (/create-post).
   */
  postId: number | null;
}

/**
 * Create Post /create-post, and an existing post at /create-post/{id} (update mode): message,
 * link, publish date and time, media, Is Draft, Save Draft, Create or Update Post (spec §2.3).
 */
export const createPostFlow = defineFlow<CreatePostActors, CreatePostRouteInput>({
  id: 'createPost',
  routes: [
    { path: '/create-post', layout: 'app', title: 'Create Post' },
    { path: '/create-post/:id', layout: 'app', title: 'Update Post' },
  ],
  access: 'user',
  input: ({ params }) => {
    if (params.id === undefined) return { postId: null };
    return { postId: /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0 };
  },
  load: () => import('./index'),
  machines: () => import('./createPostMachine').then((m) => [m.createPostMachine]),
});
