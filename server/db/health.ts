/**
 * The database's health: which errors mean "the database cannot be used" (answered 503, not 500),
 * a probe (a query, plus a write in PGlite's data directory), and a monitor that probes
 * periodically and after every such error, and declares the database unusable once it has failed
 * every probe for a while, so the server can drain and exit for its supervisor to restart it.
 */
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { checkDataDir } from '../dataDir';
import {
  descriptorShortageReporter,
  isDescriptorShortage,
  SHORTAGE_LOG_INTERVAL_MS,
  type ShortageReporter,
} from '../descriptors';
import type { Database } from './database';

export type DatabaseState = 'ok' | 'unavailable';

/** SQLSTATE classes of a database that cannot serve (not of a bad query). */
const UNAVAILABLE_SQLSTATE_CLASSES = new Set([
  '08', // connection exception
  '53', // insufficient resources (disk full, out of memory)
  '57', // operator intervention (shutdown, cannot connect now)
  '58', // system error (I/O error, missing file)
  'XX', // internal error (data corrupted)
]);
/**
 * insufficient_privilege: what PostgreSQL reports when the operating system refuses a data file
 * (EACCES, EPERM, EROFS: "could not open file ...: Permission denied"), or when the database user
 * lacks a grant; either way the server cannot do its work until an operator acts.
 */
const INSUFFICIENT_PRIVILEGE = '42501';
/** Errors of the connection to PostgreSQL, raised by node-postgres outside any query. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * node-postgres and PGlite errors that carry no code: a connection closed under a query
 * ("Connection terminated unexpectedly"), a statement on a connection lost before it ("Client has
 * encountered a connection error and is not queryable", "Client was closed and is not
 * queryable"), no connection within the pool's time, a closed pool or PGlite.
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i;

const isSqlState = (code: string) => /^[0-9A-Z]{5}$/.test(code);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A failed connect(2) to the database's address: any code the socket gives (ECONNREFUSED while
 * PostgreSQL is down; ENOENT for a Unix socket whose server is not running).
 */
function isConnectFailure(error: unknown): boolean {
  const syscall = (error as { syscall?: unknown } | null | undefined)?.syscall;
  return syscall === 'connect' && codeOf(error) !== undefined;
}

/**
 * True when `error` (or what caused it) says the database cannot be used: a connection or I/O
 * failure, a full disk, a data file the server may not open, a closed client. A query the
 * database refuses for its content (a unique violation, bad syntax) is not: that is a bug or a
 * domain rule, answered as before.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Out of file descriptors (PostgreSQL says 53000 "Too many open files"): the process's, not the
  // database's; server/descriptors.ts.
  if (isDescriptorShortage(error)) return false;
  // Raised outside any query: a transaction's connection that could not be made.
  const top = codeOf(error);
  if (top !== undefined && CONNECTION_ERROR_CODES.has(top)) return true;
  if (isConnectFailure(error)) return true;
  let inQuery = false;
  for (let current = error, depth = 0; current instanceof Error && depth < 6; depth += 1) {
    if (current instanceof DrizzleQueryError) inQuery = true;
    const code = codeOf(current);
    if (code !== undefined && isSqlState(code)) {
      return UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2)) || code === INSUFFICIENT_PRIVILEGE;
    }
    if (
      inQuery &&
      ((code !== undefined && CONNECTION_ERROR_CODES.has(code)) || isConnectFailure(current))
    ) {
      return true;
    }
    if (UNAVAILABLE_MESSAGES.test(current.message) && (inQuery || depth === 0)) return true;
    current = current.cause;
  }
  return false;
}

/** Resolves when the database answers (and, for PGlite, its data directory takes a write). */
export type DatabaseProbe = () => Promise<void>;

/**
 * A probe that runs `select 1` and, with `dataDir` (PGlite's), writes and removes a file there:
 * PGlite answers reads from a data directory that has become read-only, and fails (or hangs)
 * only on the next write, so the directory itself is checked.
 */
export function databaseProbe(db: Database, dataDir?: string): DatabaseProbe {
  return async () => {
    if (dataDir !== undefined) await checkDataDir(dataDir);
    await db.execute(sql`select 1`);
  };
}

