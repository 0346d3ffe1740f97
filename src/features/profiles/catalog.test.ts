import { describe, expect, it } from 'vitest';
import { ADULT_INTERESTS, INTEREST_GROUPS, INTERESTS, interestsFor } from './catalog.ts';

describe('the interests catalogue', () => {
  it('puts every interest in exactly one group', () => {
    const grouped = Object.values(INTEREST_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...INTERESTS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('keeps practices apart from tea: adult interests only where the niche is adult', () => {
    expect(ADULT_INTERESTS.has('oralsex')).toBe(true);
    expect(ADULT_INTERESTS.has('tea')).toBe(false);
    const general = interestsFor(['relationship', 'tea'], false);
    expect(general).toContain('tea');
    expect(general.some((i) => ADULT_INTERESTS.has(i))).toBe(false);
    expect(interestsFor(['bondage'], true)[0]).toBe('bondage');
    expect(interestsFor([], true)).toHaveLength(INTERESTS.length);
  });
});

describe('the niche files', () => {
  it('offer adult interests on the bdsm niche alone', async () => {
    const { readFile, readdir } = await import('node:fs/promises');
    const dir = new URL('../../../niches/', import.meta.url);
    const adult: string[] = [];
    for (const file of await readdir(dir)) {
      const niche = JSON.parse(await readFile(new URL(file, dir), 'utf8')) as {
        id: string;
        adult_interests?: boolean;
      };
      if (niche.adult_interests) adult.push(niche.id);
    }
    expect(adult).toEqual(['bdsm']);
  });
});
