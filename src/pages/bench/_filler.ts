import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The body of a bench reference (bare.astro, bare.json.ts): `head` + filler + `tail`, exactly as
 * many bytes as `?bytes=` asks (up to 1 MB), else `fallback` bytes. Null unless the server runs
 * with KINDRED_BENCH=1, where the caller answers the ordinary 404.
 */
export function benchBody(url: URL, head: string, tail: string, fallback: number): string | null {
  if (process.env.KINDRED_BENCH !== '1') return null;
  const saved = savedBody(url);
  if (saved !== null) return saved;
  const wanted = Number(url.searchParams.get('bytes'));
  const size =
    Number.isInteger(wanted) && wanted > head.length + tail.length && wanted <= 1_000_000 ? wanted : fallback;
  return head + 'kindred '.repeat(Math.ceil(size / 8)).slice(0, size - head.length - tail.length) + tail;
}

const saved = new Map<string, string>();

/**
 * `?saved=NAME`: the bytes of an answer the benchmark saved as NAME in KINDRED_BENCH_SAVED (one
 * member's page or call), read once and kept, so a member request is compared with the bare
 * route answering exactly its bytes.
 */
function savedBody(url: URL): string | null {
  const name = url.searchParams.get('saved');
  const dir = process.env.KINDRED_BENCH_SAVED;
  if (!name || !dir || !/^[a-z0-9][a-z0-9.-]*$/.test(name)) return null;
  let body = saved.get(name);
  if (body === undefined) {
    try {
      body = readFileSync(join(dir, name), 'utf8');
    } catch {
      return null;
    }
    saved.set(name, body);
  }
  return body;
}
