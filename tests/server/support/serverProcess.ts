/**
 * Runs server/main.ts (or a module of the server) in a child process, as `npm run serve` does.
 * Run as root, the child runs as nobody (uid/gid 65534): root ignores file permissions, and these
 * tests are about what the server's user may do with its data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { chown } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const runsAsRoot = process.getuid?.() === 0;
const SERVER_USER = 65_534;

/** The uid/gid the child runs as (nobody when these tests run as root). */
export const childIdentity = runsAsRoot ? { uid: SERVER_USER, gid: SERVER_USER } : {};

/** Gives `path` to the child's user (when it is not ours). */
export async function giveToChild(path: string): Promise<void> {
  if (runsAsRoot) await chown(path, SERVER_USER, SERVER_USER);
}

/** A free TCP port on localhost. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The ceiling of a server process's start (PGlite's initdb on a new data directory, the
 * migrations, the seed): about 10 s on a quiet machine, several times that on a busy 2-core one.
 * Tests wait for the process's own signal (a line it prints, its exit); this only ends a start
 * that would otherwise hang, so it is generous.
 */
export const PROCESS_START_CEILING_MS = 240_000;

export interface RunningProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<Exit>;
  /**
   * Resolves as soon as the output contains `text`; rejects at once when the process ends
   * without printing it, or after `ceilingMs` (a hang).
   */
  waitFor: (text: string, ceilingMs?: number) => Promise<void>;
  /** Resolves with the exit, or with undefined when still running after `ms`. */
  exitWithin: (ms: number) => Promise<Exit | undefined>;
}

/** Starts `node --import tsx <args>` in the repository with `env` added to a minimal one. */
export function runTsx(args: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: REPO_ROOT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...childIdentity,
  });
  let text = '';
  const output = new EventEmitter();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    output.emit('output');
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // 'close' comes after the exit and after the last output has been read from the pipes.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const exitWithin = (ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      exited,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      }),
    ]).finally(() => clearTimeout(timer));
  };
  const waitFor = (wanted: string, ceilingMs = PROCESS_START_CEILING_MS) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        output.off('output', check);
        if (error === undefined) resolve();
        else reject(error);
      };
      const check = () => {
        if (text.includes(wanted)) done();
      };
      const timer = setTimeout(
        () => done(new Error(`no '${wanted}' in ${ceilingMs} ms:\n${text}`)),
        ceilingMs,
      );
      output.on('output', check);
      void closed.then(() => {
        check();
        done(new Error(`exited before printing '${wanted}':\n${text}`));
      });
      check();
    });
  return { child, output: () => text, exited, waitFor, exitWithin };
}

/** Kills a child left running by a failed test. */
export function killIfRunning(running: RunningProcess | undefined): void {
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGKILL');
  }
}
