import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15 item 6, "install without warnings": `npm install` on any Node that package.json's
 * `engines` admits prints no warning. npm warns `EBADENGINE` when an installed package's own
 * `engines.node` does not accept the running Node, and `install-scripts` when a dependency has an
 * install script that `allowScripts` does not cover. Both are checked here against
 * package-lock.json, for every package it lists (dev, optional and other platforms' binaries
 * included), so a dependency update that raises a floor fails here, not in someone's terminal.
 */
interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const pkg = readJson<{ engines: { node: string }; allowScripts?: Record<string, boolean> }>(
  'package.json',
);
const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
const ours = pkg.engines.node;

/** Packages whose range may be narrower than ours, and why that cannot warn on a supported setup. */
const exceptions: Record<string, string> = {
  // sharp's binary for 32-bit Windows, which npm installs there only: sharp builds it for Node 20
  // alone. 32-bit Windows is not a platform Givedrop supports.
  '@img/sharp-win32-ia32': '^20.9.0',
};

/** "node_modules/a/node_modules/@s/b" → "@s/b" */
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 13);

/** Its `engines.node`, if any (old packages may have the legacy array form, which npm ignores). */
const nodeRange = (entry: LockEntry) =>
  entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;

const installed = Object.entries(lock.packages)
  .filter(([path]) => path !== '')
  .map(([path, entry]) => ({ name: nameOf(path), range: nodeRange(entry), ...entry }));

describe('engines', () => {
  it("is the range the README's Quick start names, with the same minimum", () => {
    const min = semver.minVersion(ours);
    const paragraph = readFileSync('README.md', 'utf8')
      .split(/\n\s*\n/)
      .find((p) => p.startsWith('You need Node.js'))
      ?.replace(/\s+/g, ' ');
    expect(paragraph).toContain(`You need Node.js ${min?.major}.${min?.minor} or newer`);
    expect(paragraph).toContain(`\`${ours}\``);
  });

  it('every package in package-lock.json accepts every Node that engines admits', () => {
    const narrower = installed
      .filter((p) => p.range !== undefined && !semver.subset(ours, p.range))
      .filter((p) => exceptions[p.name] !== p.range)
      .map((p) => `${p.name}@${p.version}: ${p.range}`);
    expect(narrower).toEqual([]);
  });

  it('every install script is reviewed in allowScripts', () => {
    const allowed = Object.entries(pkg.allowScripts ?? {});
    const covered = (name: string, version: string) =>
      allowed.some(([key]) => {
        const at = key.lastIndexOf('@');
        if (at <= 0) return key === name;
        return key.slice(0, at) === name && semver.satisfies(version, key.slice(at + 1));
      });
    const unreviewed = installed
      .filter((p) => p.hasInstallScript && !covered(p.name, p.version ?? ''))
      .map((p) => `${p.name}@${p.version}`);
    expect(unreviewed).toEqual([]);
  });
});
