import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import {
  FEED_PAGE_SIZE,
  INTRO_DROP,
  type DropItem,
  type DropsFeedRequest,
} from '../../../contract/posts';
import { notProvided } from '../../machines/notProvided';

/** Spec §9: drops come in pages of 20, like posts. */
export const DROPS_PAGE_SIZE = FEED_PAGE_SIZE;
/** Spec §9: more drops load when the carousel is scrolled within 50 px of its end. */
export const LOAD_MORE_THRESHOLD_PX = 50;
/** Spec §9: a swipe counts when it moves more than 50 px within 300 ms. */
export const SWIPE_MIN_DISTANCE_PX = 50;
export const SWIPE_WINDOW_MS = 300;

export const dropsCarouselTexts = {
  /** Spec §3 Drop: the intro Drop, always first. */
  introTitle: INTRO_DROP.title,
  introText: INTRO_DROP.text,
  /** Ours: logged; the spec does not say what a failed drops load shows (the drops loaded stay). */
  loadFailed: 'Failed to fetch drops',
} as const;

export interface DropsCarouselContext {
  /**
   * The drops loaded, in carousel order. After a restart from the beginning the first pages
   * follow again (the carousel wraps), so a drop may appear more than once: key by position.
   */
  drops: DropItem[];
  /** Pages loaded since the last restart; the next request is for page `page + 1`. */
  page: number;
  /** The drop shown, as a position in the display list (0 is the intro Drop). */
  current: number;
  /** The media shown per drop id (absent: the first). */
  mediaIndex: Record<number, number>;
  /** Where the touch that may become a swipe started, while it may still count. */
  swipeStart: { x: number; y: number } | null;
  /**
   * The display list (carouselItems of drops and mediaIndex), kept beside them so that it is
   * the same array until either changes (the view is memoised on it).
   */
  items: CarouselItem[];
}

export type DropsCarouselEvent =
  /** The carousel was scrolled within 50 px of its end (LOAD_MORE_THRESHOLD_PX). */
  | { type: 'carousel.nearEnd' }
  | { type: 'retry' }
  /** Next / previous drop: the buttons and the arrow keys. */
  | { type: 'drop.next' }
  | { type: 'drop.previous' }
  /** The view scrolled a drop into place some other way (e.g. a trackpad): it is the current one. */
  | { type: 'drop.show'; index: number }
  | { type: 'media.next'; dropId: number }
  | { type: 'media.previous'; dropId: number }
  | { type: 'swipe.start'; x: number; y: number }
  /** The touch ended; `y`, when given, tells a vertical scroll from a swipe. */
  | { type: 'swipe.end'; x: number; y?: number };

/** The drops feed request for a page (spec §7.2, paged like posts). */
export function dropsPageRequest(page: number): DropsFeedRequest {
  return {
    page,
    pageSize: DROPS_PAGE_SIZE,
    sortBy: 'CreatedDate',
    sortByDescending: true,
    getTotalCount: false,
  };
}

/** The horizontal travel of a touch that counts as a swipe: > 50 px and more across than down. */
export function swipeDirection(
  start: { x: number; y: number },
  end: { x: number; y?: number },
): 'next' | 'previous' | null {
  const dx = end.x - start.x;
  const dy = end.y === undefined ? 0 : end.y - start.y;
  if (Math.abs(dx) <= SWIPE_MIN_DISTANCE_PX || Math.abs(dy) > Math.abs(dx)) return null;
  // A finger moving left brings the next drop in.
  return dx < 0 ? 'next' : 'previous';
}

const mediaCount = (drops: DropItem[], dropId: number) =>
  drops.find((d) => d.id === dropId)?.media.length ?? 0;

/** The number of items the carousel shows: the intro Drop and the drops loaded. */
const itemCount = (context: DropsCarouselContext) => context.drops.length + 1;

