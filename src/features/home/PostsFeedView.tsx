import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { RotateCcw } from 'lucide-react';
import { WindowVirtualizer } from 'virtua';
import type { WindowVirtualizerHandle } from 'virtua';
import type { FeedPost } from '../../../contract/posts';
import { Alert } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { PostCard, PostCardSkeleton } from '../../views/components/PostCard';
import styles from './PostsFeedView.module.css';

/** The feed's state, from the postsFeed machine. */
export type PostsFeedStatus = 'loading' | 'idle' | 'ended' | 'error';

export interface PostsFeedViewProps {
  /** The posts loaded so far, newest first. */
  posts: readonly FeedPost[];
  /** 'loading' a page, 'idle' (more may load), 'ended' (the last page was short), 'error'. */
  status: PostsFeedStatus;
  /** aria-setsize of every card: -1 while more may load, the number of posts once ended. */
  setSize: number;
  /** The spec's end text once the feed ended, else null. */
  endText: string | null;
  /**
   * The last card became visible while 'idle': load the next page. Called once for each new last
   * card (a card that scrolls out and back in does not call it again), with the number of posts
   * shown then (so the machine can ignore a trigger for a list that has since grown).
   */
  onEndReached: (postCount: number) => void;
  /** 'Try again' after a failed load. */
  onRetry: () => void;
  /** The guid of a post just created (`/feed?new={guid}`): that card is marked as new. */
  highlightGuid?: string | null;
  /** IANA time zone of the dates; the browser's when absent (tests pin it). */
  timeZone?: string;
}

/** Ours (the spec only says feed errors are logged); the postsFeed machine's wording. */
export const FEED_ERROR_TEXT = 'Failed to fetch posts';

/** Read out when the post just created is shown first and focused (ours). */
export const NEW_POST_NOTICE = 'Your new post is first in the feed.';

/** Skeleton cards shown while the first page loads. */
export const FEED_SKELETON_CARDS = 2;

/** Frames to wait for a card Page Down / Page Up scrolled to (about a second at 60 Hz)... */
const FOCUS_RETRY_FRAMES = 60;
/** ...and that it keeps the focus for. */
const FOCUS_STEADY_FRAMES = 10;

/** The window scrolls (the app layout has no inner scroller), so the list follows the window. */
function canVirtualise(): boolean {
  return typeof ResizeObserver !== 'undefined' && document.scrollingElement != null;
}

/**
 * The Posts feed (spec §4 Posts feed): a virtualised list that follows the WAI-ARIA feed pattern.
 * The feed is aria-busy while a page loads; each card is a focusable article with aria-posinset
 * and aria-setsize (-1 while more may load, the total once the feed ended), so cards the list has
 * not rendered are still announced sensibly. Page Down / Page Up move focus between cards.
 * When the last card becomes visible the next page is asked for; at the end the spec's text shows.
 */
