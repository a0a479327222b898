import { useDeferredValue, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import * as carouselChart from './dropsCarouselMachine';
import {
  selectFeedEndText,
  selectFeedPosts,
  selectFeedSetSize,
  selectFeedStatus,
} from './postsFeedMachine';
import type { DropsCarouselViewProps, SwipeEndPoint, SwipeStartPoint } from './DropsCarouselView';
import { HomeView } from './HomeView';
import type { FlowRefs, FlowScreenProps } from '../../shared/flow';
import { selectHomeTitle } from './homeTitle';
import type { HomeActors } from './home.flow';

const selectShowFirstGuid = (s: { context: { showFirstGuid: string | null } }) =>
  s.context.showFirstGuid;

const NO_POSTS: ReturnType<typeof selectFeedPosts> = [];

/**
 * The home's content (spec §1 Home feed, §2.3 Landing): the Drops carousel and the Posts feed of
 * the home flow — from the API for a user, sample content for a visitor.
 */
export function HomeScreen({
  flow,
  user,
  isNewAccount,
}: FlowScreenProps<HomeActors> & {
  /** Whether the signed-in person's account is in its first session (the storage's mark). */
  isNewAccount: (email: string) => boolean;
}) {
  const title = useSelector(flow.dashboardInformation, (s) =>
    selectHomeTitle(s, user, isNewAccount),
  );
  return (
    <Connected
      feedRef={flow.postsFeed}
      carouselRef={flow.dropsCarousel}
      signedIn={user !== null}
      title={title}
    />
  );
}

function Connected({
  feedRef,
  carouselRef,
  signedIn,
  title,
}: {
  feedRef: FlowRefs<HomeActors>['postsFeed'];
  carouselRef: FlowRefs<HomeActors>['dropsCarousel'];
  signedIn: boolean;
  title?: string;
}) {
  // The lists are read through useDeferredValue: an actor's update renders at once (the store
  // is synchronous), so a page of posts or drops arriving, or the home mounting with them, would
  // otherwise be rendered in one long task. Deferred, React renders the cards as a transition,
  // in slices; the first render shows the empty, loading home. The feed's values of one update
  // arrive in the same render (the feed also guards stale end triggers by count). The carousel's
  // current drop is not deferred: a click or swipe shows at once, and the view clamps the index
  // to the drops it has.
  const posts = useDeferredValue(useSelector(feedRef, selectFeedPosts), NO_POSTS);
  const status = useDeferredValue(useSelector(feedRef, selectFeedStatus), 'loading');
  const setSize = useDeferredValue(useSelector(feedRef, selectFeedSetSize), -1);
  const endText = useDeferredValue(useSelector(feedRef, selectFeedEndText), null);
  const highlightGuid = useDeferredValue(useSelector(feedRef, selectShowFirstGuid), null);

  // The first render already holds the intro Drop (the machine's first item, there from the
  // start): the skeleton slides after it do not move sideways when it arrives.
  const liveItems = useSelector(carouselRef, carouselChart.selectCarouselItems);
  const [firstItems] = useState(() => liveItems.filter((item) => item.kind === 'intro'));
  const items = useDeferredValue(liveItems, firstItems);
  const currentIndex = useSelector(carouselRef, carouselChart.selectCurrentIndex);
  const canShowPrevious = useSelector(carouselRef, carouselChart.selectCanShowPrevious);
  const canShowNext = useSelector(carouselRef, carouselChart.selectCanShowNext);
  const carouselLoading = useDeferredValue(
    useSelector(carouselRef, carouselChart.selectDropsLoading),
    true,
  );
  const carouselFailed = useDeferredValue(
    useSelector(carouselRef, carouselChart.selectDropsFailed),
    false,
  );
  // Callbacks that stay the same for the actor's life, so a new page of posts re-renders
  // neither the carousel nor the cards already shown (both views are memoised).
  const carouselCallbacks = useMemo(
    () => ({
      onRetry: () => carouselRef.send({ type: 'retry' }),
      onPrevious: () => carouselRef.send({ type: 'drop.previous' }),
      onNext: () => carouselRef.send({ type: 'drop.next' }),
      onShow: (index: number) => carouselRef.send({ type: 'drop.show', index }),
      onPreviousMedia: (dropId: number) => carouselRef.send({ type: 'media.previous', dropId }),
      onNextMedia: (dropId: number) => carouselRef.send({ type: 'media.next', dropId }),
      onNearEnd: () => carouselRef.send({ type: 'carousel.nearEnd' }),
      onSwipeStart: ({ x, y }: SwipeStartPoint) => carouselRef.send({ type: 'swipe.start', x, y }),
      onSwipeEnd: ({ x, y }: SwipeEndPoint) => carouselRef.send({ type: 'swipe.end', x, y }),
    }),
    [carouselRef],
  );
  const feedCallbacks = useMemo(
    () => ({
      onEndReached: (postCount: number) => feedRef.send({ type: 'feed.endReached', postCount }),
      onRetry: () => feedRef.send({ type: 'retry' }),
    }),
    [feedRef],
  );
  const carousel: DropsCarouselViewProps = {
    items,
    currentIndex,
    canShowPrevious,
    canShowNext,
    loading: carouselLoading,
    failed: carouselFailed,
    ...carouselCallbacks,
  };

  return (
    <HomeView
      signedIn={signedIn}
      title={title}
      carousel={carousel}
      feed={{
        posts,
        status,
        setSize,
        endText,
        highlightGuid,
        ...feedCallbacks,
      }}
    />
  );
}
