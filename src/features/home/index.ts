import { createElement } from 'react';
import { fromPromise } from 'xstate';
import { createDashboardInformation } from '../../shared/dashboardInformation';
import type { FlowEntryFactory } from '../../shared/flow';
import { createDropsApi } from '../../services/api/drops';
import { createPostsApi } from '../../services/api/posts';
import { sampleDropsPage, samplePostsPage } from '../../services/sampleContent';
import { dropsCarouselMachine } from './dropsCarouselMachine';
import type { HomeActors, HomeInput } from './home.flow';
import { HomeScreen } from './HomeScreen';
import { postsFeedMachine } from './postsFeedMachine';

/** Spec §9: sample posts arrive after a fake delay of 500 ms, sample drops after 300 ms. */
export const SAMPLE_POSTS_DELAY_MS = 500;
export const SAMPLE_DROPS_DELAY_MS = 300;

/** Waits `ms`, or rejects when the actor stops first. */
function fakeDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * The home: the Drops carousel and the Posts feed. Whether they read the API (a signed-in
 * person) or the sample content generated here (a visitor, spec §2.3 Landing) is the provided
 * page loader's choice, made when the flow starts; the machines are the same.
 */
const entry: FlowEntryFactory<HomeInput, HomeActors> = (services) => {
  const posts = createPostsApi(services.http);
  const drops = createDropsApi(services.http);
  const actions = {
    posts: {
      logFeedError: (_: unknown, error: unknown) =>
        services.logError('Failed to fetch posts', error),
    },
    drops: {
      logDropsError: (_: unknown, error: unknown) =>
        services.logError('Failed to fetch drops', error),
    },
  };
  const postsFeed = {
    real: postsFeedMachine.provide({
      actors: {
        loadPostsPage: fromPromise(({ input, signal }) => posts.feedList(input, { signal })),
      },
      actions: actions.posts,
    }),
    sample: postsFeedMachine.provide({
      actors: {
        loadPostsPage: fromPromise(async ({ input, signal }) => {
          await fakeDelay(SAMPLE_POSTS_DELAY_MS, signal);
          return samplePostsPage(input.page ?? 1, input.pageSize);
        }),
      },
      actions: actions.posts,
    }),
  };
  const dropsCarousel = {
    real: dropsCarouselMachine.provide({
      actors: {
        loadDropsPage: fromPromise(({ input, signal }) => drops.feedList(input, { signal })),
      },
      actions: actions.drops,
    }),
    sample: dropsCarouselMachine.provide({
      actors: {
        loadDropsPage: fromPromise(async ({ input, signal }) => {
          await fakeDelay(SAMPLE_DROPS_DELAY_MS, signal);
          return sampleDropsPage(input.page ?? 1, input.pageSize);
        }),
      },
      actions: actions.drops,
    }),
  };
  const dashboardInformation = createDashboardInformation(services);
  return {
    start: (input, { signedIn }) => {
      const content = signedIn ? 'real' : 'sample';
      return {
        postsFeed: { logic: postsFeed[content], input: { showFirstGuid: input.showFirstGuid } },
        dropsCarousel: { logic: dropsCarousel[content] },
        dashboardInformation: { logic: dashboardInformation, input: { signedIn } },
      };
    },
    Screen: (props) =>
      createElement(HomeScreen, { ...props, isNewAccount: services.storage.newAccount.is }),
  };
};

export default entry;
