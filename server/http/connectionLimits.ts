/**
 * Limits on the connections the HTTP server holds, so that clients cannot take every file
 * descriptor of the process (each open connection takes one; without them the database, the
 * uploads and new clients fail too):
 *
 * - at most `maxConnections` at once (MAX_CONNECTIONS, below `ulimit -n`): Node closes a new
 *   connection beyond it as soon as it is accepted;
 * - at most `perAddress` from one client address (MAX_CONNECTIONS_PER_ADDRESS; an IPv6 address
 *   counts by its /64, as the rate limits do): a connection beyond it is destroyed at once, before
 *   a byte of it is read. This is what stops one host that opens thousands of connections and
 *   trickles a request on each (the timeouts of server/app.ts end each of them, but only after a
 *   while; meanwhile the host is held to its share).
 *
 * The address is the socket's: the client's on a direct connection. Behind a reverse proxy
 * (TRUST_PROXY) every connection comes from the proxy, whose own limits then apply (connections
 * per client, timeouts); the per-address cap is off there unless set.
 *
 * A failure to accept a connection (EMFILE when descriptors run out anyway) is logged, throttled,
 * instead of ending the process as an unhandled 'error' event would.
 */
import type { Server, Socket } from 'node:net';
import type { ConnectionLimitsConfig } from '../config';
import { descriptorShortageReporter, isDescriptorShortage } from '../descriptors';
import { addressKeyOf } from './addressLimits';

/** What the limits log with (a Fastify logger fits). */
export interface ConnectionLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Refusals are logged at most once per this interval, with how many there were. */
export const REFUSAL_LOG_INTERVAL_MS = 10_000;

/**
 * Logs one kind of refusal at most once per interval: the first at once, then a line per interval
 * with the count, while refusals go on (a flood refused one connection at a time would otherwise
 * write a line per connection).
 */
function throttledWarning(log: ConnectionLog, message: string, now: () => number) {
  let loggedAt: number | undefined;
  let unlogged = 0;
  return (details: object) => {
    const at = now();
    if (loggedAt !== undefined && at - loggedAt < REFUSAL_LOG_INTERVAL_MS) {
      unlogged += 1;
      return;
    }
    log.warn({ ...details, refusedSinceLastReport: unlogged }, message);
    loggedAt = at;
    unlogged = 0;
  };
}

/**
 * Applies `limits` to `server` (the HTTP server, before it listens). Returns how many connections
 * each address holds, for tests and diagnostics.
 */
export function installConnectionLimits(
  server: Server,
  limits: ConnectionLimitsConfig,
  log: ConnectionLog,
  now: () => number = Date.now,
): ReadonlyMap<string, number> {
  server.maxConnections = limits.maxConnections;
  const open = new Map<string, number>();
  const warnFull = throttledWarning(
    log,
    'connection refused: MAX_CONNECTIONS connections are open',
    now,
  );
  const warnAddress = throttledWarning(
    log,
    'connection refused: its address holds MAX_CONNECTIONS_PER_ADDRESS connections',
    now,
  );
  const reportShortage = descriptorShortageReporter();

  // Node emits 'drop' for each connection it closes at maxConnections.
  server.on('drop', (data?: { remoteAddress?: string }) => {
    warnFull({ maxConnections: limits.maxConnections, remoteAddress: data?.remoteAddress });
  });
  if (limits.perAddress > 0) {
    server.on('connection', (socket: Socket) => {
      // A socket already closed has no address any more; there is nothing left to count.
      if (socket.remoteAddress === undefined) return;
      const key = addressKeyOf(socket.remoteAddress);
      const held = open.get(key) ?? 0;
      if (held >= limits.perAddress) {
        socket.destroy();
        warnAddress({ address: key, perAddress: limits.perAddress });
        return;
      }
      open.set(key, held + 1);
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  }
  // An 'error' event without a listener ends the process. Errors of listen() itself (a port in
  // use) are Fastify's to report: it listens for them while listening starts.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.syscall === 'accept' && isDescriptorShortage(error)) {
      reportShortage(log, error, 'accepting a connection');
    } else if (error.syscall === 'accept' || server.listening) {
      log.error({ err: error }, 'HTTP server error');
    }
  });
  return open;
}
