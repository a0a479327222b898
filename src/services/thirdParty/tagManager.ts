/**
 * The analytics tag manager (spec §1: loaded at start-up; §3 Configuration: a tag manager id):
 * Google Tag Manager, only when the configuration carries a container id (GTM-XXXX). Its
 * official snippet, without inline code (the CSP allows none): the data layer gets the
 * `gtm.js` start event, then the container's script is added by URL.
 */
import { loadScript } from './script';

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/** The container's script: https://www.googletagmanager.com/gtm.js?id=GTM-XXXX */
export const tagManagerScriptUrl = (id: string): string =>
  `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;

export interface LoadTagManagerOptions {
  /** The configuration's tagManagerId; empty: nothing is loaded. */
  id: string;
  document?: Document | undefined;
  window?: (Window & { dataLayer?: unknown[] }) | undefined;
  /** The clock of the start event (Date.now by default). */
  now?: () => number;
}

/** Loads the container when an id is configured: true once loaded, false when not configured. */
export async function loadTagManager(options: LoadTagManagerOptions): Promise<boolean> {
  const id = options.id.trim();
  if (id === '') return false;
  const win: (Window & { dataLayer?: unknown[] }) | undefined =
    options.window ?? (typeof window === 'undefined' ? undefined : window);
  const doc = options.document ?? win?.document;
  if (win !== undefined) {
    win.dataLayer = win.dataLayer ?? [];
    win.dataLayer.push({ 'gtm.start': (options.now ?? Date.now)(), event: 'gtm.js' });
  }
  await loadScript({
    document: doc,
    src: tagManagerScriptUrl(id),
    isPresent: () => false,
    whenLoaded: async () => undefined,
  });
  return true;
}
