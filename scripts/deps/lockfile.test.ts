import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockfileProblems, platformBinaries, type Lockfile, type PackageJson } from './lockfile.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;

describe('package-lock.json, as npm ci reads it', () => {
  it("has an entry for every dependency, the other platforms' binaries included, and matches package.json", () => {
    expect(lockfileProblems(pkg, lock)).toEqual([]);
  });

  it("lists the compilers' binaries of Linux, macOS and Windows", () => {
    const binaries = platformBinaries(lock);
    for (const owner of [
      'node_modules/@astrojs/compiler-binding',
      'node_modules/rolldown',
      'node_modules/esbuild',
      'node_modules/sharp',
    ]) {
      const platforms = binaries.get(owner) ?? [];
      for (const os of ['linux', 'darwin', 'win32'])
        expect(
          platforms.some((p) => p.startsWith(os)),
          `${owner} for ${os}`,
        ).toBe(true);
    }
  });

  it('names what a lockfile written without the other platforms lacks', () => {
    const trimmed: Lockfile = structuredClone(lock);
    delete trimmed.packages['node_modules/@astrojs/compiler-binding-darwin-arm64'];
    trimmed.packages['']!.dependencies = { ...trimmed.packages['']!.dependencies, 'left-pad': '^1.0.0' };
    expect(lockfileProblems(pkg, trimmed)).toEqual([
      'root dependencies: left-pad: package.json (none), lockfile ^1.0.0',
      'root: its dependency left-pad@^1.0.0 has no entry',
      'node_modules/@astrojs/compiler-binding: its optional dependency @astrojs/compiler-binding-darwin-arm64@0.5.1 has no entry',
    ]);
  });
});
