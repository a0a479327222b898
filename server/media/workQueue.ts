/**
 * A bounded work queue for the media service's image decoding and re-encoding (CPU- and
 * memory-heavy, and the upload call takes the public client key): at most `concurrency` jobs run
 * at once, at most `maxWaiting` more wait their turn (first come, first served), and any beyond
 * are refused at once with {@link WorkQueueFullError}. A burst of large uploads therefore costs a
 * fixed amount of CPU and memory; the refused callers are told to come back later (503).
 */
import { availableParallelism } from 'node:os';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../http/errors';

export interface WorkQueueOptions {
  /** Jobs that run at once (at least 1). */
  concurrency: number;
  /** Jobs that may wait for a free slot (0: refuse whenever every slot is busy). */
  maxWaiting: number;
  /** Seconds a refused caller is told to wait before trying again (Retry-After; default 5, as every 503). */
  retryAfterSeconds?: number;
}

/** Refused: every slot is busy and the waiting line is full. */
export class WorkQueueFullError extends Error {
  override name = 'WorkQueueFullError';

  constructor(readonly retryAfterSeconds: number) {
    super('The work queue is full.');
  }
}

/** Every 503's Retry-After (server/http/errors.ts). */
export const DEFAULT_RETRY_AFTER_SECONDS = UNAVAILABLE_RETRY_AFTER_SECONDS;

/**
 * The default number of images processed at once: the CPUs, at most 3. sharp's jobs run on
 * libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads and
 * writes share: leaving one thread free keeps the file calls answering while images are processed.
 */
export const defaultImageConcurrency = () => Math.max(1, Math.min(availableParallelism(), 3));

/** The default waiting line: uploads (at most 10 MB each, held in memory) waiting their turn. */
export const DEFAULT_IMAGE_QUEUE_LENGTH = 8;

export class WorkQueue {
  readonly concurrency: number;
  readonly maxWaiting: number;
  readonly retryAfterSeconds: number;
  private running = 0;
  /** Callers waiting for a slot; each is handed the slot of a job that ends. */
  private readonly waiting: (() => void)[] = [];

  constructor(options: WorkQueueOptions) {
    const { concurrency, maxWaiting } = options;
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`concurrency must be a whole number of at least 1, got ${concurrency}`);
    }
    if (!Number.isSafeInteger(maxWaiting) || maxWaiting < 0) {
      throw new RangeError(`maxWaiting must be a whole number, got ${maxWaiting}`);
    }
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
    this.retryAfterSeconds = Math.max(
      1,
      Math.ceil(options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS),
    );
  }

  /** Jobs running now. */
  get active(): number {
    return this.running;
  }

  /** Jobs waiting for a slot. */
  get pending(): number {
    return this.waiting.length;
  }

  /** Whether a job submitted now would be refused. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.maxWaiting;
  }

  /**
   * Runs `job` when a slot is free and answers its outcome; rejects with
   * {@link WorkQueueFullError} at once (without calling `job`) when the queue is full.
   */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else if (this.waiting.length < this.maxWaiting) {
      // The slot is handed over by the job that ends (running stays the same).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new WorkQueueFullError(this.retryAfterSeconds);
    }
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.running -= 1;
    else next();
  }
}
