import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { ChevronLeft, ChevronRight, Droplet } from 'lucide-react';
import type { DropItem } from '../../../contract/posts';
import { Alert } from '../../views/components/Alert';
import { Avatar } from '../../views/components/Avatar';
import { Button } from '../../views/components/Button';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { MediaView } from '../../views/components/MediaView';
import { cx } from '../../views/utils/cx';
import { formatDateTime } from '../../views/utils/dateTime';
import { useReducedMotion } from '../../views/utils/useReducedMotion';
import card from '../../views/components/PostCard.module.css';
import styles from './DropsCarouselView.module.css';

/**
 * One item of the carousel, as the dropsCarousel machine lists them (`selectCarouselItems`): the
 * intro Drop first ('Drop Info' and the spec's text), then each drop with the media it shows.
 * Keys are unique per position (a drop may come again after the carousel restarts).
 */
export type CarouselItem =
  | { kind: 'intro'; key: string; title: string; text: string }
  | { kind: 'drop'; key: string; drop: DropItem; mediaIndex: number };

/** Where a swipe starts and ends, in client pixels (the machine decides whether it counts). */
export interface SwipeStartPoint {
  x: number;
  y: number;
}
export interface SwipeEndPoint {
  x: number;
  /** Tells a vertical scroll from a swipe. */
  y?: number;
}

/** spec §9: more drops load when the carousel is scrolled within 50 px of its end. */
export const CAROUSEL_NEAR_END_PX = 50;
/** How far from its target a scroll may end (snapping, sub-pixel layout) and still be there. */
const SCROLL_SLACK_PX = 2;
/**
 * The strip is windowed: every slide keeps its place (its 'n of m' group, its width, its snap
 * point), but only the slides in view and this many on each side have their card. It grows by 20
 * drops each time its end is reached and never stops (it restarts from the beginning), so without
 * the window it would grow without bound.
 */
export const CAROUSEL_OVERSCAN = 2;
/** How many slides are taken to be in view until the strip has been measured. */
const SLIDES_IN_VIEW_BEFORE_MEASURED = 4;

/** Read with the strip when it takes the focus (ours). */
export const CAROUSEL_KEYS_HINT =
  'Use the left and right arrow keys to move between drops; Tab leaves the carousel.';

/** Ours (the spec only says errors are logged); the dropsCarousel machine's wording. */
export const DROPS_ERROR_TEXT = 'Failed to fetch drops';

export interface DropsCarouselViewProps {
  /** The items in order, the intro Drop first (the machine puts it there). */
  items: readonly CarouselItem[];
  /** The position of the drop shown at the start of the strip; the machine owns it. */
  currentIndex: number;
  /** The previous drop can be shown (the machine's selectCanShowPrevious). */
  canShowPrevious: boolean;
  /** The next drop can be shown (the machine's selectCanShowNext). */
  canShowNext: boolean;
  /** True while more drops load (the carousel is aria-busy). */
  loading?: boolean;
  /** The last load failed: a 'Try again' button calls onRetry. */
  failed?: boolean;
  onRetry?: () => void;
  onPrevious: () => void;
  onNext: () => void;
  /**
   * The person scrolled another drop into place (trackpad, scrollbar, keyboard): its position,
   * reported when the scrolling ends.
   */
  onShow?: (index: number) => void;
  onPreviousMedia: (dropId: number) => void;
  onNextMedia: (dropId: number) => void;
  /** The carousel was scrolled within 50 px of its end (once each time it gets there). */
  onNearEnd: () => void;
  onSwipeStart: (point: SwipeStartPoint) => void;
  onSwipeEnd: (point: SwipeEndPoint) => void;
  /** IANA time zone of the dates; the browser's when absent (tests pin it). */
  timeZone?: string;
}

function IntroCard({ title, text }: { title: string; text: string }) {
  return (
    <div className={cx(styles.card, styles.intro)}>
      <div className={styles.cardHeader}>
        <span className={styles.introIcon}>
          <Droplet aria-hidden="true" focusable="false" size={22} />
        </span>
        <h3 className={card.author}>{title}</h3>
      </div>
      <p className={cx(styles.content, styles.introText)}>{text}</p>
    </div>
  );
}

interface DropCardProps {
  drop: DropItem;
  mediaIndex: number;
  /**
   * Whether the card's controls are in the Tab order: only the drop shown is, so Tab leaves the
   * carousel instead of walking through every drop (the arrow keys move between drops).
   */
  tabbable: boolean;
  timeZone: string | undefined;
  onPreviousMedia: (dropId: number) => void;
  onNextMedia: (dropId: number) => void;
}

