/**
 * Notices of writes between the server processes on one PostgreSQL (LISTEN/NOTIFY), so that what
 * a process remembers (the feed's pages, the live sessions) never outlives a change made through
 * another process.
 *
 * Who notifies: triggers (migrations 0006 and 0008), in the writing transaction itself, so a notice
 * is sent exactly when the write commits, whatever code wrote: every statement that writes posts,
 * and every change of a user's avatar URL or handle (the feed's rows carry them), notifies
 * `givedrop_feed`; a session that ends (its refresh-token family revoked or deleted) notifies
 * `givedrop_sessions` with its id. They fire on PGlite too, where nobody listens (one process).
 *
 * Who listens: each process on PostgreSQL, over one connection of its own ({@link PostgresNotices}).
 *
 * "At once": a notice is queued before the commit and the listening backends are signalled before
 * the writer is told the commit succeeded, but it reaches a listening process later, on its own
 * schedule: measured on PostgreSQL 15, the listener had not yet received it when the writer's commit
 * returned in 1,816 of 3,000 tries. So before trusting its memory, a process makes a round trip on
 * its listening connection ({@link ChangeNotices.caughtUp}): a backend sends the notifications it
 * has been signalled before it reads the next command, so when the answer arrives, every notice of
 * a commit that ended before the round trip began has been handled (0 of 3,000 missed). A write
 * acknowledged to a client before it asks another process is therefore seen there. Calls made while
 * a round trip is on its way share the next one, so a busy process makes about one per round-trip
 * time, not one per request.
 *
 * While the connection is down nothing is known: caughtUp() answers false (the memories are not
 * used), the connection is made again with a growing delay, and every loss or new connection is a
 * gap (onGap: forget everything, notices may have been missed).
 */
import pg from 'pg';

export const noticeChannels = {
  feed: 'givedrop_feed',
  sessions: 'givedrop_sessions',
} as const;

export type NoticeChannel = keyof typeof noticeChannels;

/** The listening connection's application_name (pg_stat_activity). */
export const NOTICES_APPLICATION_NAME = 'givedrop notices';

/** What a process's memories need from the notices of writes made through other processes. */
export interface ChangeNotices {
  /**
   * True once every notice of a commit that ended before this call has been handed to the
   * handlers; false when that cannot be known (not listening): trust no memory then.
   */
  caughtUp(): Promise<boolean>;
  /** Calls `handler` with the payload of every notice on `channel`. */
  on(channel: NoticeChannel, handler: (payload: string) => void): void;
  /** Calls `handler` whenever notices may have been missed (listening stopped or started). */
  onGap(handler: () => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface NoticesLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface PostgresNoticesOptions {
  connectionString: string;
  /** A round trip unanswered this long counts as a lost connection (default 2 s). */
  roundTripTimeoutMs?: number;
  /** First wait before connecting again, doubled after each failure (default 100 ms). */
  retryMs?: number;
  /** Longest wait between two attempts (default 5 s). */
  maxRetryMs?: number;
  log?: NoticesLog;
}

/** A connection not made within this long is given up (and tried again later). */
const CONNECT_TIMEOUT_MS = 5000;

const quietLog: NoticesLog = { info: () => undefined, warn: () => undefined };

/** Listens on one connection of its own to every channel of {@link noticeChannels}. */
export class PostgresNotices implements ChangeNotices {
  private readonly handlers = new Map<string, ((payload: string) => void)[]>();
  private readonly gapHandlers: (() => void)[] = [];
  private readonly roundTripTimeoutMs: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly log: NoticesLog;
  private client: pg.Client | undefined;
  private listening = false;
  private stopped = true;
  private retryDelay: number;
  private retryTimer: NodeJS.Timeout | undefined;
  /** The round trip on its way, and the one queued behind it for the calls made meanwhile. */
  private running: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;
  private tripCount = 0;

  constructor(private readonly options: PostgresNoticesOptions) {
    this.roundTripTimeoutMs = options.roundTripTimeoutMs ?? 2000;
    this.retryMs = options.retryMs ?? 100;
    this.maxRetryMs = options.maxRetryMs ?? 5000;
    this.retryDelay = this.retryMs;
    this.log = options.log ?? quietLog;
  }

  on(channel: NoticeChannel, handler: (payload: string) => void): void {
    const name = noticeChannels[channel];
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }

  onGap(handler: () => void): void {
    this.gapHandlers.push(handler);
  }

  /** Round trips made so far (calls made while one is on its way share the next). */
  roundTrips(): number {
    return this.tripCount;
  }

  /** Whether notices are being received now. */
  isListening(): boolean {
    return this.listening;
  }

  /** Starts listening (a failed first attempt is retried in the background). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    if (client !== undefined) await this.lose(client, undefined);
  }

  caughtUp(): Promise<boolean> {
    if (!this.listening) return Promise.resolve(false);
    // A round trip already on its way may have been read before this call: wait for the next.
    if (this.running === undefined) return (this.running = this.roundTrip());
    return (this.queued ??= this.running.then(() => {
      this.queued = undefined;
      return this.listening ? (this.running = this.roundTrip()) : false;
    }));
  }

  private roundTrip(): Promise<boolean> {
    const client = this.client;
    if (client === undefined) return Promise.resolve(false);
    this.tripCount += 1;
    let timer: NodeJS.Timeout | undefined;
    const trip = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
        void this.lose(client, new Error(`no answer within ${this.roundTripTimeoutMs} ms`));
      }, this.roundTripTimeoutMs);
      client.query('select 1').then(
        () => resolve(client === this.client),
        (error: unknown) => {
          resolve(false);
          void this.lose(client, error);
        },
      );
    });
    void trip.then(() => {
      clearTimeout(timer);
      if (this.running === trip) this.running = undefined;
    });
    return trip;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: NOTICES_APPLICATION_NAME,
    });
    this.client = client;
    client.on('error', (error) => void this.lose(client, error));
    client.on('end', () => void this.lose(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (client === this.client) this.deliver(message.channel, message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(
        Object.values(noticeChannels)
          .map((channel) => `LISTEN ${channel};`)
          .join(' '),
      );
    } catch (error) {
      void this.lose(client, error);
      return;
    }
    if (client !== this.client) return;
    const wasRetrying = this.retryDelay !== this.retryMs;
    this.listening = true;
    this.retryDelay = this.retryMs;
    this.gap();
    if (wasRetrying) this.log.info({}, 'listening to change notices again');
  }

  /** The connection `client` is lost (or given up): forget it, and connect again unless stopped. */
  private lose(client: pg.Client, error: unknown): Promise<void> {
    if (client !== this.client) return Promise.resolve();
    this.client = undefined;
    this.listening = false;
    const ended = client.end().catch(() => undefined);
    this.gap();
    if (this.stopped) return ended;
    this.log.warn(
      { err: error, retryInMs: this.retryDelay },
      'change notices: connection lost; what this process remembers is not used until it is back',
    );
    this.retryTimer = setTimeout(() => void this.connect(), this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, this.maxRetryMs);
    return ended;
  }

  private deliver(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  private gap(): void {
    for (const handler of this.gapHandlers) handler();
  }
}
