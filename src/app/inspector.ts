import type { InspectionEvent, Observer } from 'xstate';
import { watchFetch, type FetchHolder } from '../services/fetchWatch';
import { createSecretRedactor, type SecretRedactor } from './secretRedactor';

/**
 * The Stately inspector (development and the e2e test build only; architecture.md "The
 * inspector"): `npm run dev`, then open the app with `?inspect` (the Stately inspector) or
 * `?inspect=<url>` (an inspector page of this origin or of localhost, e.g. the e2e test's), or
 * start it with VITE_INSPECT=1. Every secret is redacted from everything the inspector receives
 * (src/app/secretRedactor.ts).
 */

/** Stately's own inspector page, opened by `?inspect` without a value. */
export const STATELY_INSPECTOR_URL = 'https://stately.ai/inspect';

/** Events kept for an inspector page that has not yet loaded (and replayed when it connects). */
const MAX_DEFERRED_EVENTS = 5_000;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The inspector page `?inspect=<value>` asks for: Stately's for an empty value; a URL of this
 * origin or of localhost (http or https); null for anything else (the app's events, even
 * redacted, go to no other site) and when the page does not ask. Pure.
 */
export function inspectorUrl(search: string, origin: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('inspect')) return null;
  const value = params.get('inspect') ?? '';
  if (value === '' || value === '1') return STATELY_INSPECTOR_URL;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  const local = url.origin === origin || LOCAL_HOSTS.has(url.hostname);
  return local && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
}

/** Whether this build may open an inspector at all: development and the e2e test build. */
const inspectorBuild = (): boolean => import.meta.env.DEV || import.meta.env.MODE === 'e2e';

/** The inspector page this page asks for (`?inspect[=<url>]`, or VITE_INSPECT=1), or null. */
export function requestedInspectorUrl(search: string, origin: string): string | null {
  if (!inspectorBuild()) return null;
  if (import.meta.env.VITE_INSPECT === '1' && !new URLSearchParams(search).has('inspect')) {
    return STATELY_INSPECTOR_URL;
  }
  return inspectorUrl(search, origin);
}

/** Whether the page asks for the inspector (`?inspect` or VITE_INSPECT=1, in development). */
export function inspectorRequested(search: string): boolean {
  return requestedInspectorUrl(search, window.location.origin) !== null;
}

/** Options for @statelyai/inspect: every event is made plain and redacted before it leaves. */
export const inspectorOptions = (redactor: SecretRedactor) => ({
  serialize: <T>(event: T) => redactor.redactInspectionEvent(event) as T,
});

/**
 * The actor system's inspection observer: the redactor learns each event's secrets as it happens
 * (the Stately inspector converts and sends it later, when the browser is idle), then the
 * inspector takes it.
 */
export function observing(
  redactor: SecretRedactor,
  inspect: Observer<InspectionEvent>,
): Observer<InspectionEvent> {
  return {
    next: (event) => {
      try {
        redactor.observe(event);
      } catch (error) {
        console.error('The inspector could not read an event', error);
      }
      inspect.next?.(event);
    },
  };
}

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

function learnJson(redactor: SecretRedactor, text: string | null): void {
  if (text === null || !looksLikeJson(text)) return;
  try {
    redactor.learn(JSON.parse(text));
  } catch {
    // Not JSON after all.
  }
}

/**
 * Has the redactor learn the secrets of every request and answer of the API (its path and
 * query, its JSON body, its JSON answer) before the app's actors hold them: a session's access
 * token, a captcha token, an emailed key. Returns the undo.
 */
export function watchRequests(redactor: SecretRedactor, holder?: FetchHolder): () => void {
  return watchFetch(
    {
      request: (url, body) => {
        redactor.learn(url.pathname + url.search);
        redactor.learn(Object.fromEntries(url.searchParams));
        learnJson(redactor, body);
      },
      answer: (_, body) => learnJson(redactor, body),
    },
    holder,
  );
}

/** The browser inspector at `url`, with every secret redacted from what it receives. */
export async function createInspector(url: string): Promise<Observer<InspectionEvent>> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const redactor = createSecretRedactor();
  redactor.learn(window.location.pathname + window.location.search);
  watchRequests(redactor);
  const inspector = createBrowserInspector({
    url,
    // What happens before the inspector page has loaded is kept for it (the root's and its
    // children's announcements come first), not only the last 200 events.
    maxDeferredEvents: MAX_DEFERRED_EVENTS,
    ...inspectorOptions(redactor),
  });
  return observing(redactor, inspector.inspect);
}

/** The inspector when the page asks for it (`?inspect[=<url>]` or VITE_INSPECT=1). */
export async function inspectorFor(search: string): Promise<Observer<InspectionEvent> | undefined> {
  const url = requestedInspectorUrl(search, window.location.origin);
  if (url === null) {
    if (inspectorBuild() && new URLSearchParams(search).has('inspect')) {
      console.warn('The inspector opens only at this origin or on localhost');
    }
    return undefined;
  }
  return createInspector(url);
}
