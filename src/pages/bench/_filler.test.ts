import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { benchBody } from './_filler.ts';

describe('the bench references', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('answer nothing unless the server runs for the benchmark', () => {
    vi.stubEnv('KINDRED_BENCH', '');
    expect(benchBody(new URL('http://x/bench/bare?bytes=100'), '<p>', '</p>', 50)).toBeNull();
  });

  it('answer exactly the bytes asked for', () => {
    vi.stubEnv('KINDRED_BENCH', '1');
    const body = benchBody(new URL('http://x/bench/bare?bytes=100'), '<p>', '</p>', 50)!;
    expect(body).toHaveLength(100);
    expect(body.startsWith('<p>') && body.endsWith('</p>')).toBe(true);
  });

  it("answer the saved bytes of a member's answer, and only a plain name of the saved folder", () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindred-saved-'));
    writeFileSync(join(dir, 'likes.html'), '<!DOCTYPE html><p>Robin’s likes</p>');
    vi.stubEnv('KINDRED_BENCH', '1');
    vi.stubEnv('KINDRED_BENCH_SAVED', dir);
    const saved = (name: string) =>
      benchBody(new URL(`http://x/bench/bare?saved=${encodeURIComponent(name)}`), '<p>', '</p>', 10);
    expect(saved('likes.html')).toBe('<!DOCTYPE html><p>Robin’s likes</p>');
    // Anything else is the filler, never a file outside the folder.
    expect(saved('../likes.html')).toHaveLength(10);
    expect(saved('missing.html')).toHaveLength(10);
    rmSync(dir, { recursive: true });
  });
});
