import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppRuntime } from './appContext';
import { App } from './App';

/**
 * Renders the app into `container`. The first render is a transition: React renders it in
 * slices and yields to the browser between them, instead of one long task.
 */
export function mountApp(container: HTMLElement, runtime: AppRuntime): void {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App runtime={runtime} />
      </StrictMode>,
    );
  });
}
