import type { RealtimeBus } from './realtime-bus.ts';

/*
 * How many streams one holder (a member, a console session) keeps open in this process: a bus
 * belongs to one platform, so counting per bus counts per process.
 */

/** Takes a slot for `holder` and answers its release, or null when it holds `limit` already. */
export type TakeStreamSlot = (bus: RealtimeBus, holder: string, limit: number) => (() => void) | null;

/** A count of open streams of its own (one per kind of stream). */
export function streamSlots(): TakeStreamSlot {
  const openStreams = new WeakMap<RealtimeBus, Map<string, number>>();
  return (bus, holder, limit) => {
    let counts = openStreams.get(bus);
    if (!counts) openStreams.set(bus, (counts = new Map()));
    const open = counts.get(holder) ?? 0;
    if (open >= limit) return null;
    counts.set(holder, open + 1);
    const held = counts;
    return () => {
      const now = (held.get(holder) ?? 1) - 1;
      if (now <= 0) held.delete(holder);
      else held.set(holder, now);
    };
  };
}