export const dropsCarouselMachine = setup({
  types: {
    context: {} as DropsCarouselContext,
    events: {} as DropsCarouselEvent,
  },
  actors: {
    /**
     * A page's drops: POST /drops/feedList (data.list) for a signed-in person; for a visitor, the
     * composition root provides the sample drops instead (spec §2.3 Landing).
     */
    loadDropsPage: fromPromise<DropItem[], DropsFeedRequest>(async () =>
      notProvided('loadDropsPage'),
    ),
  },
  delays: {
    swipeWindow: SWIPE_WINDOW_MS,
  },
  guards: {
    hasDrops: (_, page: DropItem[]) => page.length > 0,
    isFirstPage: ({ context }) => context.page === 0,
    hasNextDrop: ({ context }) => context.current < itemCount(context) - 1,
    hasPreviousDrop: ({ context }) => context.current > 0,
    isShownDrop: ({ context }, index: number) =>
      Number.isInteger(index) &&
      index >= 0 &&
      index < itemCount(context) &&
      index !== context.current,
    hasSeveralMedia: ({ context }, dropId: number) => mediaCount(context.drops, dropId) > 1,
    isSwipeToNext: ({ context }, end: { x: number; y?: number }) =>
      context.swipeStart !== null && swipeDirection(context.swipeStart, end) === 'next',
    isSwipeToPrevious: ({ context }, end: { x: number; y?: number }) =>
      context.swipeStart !== null && swipeDirection(context.swipeStart, end) === 'previous',
  },
  actions: {
    appendDrops: assign(({ context }, page: DropItem[]) => {
      const drops = [...context.drops, ...page];
      return { drops, page: context.page + 1, items: carouselItems(drops, context.mediaIndex) };
    }),
    restartFromBeginning: assign({ page: 0 }),
    showNextDrop: assign(({ context }) => ({
      current: Math.min(context.current + 1, itemCount(context) - 1),
    })),
    showPreviousDrop: assign(({ context }) => ({ current: Math.max(context.current - 1, 0) })),
    showDrop: assign((_, current: number) => ({ current })),
    stepMedia: assign(({ context }, { dropId, step }: { dropId: number; step: 1 | -1 }) => {
      const count = mediaCount(context.drops, dropId);
      const index = context.mediaIndex[dropId] ?? 0;
      const mediaIndex = { ...context.mediaIndex, [dropId]: (index + step + count) % count };
      return { mediaIndex, items: carouselItems(context.drops, mediaIndex) };
    }),
    assignSwipeStart: assign((_, swipeStart: { x: number; y: number }) => ({ swipeStart })),
    clearSwipeStart: assign({ swipeStart: null }),
    /** Logs a failed drops load ('Failed to fetch drops'). */
    logDropsError: (_, _error: unknown) => notProvided('logDropsError'),
  },
}).createMachine({
  id: 'dropsCarousel',
  description:
    "Spec §4 Drops carousel: the intro Drop 'Drop Info' is always first; drops load in pages of 20 and more load when the carousel is scrolled within 50 px of its end; if the fetch returns nothing it restarts from the beginning. Previous and next by buttons, arrow keys and swipes (more than 50 px within 300 ms); each drop's media index wraps. Errors are logged and leave what is loaded. Signed-out visitors get sample drops after a fake delay of 300 ms.",
  context: {
    drops: [],
    page: 0,
    current: 0,
    mediaIndex: {},
    swipeStart: null,
    items: carouselItems([], {}),
  },
  type: 'parallel',
  on: {
    'drop.next': {
      guard: 'hasNextDrop',
      actions: 'showNextDrop',
      description: 'Next (button or right arrow): the next drop, unless the last is shown.',
    },
    'drop.previous': {
      guard: 'hasPreviousDrop',
      actions: 'showPreviousDrop',
      description: 'Previous (button or left arrow): the drop before, unless the first is shown.',
    },
    'drop.show': {
      guard: { type: 'isShownDrop', params: ({ event }) => event.index },
      actions: { type: 'showDrop', params: ({ event }) => event.index },
      description: 'The view scrolled another drop into place: it becomes the current one.',
    },
    'media.next': {
      guard: { type: 'hasSeveralMedia', params: ({ event }) => event.dropId },
      actions: {
        type: 'stepMedia',
        params: ({ event }) => ({ dropId: event.dropId, step: 1 as const }),
      },
      description: "The drop's next media; after the last comes the first (the media index wraps).",
    },
    'media.previous': {
      guard: { type: 'hasSeveralMedia', params: ({ event }) => event.dropId },
      actions: {
        type: 'stepMedia',
        params: ({ event }) => ({ dropId: event.dropId, step: -1 as const }),
      },
      description:
        "The drop's previous media; before the first comes the last (the media index wraps).",
    },
  },
  states: {
    loader: {
      description: 'The drops: loaded in pages of 20, more when scrolled near the end.',
      initial: 'loading',
      states: {
        loading: {
          description:
            'A page of drops is loading; further triggers are ignored meanwhile (never twice for one trigger). POST /drops/feedList (page, pageSize 20) for a signed-in person; the sample drops (20 in all, after a fake delay of 300 ms) for a visitor.',
          tags: ['busy'],
          invoke: {
            id: 'loadDropsPage',
            src: 'loadDropsPage',
            input: ({ context }) => dropsPageRequest(context.page + 1),
            onDone: [
              {
                guard: { type: 'hasDrops', params: ({ event }) => event.output },
                target: 'ready',
                actions: { type: 'appendDrops', params: ({ event }) => event.output },
                description: 'Drops arrived: they follow the ones shown.',
              },
              {
                guard: 'isFirstPage',
                target: 'ready',
                description:
                  'Nothing even on the first page: there is nothing to restart; the next trigger asks for page 1 again.',
              },
              {
                target: 'loading',
                reenter: true,
                actions: 'restartFromBeginning',
                description:
                  'The fetch returned nothing: it restarts from the beginning (page 1 again, the first drops follow the last).',
              },
            ],
            onError: failedCall(
              'failed',
              'logDropsError',
              'The load failed: logged; the drops loaded stay.',
            ),
          },
        },
        ready: {
          description: 'The drops are shown; more load when the carousel is scrolled near its end.',
          on: {
            'carousel.nearEnd': {
              target: 'loading',
              description: 'Scrolled within 50 px of the end: the next page loads.',
            },
          },
        },
        failed: {
          description: 'The load failed and was logged: the drops loaded stay.',
          tags: ['error'],
          on: {
            'carousel.nearEnd': {
              target: 'loading',
              description: 'Scrolled near the end again: the same page is tried again.',
            },
            retry: { target: 'loading', description: 'Try again: the same page.' },
          },
        },
      },
    },
    gesture: {
      description: 'Touch swipes: more than 50 px within 300 ms shows the next or previous drop.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No touch in progress (or it took too long to be a swipe).',
          on: {
            'swipe.start': {
              target: 'tracking',
              actions: {
                type: 'assignSwipeStart',
                params: ({ event }) => ({ x: event.x, y: event.y }),
              },
              description: 'A touch started: it may become a swipe.',
            },
          },
        },
        tracking: {
          description: 'A touch in progress, for at most 300 ms.',
          after: {
            swipeWindow: {
              target: 'idle',
              actions: 'clearSwipeStart',
              description: '300 ms passed: the touch is too slow to be a swipe.',
            },
          },
          on: {
            'swipe.start': {
              target: 'tracking',
              reenter: true,
              actions: {
                type: 'assignSwipeStart',
                params: ({ event }) => ({ x: event.x, y: event.y }),
              },
              description: 'A new touch started: the 300 ms count again from it.',
            },
            'swipe.end': [
              {
                guard: { type: 'isSwipeToNext', params: ({ event }) => event },
                target: 'idle',
                actions: ['clearSwipeStart', 'showNextDrop'],
                description:
                  'Moved left more than 50 px within 300 ms: the next drop (unless the last is shown).',
              },
              {
                guard: { type: 'isSwipeToPrevious', params: ({ event }) => event },
                target: 'idle',
                actions: ['clearSwipeStart', 'showPreviousDrop'],
                description:
                  'Moved right more than 50 px within 300 ms: the previous drop (unless the first is shown).',
              },
              {
                target: 'idle',
                actions: 'clearSwipeStart',
                description: 'Not a swipe: 50 px or less, or more down than across.',
              },
            ],
          },
        },
      },
    },
  },
});

