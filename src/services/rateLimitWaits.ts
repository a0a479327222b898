/**
 * The 429 waits a person can see and cancel (spec §7.1, issue 34). The transport retries a 429
 * once after its Retry-After, however long: a wait of {@link SHOWN_WAIT_MS} or more is announced
 * here, with the server's messages and the time of the retry, so the app can show it and offer
 * to stop waiting. Cancelling ends the wait without the retry: the call then answers the 429 as
 * the server gave it, and the flow shows the server's message as for any refusal.
 *
 * Set by the transport, read by the app (like the reload flag): no flow needs to know.
 */

/** Waits shorter than this (the 3 s default among them) are not announced. */
export const SHOWN_WAIT_MS = 10_000;

export interface RateLimitWait {
  readonly id: number;
  /** When the retry is sent, in ms since the epoch. */
  readonly retryAt: number;
  /** The 429 answer's messages (may be empty). */
  readonly messages: readonly string[];
}

export interface RateLimitWaits {
  /** Announces a wait; `cancel` ends it without the retry. Answers the function ending it. */
  begin(wait: Omit<RateLimitWait, 'id'>, cancel: () => void): () => void;
  /** The waits going on, oldest first (the same array until one begins or ends). */
  current(): readonly RateLimitWait[];
  /** Stops every wait going on: each call answers its 429. */
  cancelAll(): void;
  /** Called each time a wait begins or ends; answers an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createRateLimitWaits(): RateLimitWaits {
  let nextId = 1;
  let waits: readonly RateLimitWait[] = [];
  const cancels = new Map<number, () => void>();
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const end = (id: number): void => {
    if (!cancels.delete(id)) return;
    waits = waits.filter((wait) => wait.id !== id);
    changed();
  };
  return {
    begin(wait, cancel) {
      const id = nextId;
      nextId += 1;
      cancels.set(id, cancel);
      waits = [...waits, { ...wait, id }];
      changed();
      return () => end(id);
    },
    current: () => waits,
    cancelAll() {
      for (const [id, cancel] of [...cancels]) {
        end(id);
        cancel();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
