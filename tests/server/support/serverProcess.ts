/**
 * Runs server/main.ts (or a module of the server) in a child process, as `npm run serve` does.
 * Run as root, the child runs as nobody (uid/gid 65534): root ignores file permissions, and these
 * tests are about what the server's user may do with its data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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

export interface RunningProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<Exit>;
  /** Resolves when the output contains `text`; rejects when the process ends or after `ms`. */
  waitFor: (text: string, ms: number) => Promise<void>;
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
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const exitWithin = (ms: number) =>
    Promise.race([
      exited,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
    ]);
  const waitFor = async (wanted: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!text.includes(wanted)) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`exited before printing '${wanted}':\n${text}`);
      }
      if (Date.now() > deadline) throw new Error(`no '${wanted}' in ${ms} ms:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, output: () => text, exited, waitFor, exitWithin };
}

/** Kills a child left running by a failed test. */
export function killIfRunning(running: RunningProcess | undefined): void {
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGKILL');
  }
}