export type DropsCarouselSnapshot = SnapshotFrom<typeof dropsCarouselMachine>;

/** One item of the carousel: the intro Drop first, then the drops loaded. */
export type CarouselItem =
  | { kind: 'intro'; key: 'intro'; title: string; text: string }
  | { kind: 'drop'; key: string; drop: DropItem; mediaIndex: number };

/** The display list: the intro Drop 'Drop Info', then each drop with the media it shows. */
export function carouselItems(
  drops: DropItem[],
  mediaIndex: Record<number, number>,
): CarouselItem[] {
  return [
    { kind: 'intro', key: 'intro', title: INTRO_DROP.title, text: INTRO_DROP.text },
    ...drops.map((drop, i): CarouselItem => ({
      kind: 'drop',
      // A drop may come again after a restart: its position keeps keys unique.
      key: `${i}:${drop.id}`,
      drop,
      mediaIndex: mediaIndex[drop.id] ?? 0,
    })),
  ];
}

/** The display list (the same array while neither the drops nor a media index changed). */
export const selectCarouselItems = (s: DropsCarouselSnapshot): CarouselItem[] => s.context.items;
/** The position of the current drop in the display list (0: the intro Drop). */
export const selectCurrentIndex = (s: DropsCarouselSnapshot) => s.context.current;
export const selectCanShowPrevious = (s: DropsCarouselSnapshot) => s.context.current > 0;
export const selectCanShowNext = (s: DropsCarouselSnapshot) =>
  s.context.current < s.context.drops.length;
export const selectDropsLoading = (s: DropsCarouselSnapshot) => s.hasTag('busy');
export const selectDropsFailed = (s: DropsCarouselSnapshot) => s.hasTag('error');
