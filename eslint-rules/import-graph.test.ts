import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, importPath } from './import-graph.ts';

const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'tree-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(resolve(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the import graph of the cycle rule', () => {
  it('finds a loop of type imports through a folder and back', () => {
    const dir = tree({
      'server/platform.ts': "import { jobs } from './jobs.list.ts';\nexport const platform = jobs;",
      'server/jobs.list.ts':
        "import { featureJobs } from '../features/a/index.ts';\nexport const jobs = featureJobs;",
      'features/a/index.ts': "export { featureJobs } from './a.service.ts';",
      'features/a/a.service.ts':
        "import type { Platform } from '../../server/platform.ts';\nexport const featureJobs = [];",
      'features/b/b.ts': "import { featureJobs } from '../a/index.ts';",
    });
    const graph = importGraph(dir);
    expect(graph.cycles).toHaveLength(1);
    expect(graph.cycles[0]!.map((f) => f.slice(dir.length + 1)).sort()).toEqual([
      'features/a/a.service.ts',
      'features/a/index.ts',
      'server/jobs.list.ts',
      'server/platform.ts',
    ]);
    expect(importPath(graph, join(dir, 'features/a/index.ts'), join(dir, 'server/platform.ts'))).toEqual(
      ['features/a/index.ts', 'features/a/a.service.ts', 'server/platform.ts'].map((f) => join(dir, f)),
    );
  });

  it('finds none in a tree whose imports all point one way', () => {
    const dir = tree({
      'server/platform.ts': "import { clock } from '../lib/clock.ts';\nexport const p = clock;",
      'lib/clock.ts': 'export const clock = 1;',
      'app/index.ts': "import { p } from '../server/platform.ts';\nimport('../lib/clock.ts');",
    });
    expect(importGraph(dir).cycles).toEqual([]);
  });

  it('finds none in src/', () => {
    expect(importGraph(resolve(import.meta.dirname, '..', 'src')).cycles.map((c) => c.length)).toEqual([]);
  });
});
