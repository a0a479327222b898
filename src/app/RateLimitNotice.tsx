import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppRuntime } from './appContext';

// Only someone the server asks to wait long ever sees it: its view loads then.
const RateLimitNoticeView = lazy(() =>
  import('../views/components/RateLimitNoticeView').then((module) => ({
    default: module.RateLimitNoticeView,
  })),
);

/**
 * The notice of the 429 waits going on (spec §7.1: one retry after Retry-After, however long),
 * above every screen: the servers' messages, when the retry is sent, and Stop waiting, which ends
 * every wait so each call answers its 429. A polite live region from the start, so the notice is
 * announced when it appears.
 */
export function RateLimitNotice() {
  const { rateLimitWaits } = useAppRuntime();
  const waits = useSyncExternalStore(rateLimitWaits.subscribe, rateLimitWaits.current);
  const last = waits.at(-1);
  return (
    <div role="status">
      {last !== undefined && (
        <Suspense fallback={null}>
          <RateLimitNoticeView
            messages={[...new Set(waits.flatMap((wait) => wait.messages))]}
            retryAt={Math.max(...waits.map((wait) => wait.retryAt))}
            now={Date.now()}
            onStop={() => rateLimitWaits.cancelAll()}
          />
        </Suspense>
      )}
    </div>
  );
}
