/** A small built SPA in a temporary directory, for the static-site answers (STATIC_DIR). */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';

/** index.html, a hashed asset (assets/index-abc123.js) and favicon.svg; answers the directory. */
export async function makeStaticSite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'givedrop-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><title>Givedrop</title><div id="root"></div>',
  );
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/**
 * A site directory `make` writes before the file's tests, removed after them; answers a reader of
 * its path (open only in tests and hooks). Call it before `useTestApp` when the app serves it.
 */
export function useSiteDir(make: () => Promise<string>): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await make();
  });
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (dir === undefined) throw new Error('the site directory is open only in tests and hooks');
    return dir;
  };
}

/** A static answer's body as text, decoded from the brotli or gzip it was sent in. */
export function decoded(response: LightMyRequestResponse): string {
  const body = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(body).toString('utf8');
    case 'gzip':
      return gunzipSync(body).toString('utf8');
    case undefined:
      return body.toString('utf8');
    default:
      throw new Error(
        `unexpected content-encoding ${String(response.headers['content-encoding'])}`,
      );
  }
}
