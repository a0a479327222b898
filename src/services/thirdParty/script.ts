/**
 * Loads a third party's script by URL: one `<script src>` element (never inline code, for the
 * CSP), waiting until the script says it is usable, with a time limit.
 */

/** How long a third-party script may take to load and initialise. */
export const SCRIPT_TIMEOUT_MS = 10_000;

/** Why a third party is not available (the message of the rejection). */
export const scriptFailures = {
  noDocument: 'script_unavailable',
  loadFailed: 'script_failed_to_load',
  timeout: 'script_timeout',
  notInitialised: 'script_not_initialised',
} as const;

export interface LoadScriptOptions {
  document: Document | undefined;
  src: string;
  /**
   * Called once the script has loaded (or at once when it is already there): resolves when
   * the third party is usable. Rejects, or never settles and hits the time limit, otherwise.
   */
  whenLoaded: () => Promise<void>;
  /** True when the third party is already usable (a script of an earlier load): no injection. */
  isPresent: () => boolean;
  timeoutMs?: number;
}

/**
 * Injects the script (unless it is present or an element with the same src is already in the
 * document) and resolves when `whenLoaded` does. Rejects with an Error whose message is one of
 * {@link scriptFailures} (or `whenLoaded`'s own) when loading fails or takes too long.
 */
export function loadScript(options: LoadScriptOptions): Promise<void> {
  const { document: doc, src } = options;
  const timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS;
  return new Promise<void>((resolve, reject) => {
    if (doc === undefined) {
      reject(new Error(scriptFailures.noDocument));
      return;
    }
    let settled = false;
    let script: HTMLScriptElement | null = null;
    const cleanUp = (): void => {
      clearTimeout(timer);
      script?.removeEventListener('load', onLoad);
      script?.removeEventListener('error', onError);
    };
    const settle = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      cleanUp();
      if (error === null) resolve();
      else reject(error);
    };
    const onLoad = (): void => {
      script?.removeEventListener('load', onLoad);
      script?.removeEventListener('error', onError);
      options.whenLoaded().then(
        () => settle(null),
        (error: unknown) =>
          settle(error instanceof Error ? error : new Error(scriptFailures.notInitialised)),
      );
    };
    const onError = (): void => settle(new Error(scriptFailures.loadFailed));
    const timer = setTimeout(() => settle(new Error(scriptFailures.timeout)), timeoutMs);

    if (options.isPresent()) {
      onLoad();
      return;
    }
    const existing = Array.from(doc.getElementsByTagName('script')).find(
      (element) => element.getAttribute('src') === src,
    );
    script = existing ?? doc.createElement('script');
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    if (existing === undefined) {
      script.src = src;
      script.async = true;
      script.defer = true;
      (doc.head ?? doc.documentElement).appendChild(script);
    }
  });
}
