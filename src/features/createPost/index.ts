import { fromCallback, fromPromise, sendParent } from 'xstate';
import type { FlowEvent } from '../../machines/flows';
import type { FlowEntryFactory } from '../../shared/flow';
import { createPostsApi } from '../../services/api/posts';
import { createMediaClient } from '../../services/media';
import { ApiError } from '../../services/apiResponse';
import type { Post } from '../../../contract/posts';
import type { CreatePostActors, CreatePostRouteInput } from './createPost.flow';
import { createPostMachine, type CreatePostEvent } from './createPostMachine';
import { CreatePostScreen } from './CreatePostScreen';
import { uploadPostImage } from './postMedia';

const entry: FlowEntryFactory<CreatePostRouteInput, CreatePostActors> = (services) => {
  const posts = createPostsApi(services.http);
  // The media service has its own base URL and client API key, and never sees the bearer token.
  const media = createMediaClient({
    getBaseUrl: () => services.configuration().mediaServiceApiBaseUrl,
    getApiKey: () => services.configuration().mediaServiceClientApiKey,
  });
  const createPost = createPostMachine.provide({
    actors: {
      // 404 (no such post here) and 403 (another person's) both mean: not one of your posts.
      loadPost: fromPromise<Post | null, { id: number }>(({ input, signal }) =>
        posts.get(input.id, { signal }).catch((error: unknown) => {
          if (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 403)) {
            return null;
          }
          throw error;
        }),
      ),
      // Uploads straight to the media service (its API key, never the bearer token), reporting
      // real progress; removing the media while it uploads aborts the request.
      // Checked against the post validation preset first (see postMedia.ts).
      uploadPostMedia: fromCallback<CreatePostEvent, { file: File }>(({ input, sendBack }) => {
        const abort = new AbortController();
        uploadPostImage(media, input.file, {
          onProgress: (percent) => sendBack({ type: 'upload.progress', percent }),
          signal: abort.signal,
        }).then(
          (upload) => sendBack({ type: 'upload.finish', upload }),
          (error: unknown) => {
            if (!abort.signal.aborted) sendBack({ type: 'upload.fail', error });
          },
        );
        return () => abort.abort();
      }),
      deletePendingMedia: fromPromise(({ input }) => media.deletePending(input.fileId)),
      createPost: fromPromise(({ input }) => posts.create(input)),
      createPostWithFile: fromPromise(({ input }) => posts.createWithFile(input)),
      updatePost: fromPromise(({ input }) => posts.update(input)),
    },
    // The flow protocol: the app navigates.
    actions: {
      redirectToFeed: sendParent((_, to: string): FlowEvent => ({ type: 'flow.navigate', to })),
    },
  });
  return {
    start: ({ postId }) => {
      // The clock is an input: the default publish time is now, rounded down to 15 minutes.
      const now = new Date().toISOString();
      return {
        createPost: {
          logic: createPost,
          input: postId === null ? { mode: 'new', now } : { mode: 'update', postId, now },
        },
      };
    },
    Screen: CreatePostScreen,
  };
};

export default entry;
