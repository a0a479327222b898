/**
 * `npm start` builds only when the build's inputs changed (issue 34): the stamp of their hash,
 * written beside a successful build, decides.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { BUILD_INPUTS, buildIsCurrent, inputsHash, writeStamp } from '../../scripts/buildStamp';

function project() {
  const root = mkdtempSync(path.join(inject('tempRoot'), 'build-stamp-'));
  mkdirSync(path.join(root, 'src', 'views'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'main.tsx'), 'export {};\n');
  writeFileSync(path.join(root, 'src', 'views', 'A.tsx'), 'export const a = 1;\n');
  writeFileSync(path.join(root, 'index.html'), '<!doctype html>\n');
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html>\n');
  return root;
}
const inputs = ['src', 'index.html', 'vite.config.ts'];

describe('the build stamp', () => {
  it('skips the build while no input changed, and builds again when one did', () => {
    const root = project();
    const dist = path.join(root, 'dist');
    const first = inputsHash(root, inputs, {});
    expect(buildIsCurrent(dist, first)).toBe(false); // never built: no stamp
    writeStamp(dist, first);
    expect(buildIsCurrent(dist, inputsHash(root, inputs, {}))).toBe(true);

    writeFileSync(path.join(root, 'src', 'views', 'A.tsx'), 'export const a = 2;\n');
    expect(buildIsCurrent(dist, inputsHash(root, inputs, {}))).toBe(false);
  });

  it('counts a new file, a renamed one, a new config file and the VITE_ environment', () => {
    const root = project();
    const base = inputsHash(root, inputs, {});
    writeFileSync(path.join(root, 'src', 'views', 'B.tsx'), 'export const a = 1;\n');
    const added = inputsHash(root, inputs, {});
    expect(added).not.toBe(base);
    writeFileSync(path.join(root, 'vite.config.ts'), 'export default {};\n');
    const configured = inputsHash(root, inputs, {});
    expect(configured).not.toBe(added);
    expect(inputsHash(root, inputs, { VITE_INSPECT: '1' })).not.toBe(configured);
    // Other variables do not make a new build.
    expect(inputsHash(root, inputs, { HOME: '/elsewhere' })).toBe(configured);
  });

  it('builds when the build itself is gone, stamp or not', () => {
    const root = project();
    const dist = path.join(root, 'dist');
    const hash = inputsHash(root, inputs, {});
    writeStamp(dist, hash);
    expect(buildIsCurrent(dist, hash)).toBe(true);
    rmSync(path.join(dist, 'index.html'));
    expect(buildIsCurrent(dist, hash)).toBe(false);
    expect(buildIsCurrent(path.join(root, 'missing'), hash)).toBe(false);
  });

  it("counts every project file the build's config and scripts import among its inputs", () => {
    const covered = (file: string) =>
      BUILD_INPUTS.some((input) => file === input || file.startsWith(`${input}/`));
    for (const config of BUILD_INPUTS.filter((input) => /\.ts$/.test(input))) {
      const text = readFileSync(config, 'utf8');
      for (const [, relative] of text.matchAll(/^import [^;]*?from '(\.{1,2}\/[^']+)'/gms)) {
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(config), relative!));
        const withExtension = /\.[a-z]+$/.test(file) ? file : `${file}.ts`;
        expect(covered(withExtension), `${config} imports ${withExtension}`).toBe(true);
      }
    }
  });
});
