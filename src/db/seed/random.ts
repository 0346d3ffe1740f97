/**
 * The seed's only source of chance. Everything the demo data contains is drawn from these
 * generators, never from Math.random(), so the same seed gives the same members on every
 * machine and a failing test can be replayed.
 */

/** A small, fast PRNG with a 32-bit state: plenty for demo data and trivially reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Mixes a seed with further numbers into a new 32-bit seed. A member's own stream depends only
 * on (run seed, member index), so changing how one member is drawn never shifts the others.
 */
export function deriveSeed(seed: number, ...parts: number[]): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; a weight of 0 is never picked. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** `count` distinct items, each drawn by weight among those not yet taken. */
  sampleWeighted<T>(entries: ReadonlyArray<readonly [T, number]>, count: number): T[] {
    const pool = [...entries];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      let total = 0;
      for (const [, w] of pool) total += w;
      let r = this.next() * total;
      let index = pool.length - 1;
      for (let i = 0; i < pool.length; i++) {
        r -= pool[i]![1];
        if (r < 0) {
          index = i;
          break;
        }
      }
      out.push(pool[index]![0]);
      pool.splice(index, 1);
    }
    return out;
  }

  /** Triangular distribution: ages cluster around a mode without hard-looking cut-offs. */
  triangular(min: number, mode: number, max: number): number {
    const u = this.next();
    const c = (mode - min) / (max - min);
    return u < c
      ? min + Math.sqrt(u * (max - min) * (mode - min))
      : max - Math.sqrt((1 - u) * (max - min) * (max - mode));
  }
}
