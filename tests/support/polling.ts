/*
 * Waiting for what a server does in its own time (a cache catching up, a file watcher, a job):
 * polling until it shows, and failing with what was last seen when it does not.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds for its value; fails with the last value after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
  intervalMs = 100,
): Promise<T> {
  const started = Date.now();
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`still not there after ${timeoutMs} ms: ${String(last)}`);
    await pause(intervalMs);
    last = await read();
  }
  return last;
}

/** Polls every `intervalMs` until `condition` holds, or fails after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<void> {
  await eventually(
    async () => condition(),
    (met) => met,
    timeoutMs,
    intervalMs,
  );
}

/** Polls `read` closely until it returns `expected`; answers how long that took, in ms. */
export async function timeUntil<T>(read: () => Promise<T>, expected: T, timeoutMs = 3_000): Promise<number> {
  const started = Date.now();
  await eventually(read, (value) => value === expected, timeoutMs, 50);
  return Date.now() - started;
}
