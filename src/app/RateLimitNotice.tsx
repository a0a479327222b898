import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useAppRuntime } from './appContext';

// Only someone the server asks to wait long ever sees it: its view loads then.
const RateLimitNoticeView = lazy(() =>
  import('../views/components/RateLimitNoticeView').then((module) => ({
    default: module.RateLimitNoticeView,
  })),
);

/**
 * Now, read again each second while `retryAt` is under a minute away (the notice then counts
 * the seconds down); from a minute it shows a time of day, which does not change.
 */
function useNow(retryAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (retryAt === null) return undefined;
    const timer = setInterval(() => {
      const time = Date.now();
      if (retryAt - time < 61_000) setNow(time);
    }, 1_000);
    return () => clearInterval(timer);
  }, [retryAt]);
  return now;
}

/**
 * The notice of the 429 waits going on (spec §7.1: one retry after Retry-After, however long),
 * above every screen: the servers' messages, when the retry is sent, and Stop waiting, which ends
 * every wait so each call answers its 429. A polite live region from the start, so the notice is
 * announced when it appears (aria-live without the status role: an empty status on every page
 * would be one more status for whoever looks for the screen's own).
 */
export function RateLimitNotice() {
  const { rateLimitWaits } = useAppRuntime();
  const waits = useSyncExternalStore(rateLimitWaits.subscribe, rateLimitWaits.current);
  const shown = waits.length > 0;
  const retryAt = Math.max(...waits.map((wait) => wait.retryAt));
  const now = useNow(shown ? retryAt : null);
  return (
    <div aria-live="polite">
      {shown && (
        <Suspense fallback={null}>
          <RateLimitNoticeView
            messages={[...new Set(waits.flatMap((wait) => wait.messages))]}
            retryAt={retryAt}
            now={now}
            onStop={() => rateLimitWaits.cancelAll()}
          />
        </Suspense>
      )}
    </div>
  );
}
