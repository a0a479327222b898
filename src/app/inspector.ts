import type { InspectionEvent } from 'xstate';
import { redactSecrets } from './redact';

/**
 * The Stately inspector (development only): `npm run dev`, then open the app with `?inspect`
 * or start it with VITE_INSPECT=1. Tokens and passwords are redacted from everything the
 * inspector receives.
 */
export function inspectorRequested(search: string): boolean {
  return (
    import.meta.env.DEV &&
    (new URLSearchParams(search).has('inspect') || import.meta.env.VITE_INSPECT === '1')
  );
}

export async function createInspector(): Promise<(event: InspectionEvent) => void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({
    sanitizeContext: (context) => redactSecrets(context),
    sanitizeEvent: (event) => redactSecrets(event),
  });
  return inspector.inspect as unknown as (event: InspectionEvent) => void;
}
