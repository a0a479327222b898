/** A small built SPA in a temporary directory, for the static-site answers (STATIC_DIR). */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
