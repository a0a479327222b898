/**
 * Closing the listening server without losing a request a client has already sent (SIGTERM,
 * server/lifecycle.ts, runs `app.close()`).
 *
 * Node's `server.close()` also destroys every kept-alive connection that is idle at that moment;
 * a client that has just sent its next request on one (in flight on the network, or not yet read)
 * gets a reset. And Fastify, once closing, answers a request that still arrives with a bare 503
 * (`return503OnClosing`), not the envelope. Instead, before Fastify closes the server:
 *
 * 1. the listening socket is closed: new connections are refused (nothing sent on them yet);
 * 2. every request that arrives on a connection already open is served as usual, and every
 *    answer from now on carries `Connection: close`, so each connection ends after its answer,
 *    never while a request is on its way on it;
 * 3. once no request has been in flight for {@link GracefulCloseOptions.quietMs} (a request sent
 *    on an idle connection arrives within that), Fastify closes the server: the connections still
 *    idle are closed, and a request that still arrives is answered 503 in the envelope with
 *    Retry-After (the database is about to close);
 * 4. at {@link GracefulCloseOptions.deadlineMs} from the start, the connections left (a request
 *    trickled in, an answer that never ends) are destroyed, so the shutdown ends in its bound.
 *
 * An app that does not listen (tests' `inject()`) closes at once.
 */
import type { FastifyInstance } from 'fastify';
import { Server as NetServer } from 'node:net';
import { ResponseStatus } from '../../contract/enums';
import { SHUTDOWN_TIMEOUT_MS } from '../lifecycle';
import { failure } from './envelope';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors';

export const SERVER_CLOSING = 'The service is restarting; please try again in a moment.';

export interface GracefulCloseOptions {
  /** Time without a request in flight after which the idle connections may be closed. */
  quietMs: number;
  /** Time after the start of closing at which the connections left are destroyed. */
  deadlineMs: number;
}

/**
 * The drain ends well within the shutdown's bound ({@link SHUTDOWN_TIMEOUT_MS}), which also
 * covers closing the database afterwards.
 */
export const GRACEFUL_CLOSE: GracefulCloseOptions = {
  quietMs: 500,
  deadlineMs: SHUTDOWN_TIMEOUT_MS - 3000,
};

type Phase = 'open' | 'draining' | 'closing';

/**
 * Installs the graceful close on `app` (before its routes). Fastify must be built with
 * `return503OnClosing: false`: the 503 of step 3 is answered here, in the envelope.
 */
export function installGracefulClose(
  app: FastifyInstance,
  options: GracefulCloseOptions = GRACEFUL_CLOSE,
): void {
  const server = app.server;
  let phase: Phase = 'open';
  let inFlight = 0;
  let lastActivity = 0;
  /** While draining: looks again whether the server is quiet (when the last request ends). */
  let recheck: (() => void) | undefined;

  // On the raw server, ahead of Fastify's handler: every request counts, including those Fastify
  // answers itself (404, a malformed one), and the header is set before any answer is written.
  server.prependListener('request', (_request, response) => {
    inFlight += 1;
    lastActivity = Date.now();
    if (phase !== 'open') response.setHeader('connection', 'close');
    response.once('close', () => {
      inFlight -= 1;
      lastActivity = Date.now();
      if (inFlight === 0) recheck?.();
    });
  });

  app.addHook('onRequest', async (_request, reply) => {
    if (phase !== 'closing') return;
    reply.header('connection', 'close');
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return reply.code(503).send(failure(ResponseStatus.Error, [SERVER_CLOSING]));
  });

  app.addHook('preClose', async () => {
    if (!server.listening) return;
    const startedAt = Date.now();
    // net.Server's close: it stops listening, and leaves the open connections alone, unlike
    // http.Server's, which would reset those idle at this instant (step 1 above).
    NetServer.prototype.close.call(server);
    phase = 'draining';
    const deadline = setTimeout(() => server.closeAllConnections(), options.deadlineMs);
    deadline.unref();
    server.once('close', () => clearTimeout(deadline));
    await new Promise<void>((resolve) => {
      let quietTimer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(quietTimer);
        clearTimeout(hardStop);
        recheck = undefined;
        resolve();
      };
      const hardStop = setTimeout(done, options.deadlineMs);
      // Quiet: no request in flight, none ended for quietMs, and quietMs since the listening
      // socket closed (for a request already on its way on an idle connection).
      recheck = () => {
        clearTimeout(quietTimer);
        if (inFlight > 0) return;
        const left = Math.max(lastActivity, startedAt) + options.quietMs - Date.now();
        if (left <= 0) done();
        else quietTimer = setTimeout(() => recheck?.(), left);
      };
      recheck();
    });
    phase = 'closing';
  });
}
