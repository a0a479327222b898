/**
 * What the upload suites share: jsdom's cookie jar, the multipart body as a server received it,
 * an XMLHttpRequest that reports browser-like upload progress, and the check that a progress
 * sequence rises from 0 to 100.
 */
import { expect } from 'vitest';
import type { RecordedRequest } from './testServer';

interface JsdomGlobal {
  jsdom: {
    cookieJar: {
      setCookieSync(cookie: string, url: string): unknown;
      removeAllCookiesSync(): void;
    };
  };
}

/** The jsdom instance the `jsdom` environment exposes (its cookie jar is the browser's). */
export const jsdomInstance = (globalThis as unknown as JsdomGlobal).jsdom;

/** The multipart body as the server received it, parsed back into fields and files. */
export async function formOf(request: RecordedRequest | undefined): Promise<FormData> {
  if (!request) throw new Error('no request');
  return new Response(new Uint8Array(request.body), {
    headers: { 'content-type': request.headers['content-type'] ?? '' },
  }).formData();
}

/**
 * jsdom's XHR reports upload progress without lengths (loaded = total = 0), as browsers do only
 * for tiny bodies: this real XHR dispatches these browser-like progress events once it has sent.
 */
export function xhrReporting(events: ProgressEventInit[]): () => XMLHttpRequest {
  return () => {
    const xhr = new XMLHttpRequest();
    const send = xhr.send.bind(xhr);
    xhr.send = (body) => {
      send(body);
      for (const init of events) xhr.upload.dispatchEvent(new ProgressEvent('progress', init));
    };
    return xhr;
  };
}

/** Computable progress events of `total` bytes at these `loaded` counts. */
export const computable = (total: number, loaded: number[]): ProgressEventInit[] =>
  loaded.map((bytes) => ({ lengthComputable: true, loaded: bytes, total }));

/** Percentages in order from 0 to 100, never decreasing and never repeated. */
export function expectRisingPercentages(progress: number[]): void {
  expect(progress[0]).toBe(0);
  expect(progress.at(-1)).toBe(100);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  expect(new Set(progress).size).toBe(progress.length);
}
