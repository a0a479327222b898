import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useAppRuntime } from './appContext';
import { noteInAppNavigation } from './inAppHistory';

/**
 * Tells the app machine where the browser is (it runs the route's flow), and reloads the page on
 * the next navigation once the server has announced a newer client version (spec §2.1).
 */
export function RouteSync() {
  const { actor, reloadFlag } = useAppRuntime();
  const [pathname] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (!first.current && reloadFlag.isSet()) {
      window.location.reload();
      return;
    }
    if (!first.current) noteInAppNavigation();
    first.current = false;
    if (actor.getSnapshot().context.pathname !== pathname) {
      actor.send({ type: 'route.changed', pathname, search: window.location.search });
    }
  }, [actor, reloadFlag, pathname]);
  return null;
}
