import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INTRO_DROP } from '../../../contract/posts';
import {
  CAROUSEL_KEYS_HINT,
  CAROUSEL_SKELETON_SLIDES,
  DropsCarouselView,
} from '../../../src/features/home/DropsCarouselView';
import type {
  CarouselItem,
  DropsCarouselViewProps,
} from '../../../src/features/home/DropsCarouselView';
import { fakeMatchMedia } from '../../support/mediaQuery';
import { dropItem, PHOTO_AND_VIDEO } from '../../views/samplePosts';

const SLIDE_WIDTH = 320;

// jsdom has no layout: each slide sits SLIDE_WIDTH further right, and scrolling is recorded.
const scrollTo = vi.fn();
const originalOffsetLeft = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetLeft');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      const parent = this.parentElement;
      return parent ? Array.prototype.indexOf.call(parent.children, this) * SLIDE_WIDTH : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    writable: true,
    value: scrollTo,
  });
});
afterAll(() => {
  if (originalOffsetLeft)
    Object.defineProperty(HTMLElement.prototype, 'offsetLeft', originalOffsetLeft);
  delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
});

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
  scrollTo.mockClear();
});

function prefersReducedMotion() {
  window.matchMedia = fakeMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
}

const intro: CarouselItem = {
  kind: 'intro',
  key: 'intro',
  title: INTRO_DROP.title,
  text: INTRO_DROP.text,
};

function items(count: number, mediaIndex = 0): CarouselItem[] {
  return [
    intro,
    ...Array.from({ length: count }, (_, i): CarouselItem => ({
      kind: 'drop',
      key: `${i}:${i + 1}`,
      drop: dropItem(i + 1),
      mediaIndex,
    })),
  ];
}

function renderCarousel(overrides: Partial<DropsCarouselViewProps> = {}) {
  const props: DropsCarouselViewProps = {
    items: items(2),
    currentIndex: 0,
    canShowPrevious: false,
    canShowNext: true,
    onPrevious: vi.fn(),
    onNext: vi.fn(),
    onShow: vi.fn(),
    onPreviousMedia: vi.fn(),
    onNextMedia: vi.fn(),
    onNearEnd: vi.fn(),
    onSwipeStart: vi.fn(),
    onSwipeEnd: vi.fn(),
    onRetry: vi.fn(),
    timeZone: 'UTC',
    ...overrides,
  };
  const utils = render(<DropsCarouselView {...props} />);
  // Like the machine: a move keeps its own previous/next unless the test says otherwise.
  const rerender = (next: Partial<DropsCarouselViewProps>) => {
    const index = next.currentIndex ?? props.currentIndex;
    const count = (next.items ?? props.items).length;
    utils.rerender(
      <DropsCarouselView
        {...props}
        canShowPrevious={index > 0}
        canShowNext={index < count - 1}
        {...next}
      />,
    );
  };
  return { ...utils, props, rerender };
}

const carousel = () => screen.getByRole('region', { name: 'Drops' });
const slides = () => within(carousel()).getAllByRole('group');
const track = () => slides()[0]?.parentElement as HTMLElement;

function setScroll(
  element: HTMLElement,
  { left, width, client }: { left: number; width: number; client: number },
) {
  Object.defineProperty(element, 'scrollLeft', { configurable: true, writable: true, value: left });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: width });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: client });
}

