/**
 * Runs `work` once the screen shown just now (screenShown is called after its commit) has been
 * painted: when the browser records a largest contentful paint from this moment on, that is when
 * such a paint is presented. A task queued from the next animation frame is not enough: it can
 * run before the paint is presented, the moment Lighthouse measures, and requests started then
 * count towards it. After a second (`fallbackMs`) where it records none (the screen is no larger
 * than what was there, the person has clicked or typed already, the tab is hidden, or the browser
 * cannot tell), the work goes anyway.
 */
export function afterScreenPainted(
  work: () => void,
  {
    since = performance.now(),
    fallbackMs = 1_000,
  }: {
    /** The moment from which a paint counts (default: now, when the screen was shown). */
    since?: number;
    /** How long to wait at most for a paint to be recorded. */
    fallbackMs?: number;
  } = {},
): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(fallback);
    work();
  };
  const fallback = setTimeout(run, fallbackMs);
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) run();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
}
