/**
 * Whether `npm start` must build (issue 34): a sha256 of every input of the build — the paths and
 * contents of the files under the build's source folders and of its config files, and the VITE_
 * environment the build reads — written beside the build once it succeeded, and compared at the
 * next start. Written here rather than taken from a task runner (wireit, turbo, nx): those bring
 * a cache and a config format of their own for one decision that needs node:crypto and 40 lines.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the production build reads: the app, the contract it imports, the page and its config. */
export const BUILD_INPUTS: readonly string[] = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/landing-shell.ts',
  'scripts/budget.ts',
  // What those import: the plugin vite.config.ts loads, the page the landing shell writes into.
  'scripts/stripMachineDescriptions.ts',
  'server/http/indexPage.ts',
  // The files Vite reads VITE_ variables from (the environment's own are hashed below).
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];

/** Where the stamp lives: in the build's own folder, so a deleted or fresh build has none. */
export const STAMP_FILE = '.build-inputs.sha256';

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.posix.join(relative, name)));
}

/** The inputs' hash: each file's path and content, in a fixed order, and the VITE_ variables. */
export function inputsHash(
  root: string,
  inputs: readonly string[] = BUILD_INPUTS,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${env[name] ?? ''}\0`);
  }
  return hash.digest('hex');
}

/** True when the build in `distDir` was made from exactly these inputs (and is still there). */
export function buildIsCurrent(distDir: string, hash: string): boolean {
  const stamp = path.join(distDir, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(path.join(distDir, 'index.html'))) return false;
  return readFileSync(stamp, 'utf8').trim() === hash;
}

/** Records that the build in `distDir` was made from these inputs. */
export function writeStamp(distDir: string, hash: string): void {
  writeFileSync(path.join(distDir, STAMP_FILE), `${hash}\n`);
}