function DropCard({
  drop,
  mediaIndex,
  tabbable,
  timeZone,
  onPreviousMedia,
  onNextMedia,
}: DropCardProps) {
  const tabIndex = tabbable ? undefined : -1;
  const count = drop.media.length;
  const index = count > 0 ? ((mediaIndex % count) + count) % count : 0;
  const file = drop.media[index];
  const date = formatDateTime(drop.date, timeZone) ?? (drop.date || null);
  return (
    <div className={styles.card}>
      <div className={styles.cardHeader}>
        <Avatar name={drop.user} imageUrl={drop.userAvatarUrl} size={36} alt="" />
        <div className={card.byline}>
          <h3 className={card.author}>{drop.user}</h3>
          {date ? (
            <time className={card.date} dateTime={drop.date}>
              {date}
            </time>
          ) : null}
        </div>
      </div>
      {file ? (
        <div className={styles.mediaBox}>
          <MediaView
            key={`${index}-${file.url}`}
            file={file}
            alt={`From the drop of ${drop.user}`}
            videoLabel={`Video from the drop of ${drop.user}`}
            // A drag across the image is a swipe, not the browser dragging the image away.
            draggable={false}
            className={styles.media}
            tabIndex={tabIndex}
          />
          {count > 1 ? (
            // Over the media, not below it: every card keeps one height (no layout shift).
            <div className={styles.mediaControls}>
              <button
                type="button"
                className={styles.mediaButton}
                aria-label={`Previous media of ${drop.user}`}
                tabIndex={tabIndex}
                onClick={() => onPreviousMedia(drop.id)}
              >
                <ChevronLeft aria-hidden="true" focusable="false" size={18} />
              </button>
              <span className={styles.mediaCount}>
                {index + 1} / {count}
              </span>
              <button
                type="button"
                className={styles.mediaButton}
                aria-label={`Next media of ${drop.user}`}
                tabIndex={tabIndex}
                onClick={() => onNextMedia(drop.id)}
              >
                <ChevronRight aria-hidden="true" focusable="false" size={18} />
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {/* Three lines at most (the whole text is still read out): every card has one height. */}
      <p className={styles.content}>{drop.content}</p>
      {/* A count, not an action: plain text. */}
      <p className={styles.reactions}>{`${drop.reactions} reactions`}</p>
    </div>
  );
}

/**
 * A drop card still loading: the card's own boxes (header, media, three lines, the count line)
 * with blank text, so it is the height of the card that replaces it and nothing moves when the
 * drops arrive (issue 15: no layout shift).
 */
function SkeletonCard() {
  return (
    <div className={cx(styles.card, styles.skeleton)}>
      <div className={styles.cardHeader}>
        <span className={styles.skeletonAvatar} />
        <div className={card.byline}>
          <span className={cx(card.author, styles.skeletonText)}>{'\u00a0'}</span>
          <span className={cx(card.date, styles.skeletonText)}>{'\u00a0'}</span>
        </div>
      </div>
      <div className={styles.mediaBox}>
        <div className={cx(styles.media, styles.skeletonMedia)} />
      </div>
      <p className={cx(styles.content, styles.skeletonLines)}>{'\u00a0'}</p>
      <p className={cx(styles.reactions, styles.skeletonText)}>{'\u00a0'}</p>
    </div>
  );
}

/** Skeleton slides shown while the first drops load: more than fit in the widest strip. */
export const CAROUSEL_SKELETON_SLIDES = 3;

/** Media, inputs and the like keep their own arrow keys. */
function ownsArrowKeys(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName))
  );
}

/**
 * The Drops carousel (spec §4 Drops carousel): a horizontal strip of drop cards, the intro Drop
 * first. Previous / next buttons and the arrow keys (when focus is in the carousel) move between
 * drops; each drop with several media has its own previous / next media buttons. Scrolling within
 * 50 px of the end reports onNearEnd; pointer and touch swipes are reported as start and end points
 * for the machine to judge. It follows the WAI-ARIA carousel pattern (a region with slides of role
 * group labelled 'n of m') and scrolls without smooth motion when reduced motion is asked for.
 */
export const DropsCarouselView = memo(function DropsCarouselView({
  items,
  currentIndex,
  canShowPrevious,
  canShowNext,
  loading = false,
  failed = false,
  onRetry,
  onPrevious,
  onNext,
  onShow,
  onPreviousMedia,
  onNextMedia,
  onNearEnd,
  onSwipeStart,
  onSwipeEnd,
  timeZone,
}: DropsCarouselViewProps) {
  const headingId = `drops${useId().replace(/:/g, '')}`;
  const trackRef = useRef<HTMLDivElement>(null);
  const nearEnd = useRef(false);
  const reducedMotion = useReducedMotion();
  const count = items.length;
  const hasDrops = items.some((item) => item.kind === 'drop');
  const current = Math.min(Math.max(currentIndex, 0), Math.max(count - 1, 0));

  // The slides in view: the first by the strip's scroll position, and how many fit (the slides
  // have one width, so the distance between the first two is the stride).
  const [inView, setInView] = useState({ first: 0, count: SLIDES_IN_VIEW_BEFORE_MEASURED });
  const measureFrame = useRef<number | null>(null);
  const measureInView = useCallback(() => {
    measureFrame.current = null;
    const track = trackRef.current;
    const first = track?.children[0] as HTMLElement | undefined;
    const second = track?.children[1] as HTMLElement | undefined;
    if (!track || !first || !second) return;
    const stride = second.offsetLeft - first.offsetLeft;
    if (stride <= 0) return;
    const next = {
      first: Math.max(0, Math.floor(track.scrollLeft / stride)),
      count: Math.ceil(track.clientWidth / stride) + 1,
    };
    setInView((was) => (was.first === next.first && was.count === next.count ? was : next));
  }, []);
  const onTrackScroll = () => {
    checkNearEnd();
    if (measureFrame.current === null) {
      measureFrame.current = requestAnimationFrame(measureInView);
    }
  };
  useEffect(() => {
    const track = trackRef.current;
    if (!track || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => measureInView());
    observer.observe(track);
    return () => {
      observer.disconnect();
      if (measureFrame.current !== null) cancelAnimationFrame(measureFrame.current);
    };
  }, [measureInView]);
  // A slide has its card when it is in view, near it, or near the current drop (which the strip
  // is about to show).
  const hasCard = (index: number) =>
    (index >= inView.first - CAROUSEL_OVERSCAN &&
      index < inView.first + inView.count + CAROUSEL_OVERSCAN) ||
    (index >= current - CAROUSEL_OVERSCAN && index < current + inView.count + CAROUSEL_OVERSCAN);

  // Where the strip itself is scrolling to (null once there, or once the person takes over): the
  // end of its own scroll, or of one it cut short, is not the person showing a drop.
  const scrollingTo = useRef<number | null>(null);

  // Show the current drop at the start of the strip (instantly when reduced motion is asked for).
  // A new strip already starts at its first drop: reading where the slides are would make the
  // browser lay the whole home out inside the render that mounts it, for a scroll to where the
  // strip already is.
  const placed = useRef(false);
  useEffect(() => {
    const firstPlacement = !placed.current;
    placed.current = true;
    if (firstPlacement && current === 0) return;
    const track = trackRef.current;
    const first = track?.firstElementChild as HTMLElement | null | undefined;
    const slide = track?.children[current] as HTMLElement | undefined;
    if (!track || !first || !slide) return;
    const left = slide.offsetLeft - first.offsetLeft;
    const reachable = Math.max(0, Math.min(left, track.scrollWidth - track.clientWidth));
    scrollingTo.current =
      Math.abs(track.scrollLeft - reachable) > SCROLL_SLACK_PX ? reachable : null;
    if (typeof track.scrollTo === 'function') {
      track.scrollTo({ left, behavior: reducedMotion ? 'auto' : 'smooth' });
    } else {
      track.scrollLeft = left;
    }
  }, [current, reducedMotion]);

  // When scrolling ends, the drop nearest the start of the strip is the one shown.
  const onShowRef = useRef(onShow);
  useEffect(() => {
    onShowRef.current = onShow;
  }, [onShow]);
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return undefined;
    const onScrollEnd = () => {
      const target = scrollingTo.current;
      if (target !== null) {
        if (Math.abs(track.scrollLeft - target) <= SCROLL_SLACK_PX) scrollingTo.current = null;
        return;
      }
      const slides = Array.from(track.querySelectorAll<HTMLElement>(':scope > [role="group"]'));
      const first = slides[0];
      if (!first || !onShowRef.current) return;
      let nearest = 0;
      let distance = Number.POSITIVE_INFINITY;
      slides.forEach((slide, index) => {
        const d = Math.abs(slide.offsetLeft - first.offsetLeft - track.scrollLeft);
        if (d < distance) {
          distance = d;
          nearest = index;
        }
      });
      onShowRef.current(nearest);
    };
    // The person scrolling by wheel, touch, scrollbar or keys takes over from the strip's scroll.
    const takeOver = () => {
      scrollingTo.current = null;
    };
    const input = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    track.addEventListener('scrollend', onScrollEnd);
    input.forEach((type) => track.addEventListener(type, takeOver, { passive: true }));
    return () => {
      track.removeEventListener('scrollend', onScrollEnd);
      input.forEach((type) => track.removeEventListener(type, takeOver));
    };
  }, []);

  const checkNearEnd = () => {
    const track = trackRef.current;
    if (!track || track.scrollWidth === 0) return;
    const remaining = track.scrollWidth - track.clientWidth - track.scrollLeft;
    if (remaining <= CAROUSEL_NEAR_END_PX) {
      if (!nearEnd.current) {
        nearEnd.current = true;
        onNearEnd();
      }
    } else {
      nearEnd.current = false;
    }
  };

  // New drops move the end away: reaching it again asks for more again.
  useEffect(() => {
    nearEnd.current = false;
  }, [count]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || ownsArrowKeys(event.target)) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    // From a drop's own control, the strip takes the focus: that control leaves the Tab order
    // once its drop is no longer the one shown.
    const track = trackRef.current;
    if (track && event.target !== track && track.contains(event.target as Node)) {
      track.focus({ preventScroll: true });
    }
    if (event.key === 'ArrowLeft') {
      if (canShowPrevious) onPrevious();
    } else if (canShowNext) onNext();
  };

  // A swipe ends wherever the pointer is let go, often outside the strip: the end is heard on the
  // window (pointer capture would move the click of a media button to the strip). A cancelled
  // pointer (the browser took over to scroll the page) reports nothing; the machine's window ends.
  const onSwipeEndRef = useRef(onSwipeEnd);
  useEffect(() => {
    onSwipeEndRef.current = onSwipeEnd;
  }, [onSwipeEnd]);
  const stopWatchingPointer = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatchingPointer.current?.(), []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    stopWatchingPointer.current?.();
    const pointerId = event.pointerId;
    const view = event.currentTarget.ownerDocument.defaultView;
    if (!view) return;
    const samePointer = (e: globalThis.PointerEvent) =>
      e.pointerId === undefined || pointerId === undefined || e.pointerId === pointerId;
    const onUp = (e: globalThis.PointerEvent) => {
      if (!samePointer(e)) return;
      stop();
      onSwipeEndRef.current({ x: e.clientX, y: e.clientY });
    };
    const onCancel = (e: globalThis.PointerEvent) => {
      if (samePointer(e)) stop();
    };
    const stop = () => {
      view.removeEventListener('pointerup', onUp, true);
      view.removeEventListener('pointercancel', onCancel, true);
      stopWatchingPointer.current = null;
    };
    view.addEventListener('pointerup', onUp, true);
    view.addEventListener('pointercancel', onCancel, true);
    stopWatchingPointer.current = stop;
    onSwipeStart({ x: event.clientX, y: event.clientY });
  };

  return (
    // Arrow keys move between drops while focus is anywhere in the carousel.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      aria-busy={loading}
      onKeyDown={onKeyDown}
    >
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          Drops
        </h2>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.navButton}
            aria-label="Previous drop"
            disabled={!canShowPrevious}
            onClick={onPrevious}
          >
            <ChevronLeft aria-hidden="true" focusable="false" size={20} />
          </button>
          <button
            type="button"
            className={styles.navButton}
            aria-label="Next drop"
            disabled={!canShowNext}
            onClick={onNext}
          >
            <ChevronRight aria-hidden="true" focusable="false" size={20} />
          </button>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {count > 0 ? `Drop ${current + 1} of ${count}` : ''}
      </p>
      {loading ? <LoadingIndicator className="visually-hidden" /> : null}
      <p id={`${headingId}-keys`} hidden>
        {CAROUSEL_KEYS_HINT}
      </p>
      {/* Swipes are an extra: the buttons and the arrow keys do the same. */}
      <div
        ref={trackRef}
        className={cx(styles.track, reducedMotion && styles.reducedMotion)}
        data-reduced-motion={reducedMotion ? '' : undefined}
        // The strip scrolls: focusable so the keyboard can reach it (and its arrow keys).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-describedby={`${headingId}-keys`}
        onScroll={onTrackScroll}
        onPointerDown={onPointerDown}
      >
        {items.map((item, index) => (
          <div
            key={item.key}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            aria-current={index === current ? 'true' : undefined}
            className={cx(styles.slide, item.kind === 'intro' && styles.introSlide)}
          >
            {!hasCard(index) ? null : item.kind === 'intro' ? (
              <IntroCard title={item.title} text={item.text} />
            ) : (
              <DropCard
                drop={item.drop}
                mediaIndex={item.mediaIndex}
                tabbable={index === current}
                timeZone={timeZone}
                onPreviousMedia={onPreviousMedia}
                onNextMedia={onNextMedia}
              />
            )}
          </div>
        ))}
        {/* While drops load, skeleton cards hold their place (several before the first drops,
            one at the end for more); the status is read out once. */}
        {loading
          ? Array.from({ length: hasDrops ? 1 : CAROUSEL_SKELETON_SLIDES }, (_, index) => (
              <div key={`skeleton-${index}`} className={styles.slide} aria-hidden="true">
                <SkeletonCard />
              </div>
            ))
          : null}
      </div>
      {failed && onRetry ? (
        <Alert level="Warning" messages={[DROPS_ERROR_TEXT]}>
          <div className={styles.retry}>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : null}
    </section>
  );
});
