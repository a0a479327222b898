import type { InspectionEvent, Observer } from 'xstate';

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * The root actor's inspection observer outside production (src/app/start.ts loads this module
 * only in development and in the build for the e2e tests): the Stately inspector when the page
 * asks for it (./inspector), and in the build for the test (`vite build --mode e2e`) the reach
 * recorder (./reach) too. Both get every event.
 */
export async function inspectionFor(
  search: string,
): Promise<((event: InspectionEvent) => void) | undefined> {
  const observers: InspectionObserver[] = [];
  const inspector = await import('./inspector').then((module) => module.inspectorFor(search));
  if (inspector) observers.push(inspector);
  if (import.meta.env.MODE === 'e2e') {
    observers.push(await import('./reach').then((module) => module.reachRecorder()));
  }
  if (observers.length === 0) return undefined;
  return (event) => {
    for (const observer of observers) {
      if (typeof observer === 'function') observer(event);
      else observer.next?.(event);
    }
  };
}