export function PostsFeedView({
  posts,
  status,
  setSize,
  endText,
  onEndReached,
  onRetry,
  highlightGuid = null,
  timeZone,
}: PostsFeedViewProps) {
  const headingId = `feed${useId().replace(/:/g, '')}`;
  const feedRef = useRef<HTMLDivElement>(null);
  const virtualizerRef = useRef<WindowVirtualizerHandle>(null);
  const [virtualised] = useState(canVirtualise);
  const [lastCard, setLastCard] = useState<HTMLElement | null>(null);
  const firedFor = useRef<string | null>(null);
  const lastPost = posts[posts.length - 1];
  const postCount = posts.length;
  const firstPost = posts[0];
  const restPosts = useMemo(() => posts.slice(1), [posts]);
  const lastKey = lastPost ? `${postCount}:${lastPost.guid}` : null;

  // The next page is asked for when the last card scrolls into view (once per new last card).
  useEffect(() => {
    if (!lastCard || status !== 'idle' || lastKey === null || firedFor.current === lastKey) {
      return undefined;
    }
    const fire = () => {
      if (firedFor.current === lastKey) return;
      firedFor.current = lastKey;
      onEndReached(postCount);
    };
    if (typeof IntersectionObserver === 'undefined') {
      fire();
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        fire();
      }
    });
    observer.observe(lastCard);
    return () => observer.disconnect();
  }, [lastCard, status, lastKey, postCount, onEndReached]);

  // A post just created (`/feed?new=…`) is first: once its card is there, it is scrolled into
  // view, focused and announced, once per new post.
  const [newPostNotice, setNewPostNotice] = useState('');
  const shownNew = useRef<string | null>(null);
  const firstGuid = firstPost?.guid ?? null;
  useEffect(() => {
    if (highlightGuid === null || shownNew.current === highlightGuid) return;
    if (firstGuid !== highlightGuid) return;
    const card = feedRef.current?.querySelector<HTMLElement>('article[aria-posinset="1"]');
    if (!card) return;
    shownNew.current = highlightGuid;
    card.scrollIntoView?.({ block: 'center' });
    card.focus({ preventScroll: true });
    setNewPostNotice(NEW_POST_NOTICE);
  }, [highlightGuid, firstGuid]);

  // The card a Page Down / Page Up last asked for; an earlier request still settling gives up.
  const focusRequest = useRef(0);
  const focusCard = useCallback((index: number, from: HTMLElement) => {
    focusRequest.current += 1;
    const request = focusRequest.current;
    const selector = `article[aria-posinset="${index + 1}"]`;
    const card = feedRef.current?.querySelector<HTMLElement>(selector);
    card?.focus();
    // The first card is always mounted; the others are the virtualiser's (index - 1 there). It
    // mounts a card a frame or more after scrolling to it, and a scroll still running (the
    // browser's animated scroll of Ctrl+Home goes on writing its position for about 250 ms) can
    // unmount it again: for up to a second, each frame focuses the card when it is mounted and
    // not focused, and scrolls to it again when it is not mounted, until it has kept the focus
    // for a few frames. Focus the person moved elsewhere meanwhile is left where it is.
    const scrollToCard = () => virtualizerRef.current?.scrollToIndex(index - 1);
    if (!card) scrollToCard();
    let frames = 0;
    let steady = 0;
    const settle = () => {
      if (request !== focusRequest.current) return;
      frames += 1;
      const mounted = feedRef.current?.querySelector<HTMLElement>(selector);
      const focused = from.ownerDocument.activeElement;
      if (focused !== null && focused !== from && focused !== from.ownerDocument.body) {
        // The person moved on (or the card has the focus): nothing to take back.
        if (focused !== mounted) return;
        steady += 1;
      } else if (!mounted) {
        steady = 0;
        scrollToCard();
      } else {
        steady = 0;
        mounted.focus();
      }
      if (steady < FOCUS_STEADY_FRAMES && frames < FOCUS_RETRY_FRAMES) {
        requestAnimationFrame(settle);
      }
    };
    requestAnimationFrame(settle);
  }, []);

  // The feed pattern's keys: Page Down / Page Up move focus to the next / previous article.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    const target = event.target as HTMLElement;
    const card = target.closest<HTMLElement>('article[aria-posinset]');
    if (!card) return;
    const index = Number(card.getAttribute('aria-posinset')) - 1;
    const next = event.key === 'PageDown' ? index + 1 : index - 1;
    if (next < 0 || next >= posts.length) return;
    event.preventDefault();
    focusCard(next, card);
  };

  const renderCard = (post: FeedPost, index: number) => (
    <div key={post.guid} className={styles.item}>
      <PostCard
        post={post}
        posInSet={index + 1}
        setSize={setSize}
        highlighted={highlightGuid !== null && post.guid === highlightGuid}
        timeZone={timeZone}
        focusable
        ref={index === posts.length - 1 ? setLastCard : undefined}
      />
    </div>
  );

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Posts
      </h2>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {newPostNotice}
      </p>
      {/* A feed holds articles: with none (and nothing loading) there is no feed to show. */}
      {posts.length > 0 || status === 'loading' ? (
        // Keyboard handling of the feed pattern (Page Down / Page Up between articles).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          ref={feedRef}
          role="feed"
          aria-labelledby={headingId}
          aria-busy={status === 'loading'}
          className={styles.feed}
          onKeyDown={onKeyDown}
        >
          {virtualised ? (
            <>
              {/* The first card stays mounted, so the feed always holds an article (even when
                  it starts below the fold and the virtualiser renders none of its own). */}
              {firstPost ? renderCard(firstPost, 0) : null}
              <WindowVirtualizer ref={virtualizerRef} data={restPosts}>
                {(post: FeedPost, index: number) => renderCard(post, index + 1)}
              </WindowVirtualizer>
            </>
          ) : (
            posts.map(renderCard)
          )}
        </div>
      ) : null}
      {status === 'loading' && posts.length === 0 ? (
        // The first page: skeleton cards hold the first screen's shape; the status is read out.
        <>
          <LoadingIndicator className="visually-hidden" />
          {Array.from({ length: FEED_SKELETON_CARDS }, (_, index) => (
            <PostCardSkeleton key={index} />
          ))}
        </>
      ) : status === 'loading' ? (
        <LoadingIndicator className={styles.status} />
      ) : null}
      {endText !== null ? (
        <p role="status" className={styles.end}>
          {endText}
        </p>
      ) : null}
      {status === 'error' ? (
        <Alert level="Danger" messages={[FEED_ERROR_TEXT]}>
          <div className={styles.retry}>
            <Button
              variant="secondary"
              size="sm"
              icon={<RotateCcw focusable="false" size={16} />}
              onClick={onRetry}
            >
              Try again
            </Button>
          </div>
        </Alert>
      ) : null}
    </section>
  );
}