/** What the monitor logs with (a Fastify logger fits). */
export interface MonitorLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DatabaseMonitorOptions {
  probe: DatabaseProbe;
  /** Time between periodic probes (once started), and the least time between two failed ones. */
  intervalMs: number;
  /** Consecutive failed probes, spanning at least (failures - 1) intervals, that make it unusable. */
  maxFailures: number;
  /** A probe that has not answered in this time has failed. */
  timeoutMs: number;
  /** Called once when the database is declared unusable (the server drains and exits). */
  onUnusable?: (error: unknown) => void;
  log?: MonitorLog;
  now?: () => number;
}

/** Default probe interval: 10 s, so an unusable database ends the server in about 20 s. */
export const DATABASE_PROBE_INTERVAL_MS = 10_000;
export const DATABASE_PROBE_FAILURES = 3;
export const DATABASE_PROBE_TIMEOUT_MS = 5_000;

class ProbeTimeout extends Error {
  override name = 'ProbeTimeout';
}

/**
 * Watches the database. `check()` probes it now (concurrent calls share one probe);
 * `reportFailure()` is called for every request that failed on it and probes at once; once
 * started, it also probes every interval. A failed probe counts only when an interval has
 * passed since the last counted one (less a tenth, for timers that fire a little early): failed
 * requests and a busy health endpoint do not hasten the end, so a database away for less than
 * (maxFailures - 1) intervals (a restart, a failover) is served again without a restart. At
 * {@link DatabaseMonitorOptions.maxFailures} counted in a row, without a success between,
 * `onUnusable` is called once.
 */
export class DatabaseMonitor {
  private state: DatabaseState = 'ok';
  private failures = 0;
  private lastCountedAt = 0;
  private running: Promise<DatabaseState> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private declaredUnusable = false;
  private readonly now: () => number;
  private readonly reportShortage: ShortageReporter;

  constructor(private readonly options: DatabaseMonitorOptions) {
    this.now = options.now ?? Date.now;
    this.reportShortage = descriptorShortageReporter(SHORTAGE_LOG_INTERVAL_MS, this.now);
  }

  /** The state the last probe (or failed request) found; 'ok' before any. */
  get current(): DatabaseState {
    return this.state;
  }

  /** True once `onUnusable` was called. */
  get unusable(): boolean {
    return this.declaredUnusable;
  }

  /** Probes every interval until {@link stop}. */
  start(): void {
    this.started = true;
    this.schedule();
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Probes the database now; concurrent calls share one probe. */
  check(): Promise<DatabaseState> {
    this.running ??= this.probeOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A request failed on the database: it is marked unavailable and probed at once. */
  reportFailure(error: unknown): void {
    this.state = 'unavailable';
    this.options.log?.warn({ err: error }, 'a request failed on the database; probing it');
    void this.check();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.started || this.declaredUnusable) return;
    this.timer = setTimeout(
      () => void this.check().finally(() => this.schedule()),
      this.options.intervalMs,
    );
    this.timer.unref();
  }

  private async probeOnce(): Promise<DatabaseState> {
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timeout = setTimeout(
        () =>
          reject(new ProbeTimeout(`The database did not answer in ${this.options.timeoutMs} ms.`)),
        this.options.timeoutMs,
      );
    });
    try {
      await Promise.race([this.options.probe(), timedOut]);
      if (this.failures > 0) this.options.log?.warn({}, 'the database answers again');
      this.failures = 0;
      this.state = 'ok';
    } catch (error) {
      this.recordFailure(error);
    } finally {
      clearTimeout(timeout);
    }
    return this.state;
  }

  private recordFailure(error: unknown): void {
    // A probe that could not open a file or a socket for want of descriptors says nothing of the
    // database: reported as such, the state left as it was, and never counted towards onUnusable.
    if (isDescriptorShortage(error)) {
      if (this.options.log) this.reportShortage(this.options.log, error, 'probing the database');
      return;
    }
    const at = this.now();
    this.state = 'unavailable';
    if (this.failures === 0 || at - this.lastCountedAt >= this.options.intervalMs * 0.9) {
      this.failures += 1;
      this.lastCountedAt = at;
    }
    const failures = this.failures;
    this.options.log?.error({ err: error, failures }, 'database probe failed');
    if (failures < this.options.maxFailures || this.declaredUnusable) return;
    this.declaredUnusable = true;
    this.stop();
    this.options.onUnusable?.(error);
  }
}