describe('DropsCarouselView: the WAI-ARIA carousel', () => {
  it('is a region described as a carousel, with slides labelled "n of m"', () => {
    renderCarousel();
    expect(carousel().getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getByRole('heading', { level: 2, name: 'Drops' })).toBeTruthy();
    const groups = slides();
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    groups.forEach((g) => expect(g.getAttribute('aria-roledescription')).toBe('slide'));
    expect(groups[0]?.getAttribute('aria-current')).toBe('true');
    expect(groups[1]?.hasAttribute('aria-current')).toBe(false);
  });

  it("shows the intro Drop 'Drop Info' first with the spec's text", () => {
    renderCarousel();
    const first = slides()[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('Drop Info');
    expect(
      within(first).getByText(
        'A Drop is a time limited post showing exclusive content for a charitable event or initiative.',
      ),
    ).toBeTruthy();
  });

  it('shows each drop with its user, avatar, content, date and reactions', () => {
    renderCarousel({
      items: [
        intro,
        {
          kind: 'drop',
          key: '0:7',
          drop: dropItem(7, { userAvatarUrl: 'https://cdn.example/u7.png' }),
          mediaIndex: 0,
        },
      ],
    });
    const slide = slides()[1] as HTMLElement;
    expect(within(slide).getByRole('heading', { level: 3 }).textContent).toBe('Drop maker 7');
    expect(slide.querySelector('img[src="https://cdn.example/u7.png"]')).toBeTruthy();
    expect(within(slide).getByText('Drop content 7')).toBeTruthy();
    expect(slide.querySelector('time')?.textContent).toBe('20/11/2026 09:30');
    // A count, not an action: plain text, nothing to press.
    const reactions = within(slide).getByText('21 reactions');
    expect(reactions.tagName).toBe('P');
    expect(reactions.querySelector('button, a')).toBeNull();
  });

  it('announces the drop shown', () => {
    const { rerender } = renderCarousel();
    const live = carousel().querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('Drop 1 of 3');
    rerender({ currentIndex: 2 });
    expect(live?.textContent).toBe('Drop 3 of 3');
  });

  it('holds the place of the drops with hidden skeleton cards while they load: three before the first drops, one after', () => {
    const skeletons = () =>
      Array.from(carousel().querySelectorAll<HTMLElement>('[aria-hidden="true"]')).filter(
        (element) => element.parentElement?.getAttribute('tabindex') === '0',
      );
    const { rerender } = renderCarousel({ items: [intro], loading: true });
    expect(skeletons()).toHaveLength(CAROUSEL_SKELETON_SLIDES);
    expect(CAROUSEL_SKELETON_SLIDES).toBeGreaterThanOrEqual(3);
    // The intro Drop stays first; the skeletons are not slides (not counted, not read out).
    expect(within(carousel()).getAllByRole('group')).toHaveLength(1);
    expect(within(carousel()).getByRole('group').getAttribute('aria-label')).toBe('1 of 1');
    for (const skeleton of skeletons()) {
      expect(skeleton.textContent?.trim()).toBe('');
      expect(skeleton.querySelector('button, a, [tabindex]')).toBeNull();
    }
    rerender({ items: items(2), loading: true });
    expect(skeletons()).toHaveLength(1);
    expect(within(carousel()).getAllByRole('group')).toHaveLength(3);
    rerender({ items: items(2), loading: false });
    expect(skeletons()).toHaveLength(0);
  });

  it('is aria-busy with a loading indicator while more drops load, and offers Try again after a failure', async () => {
    const { rerender, props } = renderCarousel({ loading: true });
    expect(carousel().getAttribute('aria-busy')).toBe('true');
    expect(within(carousel()).getByRole('status').textContent).toBe('Loading, please wait...');
    rerender({ loading: false, failed: true });
    expect(carousel().getAttribute('aria-busy')).toBe('false');
    expect(within(carousel()).getByRole('alert').textContent).toContain('Failed to fetch drops');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('DropsCarouselView: previous and next', () => {
  it('has previous / next buttons; previous is disabled on the first drop, next on the last', async () => {
    const { props, rerender } = renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous drop' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next drop' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    await userEvent.click(next);
    expect(props.onNext).toHaveBeenCalledTimes(1);
    rerender({ currentIndex: 1 });
    expect(previous.disabled).toBe(false);
    await userEvent.click(previous);
    expect(props.onPrevious).toHaveBeenCalledTimes(1);
    rerender({ currentIndex: 2 });
    expect(next.disabled).toBe(true);
  });

  it('moves with the arrow keys while focus is in the carousel', () => {
    const { props, rerender } = renderCarousel();
    track().focus();
    fireEvent.keyDown(track(), { key: 'ArrowRight' });
    expect(props.onNext).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(track(), { key: 'ArrowLeft' });
    expect(props.onPrevious).not.toHaveBeenCalled();
    rerender({ currentIndex: 1 });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next drop' }), { key: 'ArrowLeft' });
    expect(props.onPrevious).toHaveBeenCalledTimes(1);
    rerender({ currentIndex: 2 });
    fireEvent.keyDown(track(), { key: 'ArrowRight' });
    expect(props.onNext).toHaveBeenCalledTimes(1);
  });

  it('leaves modified arrows and the arrows of media controls alone', () => {
    const { props } = renderCarousel({
      items: [
        intro,
        {
          kind: 'drop',
          key: '0:1',
          drop: dropItem(1, {
            media: [{ url: 'https://cdn.example/v.mp4', type: 'video', width: 640, height: 800 }],
          }),
          mediaIndex: 0,
        },
      ],
    });
    fireEvent.keyDown(track(), { key: 'ArrowRight', ctrlKey: true });
    fireEvent.keyDown(carousel().querySelector('video') as HTMLElement, { key: 'ArrowRight' });
    expect(props.onNext).not.toHaveBeenCalled();
  });

  it('scrolls the current drop to the start smoothly, or at once when reduced motion is asked for', () => {
    const { rerender, unmount } = renderCarousel();
    scrollTo.mockClear();
    rerender({ currentIndex: 2 });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 2 * SLIDE_WIDTH, behavior: 'smooth' });
    unmount();

    prefersReducedMotion();
    const reduced = renderCarousel();
    expect(track().hasAttribute('data-reduced-motion')).toBe(true);
    scrollTo.mockClear();
    reduced.rerender({ currentIndex: 1 });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: SLIDE_WIDTH, behavior: 'auto' });
  });

  it('leaves a new strip at its first drop without scrolling, but scrolls a new strip to a later drop', () => {
    const first = renderCarousel();
    expect(scrollTo).not.toHaveBeenCalled();
    first.unmount();

    renderCarousel({ currentIndex: 2 });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 2 * SLIDE_WIDTH, behavior: 'smooth' });
  });

  it('scrolls back to the first drop after showing another one', () => {
    const { rerender } = renderCarousel();
    rerender({ currentIndex: 2 });
    scrollTo.mockClear();
    rerender({ currentIndex: 0 });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
  });

  it('reports the drop nearest the start when the person scrolls it into place', () => {
    const { props } = renderCarousel();
    setScroll(track(), { left: 2 * SLIDE_WIDTH - 40, width: 3 * SLIDE_WIDTH, client: SLIDE_WIDTH });
    fireEvent(track(), new Event('scrollend'));
    expect(props.onShow).toHaveBeenCalledWith(2);
  });

  it("does not take the end of its own scroll, or of one it cut short, for the person's", () => {
    const { props, rerender } = renderCarousel();
    setScroll(track(), { left: 0, width: 3 * SLIDE_WIDTH, client: SLIDE_WIDTH });
    rerender({ currentIndex: 2 });
    // An earlier scroll of the strip's, cut short on the way.
    setScroll(track(), { left: 100, width: 3 * SLIDE_WIDTH, client: SLIDE_WIDTH });
    fireEvent(track(), new Event('scrollend'));
    // Its own scroll, arrived.
    setScroll(track(), { left: 2 * SLIDE_WIDTH, width: 3 * SLIDE_WIDTH, client: SLIDE_WIDTH });
    fireEvent(track(), new Event('scrollend'));
    expect(props.onShow).not.toHaveBeenCalled();
    // From then on the person's scrolling is reported.
    setScroll(track(), { left: SLIDE_WIDTH + 30, width: 3 * SLIDE_WIDTH, client: SLIDE_WIDTH });
    fireEvent(track(), new Event('scrollend'));
    expect(props.onShow).toHaveBeenCalledWith(1);
  });

  it('lets the person take over from its scroll with the wheel', () => {
    const { props, rerender } = renderCarousel();
    setScroll(track(), { left: 0, width: 3 * SLIDE_WIDTH, client: SLIDE_WIDTH });
    rerender({ currentIndex: 2 });
    fireEvent.wheel(track(), { deltaX: -40 });
    setScroll(track(), { left: SLIDE_WIDTH - 10, width: 3 * SLIDE_WIDTH, client: SLIDE_WIDTH });
    fireEvent(track(), new Event('scrollend'));
    expect(props.onShow).toHaveBeenCalledWith(1);
  });
});

