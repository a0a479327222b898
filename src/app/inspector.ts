import type { InspectionEvent, Observer } from 'xstate';
import { redactSecrets, toInspectable } from './redact';

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

/** Options for @statelyai/inspect: every event is made plain and redacted before it leaves. */
export const inspectorOptions = {
  sanitizeContext: <T>(context: T) => redactSecrets(context),
  sanitizeEvent: <T>(event: T) => redactSecrets(event),
  serialize: <T>(event: T) => toInspectable(event) as T,
};

export async function createInspector(): Promise<Observer<InspectionEvent>> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector(inspectorOptions).inspect;
}

/** The inspector when the page asks for it (`?inspect` or VITE_INSPECT=1, in development). */
export async function inspectorFor(search: string): Promise<Observer<InspectionEvent> | undefined> {
  return inspectorRequested(search) ? createInspector() : undefined;
}
