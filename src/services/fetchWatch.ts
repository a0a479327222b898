/**
 * Lets a development tool see the page's API traffic (the inspector's redactor, which learns the
 * secrets the requests and answers carry: src/app/inspector.ts). Development and test builds
 * only: nothing in the production bundle imports this module.
 */

type Fetch = typeof globalThis.fetch;

/** What a watcher is told: a request's URL and text body, then its answer's text (JSON only). */
export interface FetchWatcher {
  request(url: URL, body: string | null): void;
  answer(url: URL, body: string): void;
}

/** Where the fetch to wrap lives (the page by default; tests give their own). */
export interface FetchHolder {
  fetch: Fetch;
}

/** The page's own fetch (the one the app's HTTP client calls). */
const pageFetch: FetchHolder = {
  get fetch(): Fetch {
    return window.fetch;
  },
  set fetch(watched: Fetch) {
    window.fetch = watched;
  },
};

/**
 * Wraps the fetch of `holder` so that `watcher` sees every request before it is sent and every
 * JSON answer before the caller reads it (from copies: the caller's request and answer are left
 * unread). A watcher that throws is ignored. Returns the undo.
 */
export function watchFetch(watcher: FetchWatcher, holder: FetchHolder = pageFetch): () => void {
  const original = holder.fetch;
  const watched: Fetch = async (input, init) => {
    let url: URL | null = null;
    try {
      const request = input instanceof Request ? input.clone() : null;
      const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
      url = new URL(request?.url ?? String(input), base);
      const body = request ? await request.text() : init?.body;
      watcher.request(url, typeof body === 'string' ? body : null);
    } catch {
      // A request the watcher cannot read: it is sent all the same.
    }
    const response = await original(input, init);
    if (url !== null && response.headers.get('content-type')?.includes('json')) {
      try {
        watcher.answer(url, await response.clone().text());
      } catch {
        // An answer the watcher cannot read.
      }
    }
    return response;
  };
  holder.fetch = watched;
  return () => {
    if (holder.fetch === watched) holder.fetch = original;
  };
}
