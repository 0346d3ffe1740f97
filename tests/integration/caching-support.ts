/** What the caching tests share: polling until a cache has caught up. */

/** Polls `read` until `done` holds for its value; fails with the last value after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const started = Date.now();
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`still not there after ${timeoutMs} ms: ${String(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}
