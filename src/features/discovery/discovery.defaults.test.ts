import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultSearch, type Seeker } from './discovery.service.ts';

/** The niche file as the site carries it (only what the default filters read). */
function siteOf(niche: string) {
  const config = JSON.parse(readFileSync(new URL(`../../../niches/${niche}.json`, import.meta.url), 'utf8'));
  return {
    site: { nicheConfig: config },
    clock: { now: () => Date.UTC(2026, 5, 1) },
  } as unknown as Parameters<typeof defaultSearch>[0];
}
const born = (age: number) => `${2026 - age}-01-01`;
const seeker = (gender: Seeker['gender'], seeking: Seeker['seeking'], age = 30): Seeker => ({
  gender,
  seeking,
  birthdate: born(age),
});

describe('the default filters', () => {
  it('turn the general site to whom the member seeks', () => {
    const general = siteOf('general');
    expect(defaultSearch(general, seeker('female', 'male'))).toEqual({
      gender: 'male',
      min_age: 18,
      max_age: 45,
    });
    expect(defaultSearch(general, seeker('male', 'female'))).toEqual({
      gender: 'female',
      min_age: 18,
      max_age: 45,
    });
    expect(defaultSearch(general, seeker('female', 'female')).gender).toBe('female');
    // Seeking both: both genders the niche shows.
    expect(defaultSearch(general, seeker('male', 'both')).gender).toBeUndefined();
  });

  it('keep to the genders the niche shows', () => {
    // A gay site shows men; a women's site shows men to women; a milf site shows women.
    expect(defaultSearch(siteOf('gay'), seeker('male', 'male')).gender).toBe('male');
    expect(defaultSearch(siteOf('gay'), seeker('male', 'both')).gender).toBe('male');
    expect(defaultSearch(siteOf('she'), seeker('female', 'male')).gender).toBe('male');
    expect(defaultSearch(siteOf('milf'), seeker('female', 'male')).gender).toBe('female');
  });

  // [niche, the member's age, the range searched, why]
  it.each<[niche: string, age: number, range: [number, number], why: string]>([
    ['general', 60, [50, 70], 'moved to take in the member'],
    ['general', 30, [18, 45], 'the niche’s own where the member is inside it'],
    ['gilf', 60, [55, 80], 'the niche’s own where the member is inside it'],
    ['milf', 70, [40, 60], 'twenty years, below the end of the niche’s audience (60)'],
    ['gilf', 30, [55, 75], 'twenty years, above the start of the niche’s audience (55)'],
  ])('%s, a member of %i: ages %j, %s', (niche, age, [min, max]) => {
    expect(defaultSearch(siteOf(niche), seeker('male', 'female', age))).toMatchObject({
      min_age: min,
      max_age: max,
    });
  });

  it('are the niche’s own for a visitor', () => {
    expect(defaultSearch(siteOf('general'))).toEqual({ gender: 'female', min_age: 18, max_age: 45 });
  });
});
