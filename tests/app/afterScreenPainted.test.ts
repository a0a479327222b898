import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterScreenPainted } from '../../src/app/afterScreenPainted';

/**
 * The start-up's deferred work (the third parties) waits until the first screen has been painted
 * (issue 15): until the browser records a largest contentful paint from the moment the screen was
 * shown, or a second at most.
 */
type Listener = (list: { getEntries(): { startTime: number }[] }) => void;

let observers: { listener: Listener; observed: unknown; disconnected: boolean }[] = [];
let supported: string[] = ['largest-contentful-paint'];

class FakeObserver {
  static get supportedEntryTypes() {
    return supported;
  }
  private readonly record: (typeof observers)[number];
  constructor(listener: Listener) {
    this.record = { listener, observed: null, disconnected: false };
    observers.push(this.record);
  }
  observe(options: unknown) {
    this.record.observed = options;
  }
  disconnect() {
    this.record.disconnected = true;
  }
}

/** The browser records largest contentful paints at these times. */
function paint(...startTimes: number[]) {
  for (const { listener, disconnected } of observers) {
    if (!disconnected)
      listener({ getEntries: () => startTimes.map((startTime) => ({ startTime })) });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  observers = [];
  supported = ['largest-contentful-paint'];
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'now').mockReturnValue(100);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('afterScreenPainted', () => {
  it('runs the work once a largest paint at or after the moment the screen was shown is recorded', () => {
    const work = vi.fn();
    afterScreenPainted(work);
    expect(observers[0]?.observed).toEqual({ type: 'largest-contentful-paint', buffered: true });
    expect(work).not.toHaveBeenCalled();
    paint(100);
    expect(work).toHaveBeenCalledTimes(1);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('does not take a paint from before the screen was shown for its paint', () => {
    const work = vi.fn();
    afterScreenPainted(work);
    paint(40, 99);
    expect(work).not.toHaveBeenCalled();
    paint(99, 180);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work after a second when no paint is recorded, and only once', () => {
    const work = vi.fn();
    afterScreenPainted(work);
    vi.advanceTimersByTime(999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    expect(observers[0]?.disconnected).toBe(true);
    paint(500);
    vi.advanceTimersByTime(5_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not run the work twice when a paint comes before the second is up', () => {
    const work = vi.fn();
    afterScreenPainted(work);
    paint(300);
    vi.advanceTimersByTime(5_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits the second where the browser cannot report largest paints', () => {
    supported = ['paint'];
    const work = vi.fn();
    afterScreenPainted(work);
    expect(observers).toHaveLength(0);
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('counts paints from `since` (the page start-up: a shell painted before the code ran), waiting at most `fallbackMs`', () => {
    const work = vi.fn();
    afterScreenPainted(work, { since: 0 });
    paint(40);
    expect(work).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    afterScreenPainted(late, { since: 0, fallbackMs: 300 });
    vi.advanceTimersByTime(299);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
