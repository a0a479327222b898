/**
 * The data directory (DATA_DIR: PGlite's files, which hold the token-signing secret, password
 * hashes and the media key, and the media under DATA_DIR/media) is private to the server's user:
 * created 0700, every file in it made owner-only at start, and new files created owner-only by
 * the process umask (the directory being 0700 is what keeps others out: PGlite writes some files
 * 0666 whatever the umask, see {@link makePrivate}). It is checked before the database is opened, so a directory the server
 * cannot use is reported by name instead of by PGlite's "failed to initialize properly".
 */
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir, realpath, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Group and others get no access to anything the server creates. */
export const PRIVATE_UMASK = 0o077;
const PRIVATE_DIR_MODE = 0o700;

/** The data directory cannot be used; the message names it and says why. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

/**
 * Makes files and directories created from now on by this process (PGlite's included)
 * owner-only. Call it in the main thread before anything is created.
 */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

function problemOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

function dataDirError(dir: string, what: string, error: unknown): DataDirError {
  return new DataDirError(
    `The data directory ${resolve(dir)} (DATA_DIR) ${what}: ${problemOf(error)}. ` +
      `It must be readable and writable by the user running the server` +
      `${process.getuid === undefined ? '' : ` (uid ${process.getuid()})`}; fix its permissions ` +
      `or set DATA_DIR to another directory.`,
    // What failed, for those who tell its kind (out of descriptors is not a bad directory).
    { cause: error },
  );
}

/**
 * Lists `dir`, then creates, writes, syncs and removes a file in it: the server's use of it, in
 * small. Throws {@link DataDirError} naming the directory and the problem.
 */
export async function checkDataDir(dir: string): Promise<void> {
  try {
    await readdir(dir);
  } catch (error) {
    throw dataDirError(dir, 'cannot be read', error);
  }
  const probe = join(dir, `.write-probe-${process.pid}`);
  try {
    const file = await open(probe, constants.O_CREAT | constants.O_WRONLY | constants.O_TRUNC);
    try {
      await file.writeFile('probe');
      await file.sync();
    } finally {
      await file.close();
    }
  } catch (error) {
    throw dataDirError(dir, 'cannot be written', error);
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

/**
 * Removes group and other permissions from `path` and, for a directory, everything under it.
 * Run again once the database is open: PGlite writes the files of a new data directory (initdb)
 * 0666 whatever the umask, while the files it creates later follow it.
 */
export async function makeDataDirPrivate(dir: string): Promise<void> {
  // A DATA_DIR that is a symbolic link: the directory it points to is made private.
  await makePrivate(await realpath(dir));
}

async function makePrivate(path: string): Promise<void> {
  const info = await lstat(path);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    await chmod(path, PRIVATE_DIR_MODE);
    for (const name of await readdir(path)) await makePrivate(join(path, name));
  } else if ((info.mode & 0o077) !== 0) {
    await chmod(path, info.mode & 0o700);
  }
}

/**
 * Creates the data directory (0700) when missing, checks that this process can read and write
 * it, and makes it and everything in it private to the server's user (directories 0700, files
 * without group and other bits). Throws {@link DataDirError} when the directory is unusable.
 */
export async function prepareDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    throw dataDirError(dir, 'cannot be created', error);
  }
  const info = await lstat(dir).catch((error: unknown) => {
    throw dataDirError(dir, 'cannot be read', error);
  });
  if (!info.isDirectory() && !info.isSymbolicLink()) {
    throw new DataDirError(`The data directory ${resolve(dir)} (DATA_DIR) is not a directory.`);
  }
  await checkDataDir(dir);
  try {
    await makeDataDirPrivate(dir);
  } catch (error) {
    throw dataDirError(dir, 'cannot be made private', error);
  }
}
