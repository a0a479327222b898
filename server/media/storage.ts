/**
 * Where the media service keeps files: pending uploads under `{root}/pending/`, confirmed files
 * under `{root}/files/`. Each file `{id}` has a sidecar `{id}.json` with its metadata; the sidecar
 * is written last (an upload is complete once it exists) and moved first (a confirmation claims
 * the upload, so two confirmations of one upload cannot both succeed). Writes go to a temporary
 * name and are renamed into place, so a crash leaves no partial file behind.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StoredFile {
  fileId: string;
  /** The validation preset the upload passed. */
  presetId: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
  /** The client's reference and file name, as sent with the upload. */
  reference: string;
  fileName: string;
  createdAt: string;
}

export type NewFile = Omit<StoredFile, 'fileId' | 'createdAt' | 'size'>;

/** File ids are URL- and path-safe; seeded files use readable ids of the same alphabet. */
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const isFileId = (value: string) => FILE_ID.test(value);

const META = '.json';
const TEMP = '.tmp';

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error as NodeJS.ErrnoException).code === 'ENOENT';

export type ConfirmOutcome =
  | { kind: 'confirmed'; file: StoredFile; undo: () => Promise<void> }
  | { kind: 'notPending' }
  | { kind: 'wrongPreset'; presetId: string };

export class MediaStorage {
  readonly pendingDir: string;
  readonly filesDir: string;

  constructor(
    readonly root: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.pendingDir = join(root, 'pending');
    this.filesDir = join(root, 'files');
  }

  async init(): Promise<void> {
    await mkdir(this.pendingDir, { recursive: true });
    await mkdir(this.filesDir, { recursive: true });
  }

  private async writeAtomically(path: string, data: Buffer | string): Promise<void> {
    const temp = `${path}.${randomBytes(6).toString('hex')}${TEMP}`;
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private async write(dir: string, file: StoredFile, data: Buffer): Promise<void> {
    await this.writeAtomically(join(dir, file.fileId), data);
    try {
      await this.writeAtomically(join(dir, `${file.fileId}${META}`), JSON.stringify(file));
    } catch (error) {
      await rm(join(dir, file.fileId), { force: true });
      throw error;
    }
  }

  private async readMeta(dir: string, fileId: string): Promise<StoredFile | undefined> {
    if (!isFileId(fileId)) return undefined;
    try {
      return JSON.parse(await readFile(join(dir, `${fileId}${META}`), 'utf8')) as StoredFile;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Stores a checked upload as pending under a new random id. */
  async savePending(file: NewFile, data: Buffer): Promise<StoredFile> {
    const stored: StoredFile = {
      ...file,
      fileId: randomBytes(18).toString('base64url'),
      size: data.length,
      createdAt: this.now().toISOString(),
    };
    await this.write(this.pendingDir, stored, data);
    return stored;
  }

  /** Stores a confirmed file under a chosen id (the seed's media). */
  async saveFile(fileId: string, file: NewFile, data: Buffer): Promise<StoredFile> {
    if (!isFileId(fileId)) throw new Error(`Not a file id: ${fileId}`);
    const stored: StoredFile = {
      ...file,
      fileId,
      size: data.length,
      createdAt: this.now().toISOString(),
    };
    await this.write(this.filesDir, stored, data);
    return stored;
  }

  readPending(fileId: string): Promise<StoredFile | undefined> {
    return this.readMeta(this.pendingDir, fileId);
  }

  /** A confirmed file's metadata, if there is one. */
  readFileInfo(fileId: string): Promise<StoredFile | undefined> {
    return this.readMeta(this.filesDir, fileId);
  }

  /** Deletes a pending upload; false when there was none. */
  async deletePending(fileId: string): Promise<boolean> {
    if (!isFileId(fileId)) return false;
    try {
      await rm(join(this.pendingDir, `${fileId}${META}`));
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    await rm(join(this.pendingDir, fileId), { force: true });
    return true;
  }

  /** Deletes a confirmed file (a deleted post's media). */
  async deleteFile(fileId: string): Promise<void> {
    if (!isFileId(fileId)) return;
    await rm(join(this.filesDir, `${fileId}${META}`), { force: true });
    await rm(join(this.filesDir, fileId), { force: true });
  }

  private async move(fileId: string, from: string, to: string): Promise<void> {
    await rename(join(from, `${fileId}${META}`), join(to, `${fileId}${META}`));
    try {
      await rename(join(from, fileId), join(to, fileId));
    } catch (error) {
      await rename(join(to, `${fileId}${META}`), join(from, `${fileId}${META}`));
      throw error;
    }
  }

  /**
   * Moves a pending upload of preset `presetId` to the confirmed files. `undo` moves it back (the
   * caller's transaction failed after the move).
   */
  async confirm(fileId: string, presetId: string): Promise<ConfirmOutcome> {
    const file = await this.readPending(fileId);
    if (file === undefined) return { kind: 'notPending' };
    if (file.presetId !== presetId) return { kind: 'wrongPreset', presetId: file.presetId };
    try {
      await this.move(fileId, this.pendingDir, this.filesDir);
    } catch (error) {
      // Another confirmation (or a deletion) took it first.
      if (isMissing(error)) return { kind: 'notPending' };
      throw error;
    }
    return {
      kind: 'confirmed',
      file,
      undo: () => this.move(fileId, this.filesDir, this.pendingDir),
    };
  }

  /** A stream of a confirmed file with its metadata, if it exists. */
  async openFile(fileId: string): Promise<{ file: StoredFile; stream: ReadStream } | undefined> {
    const file = await this.readFileInfo(fileId);
    if (file === undefined) return undefined;
    try {
      const path = join(this.filesDir, fileId);
      const info = await stat(path);
      return { file: { ...file, size: info.size }, stream: createReadStream(path) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /**
   * Deletes pending uploads older than `maxAgeMs` and leftover temporary files older than
   * `tempMaxAgeMs` (by default `maxAgeMs`: a sweep while the server runs must not delete the
   * temporary file of a write under way; at start, before any write, every one is a leftover);
   * returns how many pending uploads went.
   */
  async sweep(maxAgeMs: number, tempMaxAgeMs: number = maxAgeMs): Promise<number> {
    const nowMs = this.now().getTime();
    const cutoff = nowMs - maxAgeMs;
    const tempCutoff = nowMs - tempMaxAgeMs;
    let swept = 0;
    for (const dir of [this.pendingDir, this.filesDir]) {
      for (const name of await readdir(dir)) {
        const path = join(dir, name);
        if (name.endsWith(TEMP)) {
          const info = await stat(path).catch(() => undefined);
          if (tempMaxAgeMs <= 0 || (info !== undefined && info.mtimeMs < tempCutoff)) {
            await rm(path, { force: true });
          }
        } else if (dir === this.pendingDir && name.endsWith(META)) {
          const info = await stat(path).catch(() => undefined);
          if (info !== undefined && info.mtimeMs < cutoff) {
            await this.deletePending(name.slice(0, -META.length));
            swept += 1;
          }
        }
      }
    }
    // Data without a sidecar (a write cut short before the sidecar landed).
    for (const name of await readdir(this.pendingDir)) {
      if (name.endsWith(META) || name.endsWith(TEMP)) continue;
      const info = await stat(join(this.pendingDir, name)).catch(() => undefined);
      const hasMeta = await stat(join(this.pendingDir, `${name}${META}`)).then(
        () => true,
        () => false,
      );
      if (!hasMeta && info !== undefined && info.mtimeMs < cutoff) {
        await rm(join(this.pendingDir, name), { force: true });
      }
    }
    return swept;
  }
}
