import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../platform/flow';
import { createDropsApi } from '../../services/api/drops';
import { createPostsApi } from '../../services/api/posts';
import { sampleDropsPage, samplePostsPage } from '../../services/sampleContent';
import { dropsCarouselMachine } from './dropsCarouselMachine';
import type { HomeActors, HomeInput } from './home.flow';
import { HomeScreen } from './HomeScreen';
import { postsFeedMachine } from './postsFeedMachine';

const entry: FlowEntryFactory<HomeInput, HomeActors> = (services) => {
  const posts = createPostsApi(services.http);
  const drops = createDropsApi(services.http);
  const postsFeed = postsFeedMachine.provide({
    actors: {
      loadPostsPage: fromPromise(({ input, signal }) => posts.feedList(input, { signal })),
      loadSamplePostsPage: fromPromise(async ({ input }) =>
        samplePostsPage(input.page ?? 1, input.pageSize),
      ),
    },
    actions: {
      logFeedError: (_, error) => services.logError('Failed to fetch posts', error),
    },
  });
  const dropsCarousel = dropsCarouselMachine.provide({
    actors: {
      loadDropsPage: fromPromise(({ input, signal }) => drops.feedList(input, { signal })),
      loadSampleDropsPage: fromPromise(async ({ input }) =>
        sampleDropsPage(input.page ?? 1, input.pageSize),
      ),
    },
    actions: {
      logDropsError: (_, error) => services.logError('Failed to fetch drops', error),
    },
  });
  return {
    start: (input, { signedIn }) => ({
      postsFeed: {
        logic: postsFeed,
        input: { sample: !signedIn, showFirstGuid: input.showFirstGuid },
      },
      dropsCarousel: { logic: dropsCarousel, input: { sample: !signedIn } },
    }),
    Screen: HomeScreen,
  };
};

export default entry;
