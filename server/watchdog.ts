/**
 * The event-loop watchdog: a worker thread that ends the process when the main thread has not
 * run its event loop for a while. PGlite runs PostgreSQL synchronously on the main thread; when
 * its data directory stops taking writes it can loop inside one call without returning (seen when
 * a new WAL segment cannot be created), and then no request, timer or signal handler runs: the
 * server hangs at 100 % CPU and ignores SIGTERM. The watchdog reports it on stderr and sends
 * SIGKILL to its own process, so a supervisor sees a failure (signal 9) and restarts it.
 */
import { Worker } from 'node:worker_threads';

/** A main thread blocked this long is taken as hung. */
export const EVENT_LOOP_BLOCK_LIMIT_MS = 15_000;
const BEAT_MS = 500;

export interface Watchdog {
  /** Stops the watchdog (the worker ends; nothing is killed). */
  stop(): void;
}

/**
 * Runs in the worker (CommonJS, evaluated from a string so it needs no loader). It waits on the
 * shared beat counter; when the counter has not moved for `limitMs`, it reports and kills.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const shared = new Int32Array(workerData.buffer);
const { limitMs, beatMs } = workerData;
let last = Atomics.load(shared, 0);
let since = Date.now();
for (;;) {
  Atomics.wait(shared, 0, last, beatMs);
  if (Atomics.load(shared, 1) === 1) break;
  const beat = Atomics.load(shared, 0);
  if (beat !== last) {
    last = beat;
    since = Date.now();
  } else if (Date.now() - since >= limitMs) {
    writeSync(2, 'Watchdog: the server has not run its event loop for ' + Math.round((Date.now() - since) / 1000) +
      ' s (a hung database call?); killing process ' + process.pid + ' so that it can be restarted\\n');
    process.kill(process.pid, 'SIGKILL');
    break;
  }
}
`;

/**
 * Starts the watchdog: the main thread beats every 0.5 s; a pause of `limitMs` kills the
 * process. The worker and the beat timer do not keep the process alive.
 */
export function startWatchdog(limitMs: number = EVENT_LOOP_BLOCK_LIMIT_MS): Watchdog {
  const buffer = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const shared = new Int32Array(buffer);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { buffer, limitMs, beatMs: Math.min(BEAT_MS, limitMs) },
  });
  worker.unref();
  const beat = setInterval(() => {
    Atomics.add(shared, 0, 1);
    Atomics.notify(shared, 0);
  }, BEAT_MS);
  beat.unref();
  return {
    stop() {
      clearInterval(beat);
      Atomics.store(shared, 1, 1);
      Atomics.notify(shared, 0);
    },
  };
}
