/**
 * PGlite on Node, durable for acknowledged writes (issue 13, item 4). PGlite starts PostgreSQL
 * with `-F` (fsync off), and Emscripten's NODEFS has no fsync: a committed transaction reached
 * only the operating system's cache, so a power cut or an OS crash could lose writes the API had
 * acknowledged (kill -9 of the process alone could not, the cache survives it).
 *
 * Here PostgreSQL runs with fsync on and `wal_sync_method=fsync` (PostgreSQL's default on Linux,
 * fdatasync, reaches no NODEFS operation), and NODEFS streams get an fsync that flushes the real
 * file: every commit flushes the WAL before it is acknowledged.
 */
import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

interface NodeStream {
  nfd?: number;
}

/** NodeFS whose streams flush to the disk when PostgreSQL asks (fsync). */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly flush: (fd: number) => void = fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const { emscriptenOpts } = result;
    const addFsync = (mod: { NODEFS: { stream_ops?: Record<string, unknown> } }) => {
      const streamOps = mod.NODEFS.stream_ops;
      if (streamOps === undefined) throw new Error('PGlite NODEFS has no stream operations');
      streamOps.fsync = (stream: NodeStream) => {
        if (stream.nfd !== undefined) this.flush(stream.nfd);
        return 0;
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [addFsync, ...(emscriptenOpts.preRun ?? [])],
      },
    };
  }
}

/** PGlite's own start parameters, without `-F`, with the WAL flushed by fsync. */
export function durableStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  return [...defaults.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/** The options that make a PGlite in `dataDir` durable. */
export function durablePgliteOptions(
  dataDir: string,
  flush?: (fd: number) => void,
): Pick<PGliteOptions, 'fs' | 'startParams'> {
  return { fs: new DurableNodeFS(dataDir, flush), startParams: durableStartParams() };
}
