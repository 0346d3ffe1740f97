/** Time as the rules see it. Rules never read the wall clock: tests move this one. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that reads the system time shifted by an offset (tests and demos move it forward). */
export function offsetClock(base: Clock, offsetMs: () => number): Clock {
  return { now: () => base.now() + offsetMs() };
}
