/**
 * The body of a bench reference (bare.astro, bare.json.ts): `head` + filler + `tail`, exactly as
 * many bytes as `?bytes=` asks (up to 1 MB), else `fallback` bytes. Null unless the server runs
 * with KINDRED_BENCH=1, where the caller answers the ordinary 404.
 */
export function benchBody(url: URL, head: string, tail: string, fallback: number): string | null {
  if (process.env.KINDRED_BENCH !== '1') return null;
  const wanted = Number(url.searchParams.get('bytes'));
  const size =
    Number.isInteger(wanted) && wanted > head.length + tail.length && wanted <= 1_000_000 ? wanted : fallback;
  return head + 'kindred '.repeat(Math.ceil(size / 8)).slice(0, size - head.length - tail.length) + tail;
}