describe('DropsCarouselView: media', () => {
  const withMedia = (mediaIndex: number): CarouselItem[] => [
    intro,
    {
      kind: 'drop',
      key: '0:4',
      drop: dropItem(4, {
        media: [
          ...PHOTO_AND_VIDEO,
          { url: 'https://cdn.example/c.webp', type: 'image', width: 1080, height: 1080 },
        ],
      }),
      mediaIndex,
    },
  ];

  it('shows the current media of a drop, with explicit sizes', () => {
    const { rerender } = renderCarousel({ items: withMedia(0) });
    const image = screen.getByRole('img', { name: 'From the drop of Drop maker 4' });
    expect(image.getAttribute('src')).toBe('https://cdn.example/a.webp');
    expect(image.getAttribute('width')).toBe('1080');
    expect(image.getAttribute('height')).toBe('1350');
    expect(image.getAttribute('loading')).toBe('lazy');
    // A drag across the image is a swipe, not a drag of the image.
    expect(image.getAttribute('draggable')).toBe('false');
    expect(screen.getByText('1 / 3')).toBeTruthy();

    rerender({ items: withMedia(1) });
    const video = carousel().querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('https://cdn.example/b.mp4');
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('width')).toBe('720');
    expect(video.getAttribute('height')).toBe('900');
    expect(screen.getByText('2 / 3')).toBeTruthy();
  });

  it('reports previous / next media with the drop id', async () => {
    const { props } = renderCarousel({ items: withMedia(0) });
    await userEvent.click(screen.getByRole('button', { name: 'Next media of Drop maker 4' }));
    expect(props.onNextMedia).toHaveBeenCalledWith(4);
    await userEvent.click(screen.getByRole('button', { name: 'Previous media of Drop maker 4' }));
    expect(props.onPreviousMedia).toHaveBeenCalledWith(4);
  });

  it("keeps only the drop shown in the Tab order: the others' media controls are out of it", () => {
    const { rerender } = renderCarousel({ items: withMedia(1), currentIndex: 0 });
    const mediaButtons = () => screen.getAllByRole('button', { name: /media of Drop maker 4/ });
    const video = () => carousel().querySelector('video') as HTMLVideoElement;
    // The intro Drop is shown: drop 4's controls are out of the Tab order (still clickable).
    expect(mediaButtons().map((button) => button.tabIndex)).toEqual([-1, -1]);
    expect(video().tabIndex).toBe(-1);
    rerender({ items: withMedia(1), currentIndex: 1 });
    expect(mediaButtons().map((button) => button.getAttribute('tabindex'))).toEqual([null, null]);
    expect(video().hasAttribute('tabindex')).toBe(false);
    // The strip says how to move; it is described by the hint.
    const hint = document.getElementById(track().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(CAROUSEL_KEYS_HINT);
  });

  it('gives the strip the focus when the arrow keys move away from a media control', () => {
    const { props } = renderCarousel({
      items: [...withMedia(0), { kind: 'drop', key: '1:5', drop: dropItem(5), mediaIndex: 0 }],
      currentIndex: 1,
      canShowPrevious: true,
      canShowNext: true,
    });
    const next = screen.getByRole('button', { name: 'Next media of Drop maker 4' });
    next.focus();
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(props.onNext).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(track());
  });

  it('has no media buttons for a drop with one media or none', () => {
    renderCarousel();
    expect(screen.queryByRole('button', { name: /media of/ })).toBeNull();
  });
});

