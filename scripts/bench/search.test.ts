import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSearchArgs, runSearchBench } from './search.ts';

/* The search benchmark at a small size, so its generation and measuring code cannot rot. */
describe('search benchmark (small)', () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'kindred-search-bench-'));
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('generates a network, measures every search in-process and against its raw SQL', async () => {
    const lines: string[] = [];
    const results = await runSearchBench({
      ...parseSearchArgs(['--size', '3000', '--dialects', 'sqlite', '--iterations', '5', '--no-http']),
      cacheDir,
      out: (line) => lines.push(line),
    });
    expect(results.map((r) => r.name)).toEqual([
      'first page (default search)',
      'first page, country',
      'deep page (cursor)',
    ]);
    for (const result of results) {
      expect(result.service.p99).toBeGreaterThan(0);
      expect(result.raw.statements).toBeGreaterThan(0);
    }
    expect(lines.join('\n')).toMatch(/generated 3000 profiles/);
    expect(lines.join('\n')).toMatch(/\| sqlite \| deep page \(cursor\) \|/);
  }, 60_000);
});
