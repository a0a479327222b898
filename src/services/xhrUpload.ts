/**
 * One multipart request over XMLHttpRequest. Browsers report real upload progress only through
 * `xhr.upload` progress events (fetch cannot stream request bodies over HTTP/1.1), so uploads
 * use XHR; every other call goes through fetch in http.ts.
 */
import { ApiError } from './apiResponse';

export interface XhrRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  withCredentials: boolean;
  body: FormData;
  /** Percent 0-100, non-decreasing within one request. */
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface XhrAnswer {
  status: number;
  /** The HTTP reason phrase ('Payload Too Large'); '' when none came (e.g. HTTP/2). */
  statusText: string;
  bodyText: string;
  header(name: string): string | null;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Sends the request; resolves with any HTTP answer (2xx or not), rejects with a network
 * ApiError when no answer arrives, or with the signal's reason when aborted.
 */
export function sendXhr(createXhr: () => XMLHttpRequest, request: XhrRequest): Promise<XhrAnswer> {
  return new Promise<XhrAnswer>((resolve, reject) => {
    const { signal, onUploadProgress } = request;
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const xhr = createXhr();
    let lastPercent = -1;
    const report = (percent: number): void => {
      const clamped = Math.min(100, Math.max(0, Math.round(percent)));
      if (onUploadProgress === undefined || clamped <= lastPercent) return;
      lastPercent = clamped;
      onUploadProgress(clamped);
    };
    const onAbortSignal = (): void => xhr.abort();
    const cleanUp = (): void => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open(request.method, request.url, true);
    xhr.withCredentials = request.withCredentials;
    xhr.timeout = 0; // spec §7.1: no default request timeout
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);

    if (onUploadProgress !== undefined) {
      xhr.upload.addEventListener('loadstart', () => report(0));
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) report((event.loaded / event.total) * 100);
      });
      xhr.upload.addEventListener('load', () => report(100));
    }
    xhr.addEventListener('load', () => {
      cleanUp();
      report(100);
      resolve({
        status: xhr.status,
        statusText: typeof xhr.statusText === 'string' ? xhr.statusText : '',
        bodyText: typeof xhr.responseText === 'string' ? xhr.responseText : '',
        header: (name) => xhr.getResponseHeader(name),
      });
    });
    const fail = (cause: string) => () => {
      cleanUp();
      reject(new ApiError({ kind: 'network', httpStatus: null, cause: new Error(cause) }));
    };
    xhr.addEventListener('error', fail('XMLHttpRequest error'));
    xhr.addEventListener('timeout', fail('XMLHttpRequest timeout'));
    xhr.addEventListener('abort', () => {
      cleanUp();
      reject(
        signal?.aborted ? abortError(signal) : new ApiError({ kind: 'network', httpStatus: null }),
      );
    });
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(request.body);
  });
}