describe('DropsCarouselView: near the end and swipes', () => {
  it('reports onNearEnd once when scrolled within 50 px of the end, again after leaving it', () => {
    const { props } = renderCarousel();
    setScroll(track(), { left: 100, width: 1000, client: 300 });
    fireEvent.scroll(track());
    expect(props.onNearEnd).not.toHaveBeenCalled();
    setScroll(track(), { left: 649, width: 1000, client: 300 });
    fireEvent.scroll(track());
    expect(props.onNearEnd).not.toHaveBeenCalled();
    setScroll(track(), { left: 650, width: 1000, client: 300 });
    fireEvent.scroll(track());
    expect(props.onNearEnd).toHaveBeenCalledTimes(1);
    setScroll(track(), { left: 700, width: 1000, client: 300 });
    fireEvent.scroll(track());
    expect(props.onNearEnd).toHaveBeenCalledTimes(1);
    setScroll(track(), { left: 300, width: 1000, client: 300 });
    fireEvent.scroll(track());
    setScroll(track(), { left: 690, width: 1000, client: 300 });
    fireEvent.scroll(track());
    expect(props.onNearEnd).toHaveBeenCalledTimes(2);
  });

  it('reports it again at the end once more drops arrived', () => {
    const { props, rerender } = renderCarousel();
    setScroll(track(), { left: 700, width: 1000, client: 300 });
    fireEvent.scroll(track());
    rerender({ items: items(4) });
    setScroll(track(), { left: 1400, width: 1700, client: 300 });
    fireEvent.scroll(track());
    expect(props.onNearEnd).toHaveBeenCalledTimes(2);
  });

  it('reports where a swipe starts and ends (the machine judges it)', () => {
    const { props } = renderCarousel();
    fireEvent.pointerDown(track(), { clientX: 300, clientY: 120, pointerType: 'touch' });
    expect(props.onSwipeStart).toHaveBeenCalledWith({ x: 300, y: 120 });
    fireEvent.pointerUp(track(), { clientX: 180, clientY: 130, pointerType: 'touch' });
    expect(props.onSwipeEnd).toHaveBeenCalledWith({ x: 180, y: 130 });
    expect(props.onSwipeEnd).toHaveBeenCalledTimes(1);
  });

  it('hears the end of a swipe let go outside the strip', () => {
    const { props } = renderCarousel();
    fireEvent.pointerDown(track(), { clientX: 300, clientY: 120, pointerType: 'mouse' });
    fireEvent.pointerUp(document.body, { clientX: 20, clientY: 118, pointerType: 'mouse' });
    expect(props.onSwipeEnd).toHaveBeenCalledWith({ x: 20, y: 118 });
    // Once: a later release elsewhere is no swipe's end.
    fireEvent.pointerUp(document.body, { clientX: 10, clientY: 118, pointerType: 'mouse' });
    expect(props.onSwipeEnd).toHaveBeenCalledTimes(1);
  });

  it('reports no end for a pointer the browser cancelled', () => {
    const { props } = renderCarousel();
    fireEvent.pointerDown(track(), { clientX: 300, clientY: 120, pointerType: 'touch' });
    fireEvent.pointerCancel(document.body, { clientX: 290, clientY: 300, pointerType: 'touch' });
    fireEvent.pointerUp(document.body, { clientX: 100, clientY: 300, pointerType: 'touch' });
    expect(props.onSwipeEnd).not.toHaveBeenCalled();
  });

  it('ignores presses of other mouse buttons', () => {
    const { props } = renderCarousel();
    fireEvent.pointerDown(track(), { clientX: 300, clientY: 120, pointerType: 'mouse', button: 2 });
    expect(props.onSwipeStart).not.toHaveBeenCalled();
  });
});

