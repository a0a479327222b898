/**
 * File descriptors: how many this process may open, how many connections that leaves room for,
 * and the errors of a process that has run out of them. Every socket, data file and database
 * connection takes one; when they are gone, opening anything fails with EMFILE (this process) or
 * ENFILE (the whole system), whatever it was for. Such a failure says nothing about the database
 * or the disk, so it is reported as what it is (logged, at most once per interval) and never
 * taken for "the database cannot be used", which would end the server.
 */
import { readFileSync } from 'node:fs';

/** The error codes of a process (EMFILE) or a system (ENFILE) without a free file descriptor. */
const SHORTAGE_CODES = new Set(['EMFILE', 'ENFILE']);
/**
 * The same failure in words, where it reaches us as text: PostgreSQL's (PGlite runs in this
 * process) "could not open file ...: Too many open files", SQLSTATE 53000, carries no errno.
 */
const SHORTAGE_MESSAGE = /too many open files|\bE[MN]FILE\b/i;

/**
 * True when `error`, or what caused it, is a failure to open a file or a socket for want of file
 * descriptors.
 */
export function isDescriptorShortage(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SHORTAGE_CODES.has(code)) return true;
    if (SHORTAGE_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The soft limit on this process's open files (RLIMIT_NOFILE, `ulimit -n`), or undefined when it
 * cannot be read: from /proc on Linux, else from Node's diagnostic report (macOS and other
 * POSIX systems; Windows has no such limit and reports none).
 */
export function openFileLimit(): number | undefined {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
    if (soft !== undefined) return Number(soft);
  } catch {
    // Not Linux: asked below.
  }
  const report = process.report?.getReport() as
    { userLimits?: { open_files?: { soft?: unknown } } } | undefined;
  const soft = report?.userLimits?.open_files?.soft;
  return typeof soft === 'number' && Number.isSafeInteger(soft) && soft > 0 ? soft : undefined;
}

/** The connection limit when the open-file limit cannot be read (below the common 1024). */
export const FALLBACK_MAX_CONNECTIONS = 800;
/**
 * Descriptors kept for everything but client connections: the database (PGlite's files or the
 * pool's sockets), uploads being written, the notices' and Redis's connections, logs. A tenth of
 * the limit, at least this many.
 */
export const MIN_DESCRIPTOR_HEADROOM = 256;

/**
 * The default of MAX_CONNECTIONS: the open-file limit less a headroom of a tenth of it (at least
 * {@link MIN_DESCRIPTOR_HEADROOM}); under a limit too small for that headroom, half of it. {@link
 * FALLBACK_MAX_CONNECTIONS} when the limit cannot be read.
 */
export function defaultMaxConnections(limit: number | undefined): number {
  if (limit === undefined || !Number.isSafeInteger(limit) || limit < 1) {
    return FALLBACK_MAX_CONNECTIONS;
  }
  const headroom = Math.max(MIN_DESCRIPTOR_HEADROOM, Math.ceil(limit / 10));
  return Math.max(Math.floor(limit / 2), limit - headroom, 1);
}

/** Where a throttled report writes (a Fastify logger fits). */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/** How often a descriptor shortage is logged at most, however many failures it causes. */
export const SHORTAGE_LOG_INTERVAL_MS = 10_000;

/** Logs a descriptor shortage to `log`, unless one was logged less than an interval ago. */
export type ShortageReporter = (log: ErrorLog, error: unknown, where: string) => void;

/**
 * A reporter of descriptor shortages: the first failure is logged at once (error level, with
 * where it happened), then at most one line per `intervalMs`, counting the failures since the
 * last line. When descriptors run out, every accept, probe and file open fails at once; one
 * line each would bury the log (and the disk) under the same message.
 */
export function descriptorShortageReporter(
  intervalMs = SHORTAGE_LOG_INTERVAL_MS,
  now: () => number = Date.now,
): ShortageReporter {
  let loggedAt: number | undefined;
  let unlogged = 0;
  return (log, error, where) => {
    const at = now();
    if (loggedAt !== undefined && at - loggedAt < intervalMs) {
      unlogged += 1;
      return;
    }
    log.error(
      { err: error, where, failuresSinceLastReport: unlogged },
      'out of file descriptors (EMFILE/ENFILE): too many open connections or files; ' +
        'this is not a database failure (see MAX_CONNECTIONS and `ulimit -n`)',
    );
    loggedAt = at;
    unlogged = 0;
  };
}
