/**
 * Ending the server: in-flight requests are drained and the database closed, within a bounded
 * time. A shutdown that has not finished after {@link SHUTDOWN_TIMEOUT_MS} (a request or the
 * database that never answers), or a second signal, ends the process at once with exit code 1.
 * The event-loop watchdog (watchdog.ts) covers a main thread too blocked to run these timers.
 */

/** The longest a shutdown may take before the process is ended anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

export interface ShutdownOptions {
  /** Stops taking requests, waits for the in-flight ones and closes the database. */
  close: () => Promise<void>;
  timeoutMs?: number;
  /** Ends the process (tests pass a spy). */
  exit?: (code: number) => void;
  /** Where the shutdown is reported (default stderr). */
  report?: (message: string) => void;
}

/**
 * `shutdown(reason, code)`: starts a bounded shutdown that ends the process with `code` once
 * closed (1 when closing failed or timed out). A second call forces exit code 1 at once.
 */
export type Shutdown = (reason: string, code: number) => void;

export function createShutdown(options: ShutdownOptions): Shutdown {
  const timeoutMs = options.timeoutMs ?? SHUTDOWN_TIMEOUT_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const report = options.report ?? ((message: string) => console.error(message));
  let started = false;
  let ended = false;
  const end = (code: number) => {
    if (ended) return;
    ended = true;
    exit(code);
  };
  return (reason, code) => {
    if (started) {
      report(`${reason} while shutting down: exiting now`);
      end(1);
      return;
    }
    started = true;
    report(`${reason}: shutting down (at most ${Math.ceil(timeoutMs / 1000)} s)`);
    const timer = setTimeout(() => {
      report(`Shutdown did not finish in ${Math.ceil(timeoutMs / 1000)} s: exiting now`);
      end(1);
    }, timeoutMs);
    options.close().then(
      () => {
        clearTimeout(timer);
        end(code);
      },
      (error: unknown) => {
        clearTimeout(timer);
        report(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        end(1);
      },
    );
  };
}

/** SIGINT and SIGTERM start the shutdown (exit code 0 when it completes); a second one forces. */
export function shutdownOnSignals(shutdown: Shutdown): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => shutdown(`${signal} received`, 0));
  }
}