describe('DropsCarouselView: the window of cards', () => {
  const cardOf = (index: number) => slides()[index]?.querySelector('h3')?.textContent ?? null;

  it('keeps every slide but gives cards only to those in view and two on each side', () => {
    renderCarousel({ items: items(29) });
    const groups = slides();
    expect(groups).toHaveLength(30);
    expect(groups[29]?.getAttribute('aria-label')).toBe('30 of 30');
    // Before the strip is measured four slides are taken to be in view: 0-3, then 4 and 5.
    expect(cardOf(0)).toBe('Drop Info');
    expect(cardOf(5)).toBe('Drop maker 5');
    expect(cardOf(6)).toBeNull();
    expect(cardOf(29)).toBeNull();
  });

  it('gives the current drop and the ones after it their cards before the strip gets there', () => {
    const { rerender } = renderCarousel({ items: items(29) });
    rerender({ currentIndex: 20 });
    expect(cardOf(17)).toBeNull();
    expect(cardOf(18)).toBe('Drop maker 18');
    expect(cardOf(25)).toBe('Drop maker 25');
    expect(cardOf(26)).toBeNull();
  });

  it('moves the window with the scroll position, measured once per frame', async () => {
    renderCarousel({ items: items(29) });
    setScroll(track(), {
      left: SLIDE_WIDTH * 12,
      width: SLIDE_WIDTH * 30,
      client: SLIDE_WIDTH * 3,
    });
    fireEvent.scroll(track());
    fireEvent.scroll(track());
    await waitFor(() => expect(cardOf(12)).toBe('Drop maker 12'));
    // In view: 12 to 15 (three fit, and the one partly shown), then two on each side.
    expect(cardOf(9)).toBeNull();
    expect(cardOf(10)).toBe('Drop maker 10');
    expect(cardOf(17)).toBe('Drop maker 17');
    expect(cardOf(18)).toBeNull();
    // The current drop (the intro) keeps its card: the strip may be scrolled back to it.
    expect(cardOf(0)).toBe('Drop Info');
  });
});
