import { describe, expect, it } from 'vitest';
import { INTERESTS } from '../features/profiles/catalog.ts';
import { NICHE_IDS, nicheNumber } from './niche.schema.ts';
import { loadNiches, loadThemes } from './registry.ts';
import { NICHES_DIR, THEMES_DIR } from './cli/test-support.ts';

const niches = loadNiches(NICHES_DIR);

describe('niche files', () => {
  it('exist for all seven niches, numbered as the spec numbers them', () => {
    expect([...niches.keys()]).toEqual([...NICHE_IDS]);
    expect(NICHE_IDS.map(nicheNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(nicheNumber('general')).toBe(1);
    expect(nicheNumber('gay')).toBe(7);
  });

  // A misspelt interest would be dropped without a word (settings.interests keeps only known
  // ones), so the niche would silently lose its featured list.
  it.each([...NICHE_IDS])('%s features only interests of the spec list', (id) => {
    const unknown = niches
      .get(id)!
      .featured_interests.filter((i) => !(INTERESTS as readonly string[]).includes(i));
    expect(unknown).toEqual([]);
  });

  it.each([...NICHE_IDS])('%s searches by default for members its audience shows', (id) => {
    const { audience, default_search, signup_defaults } = niches.get(id)!;
    expect(audience.min_age).toBeLessThanOrEqual(audience.max_age);
    expect(default_search.min_age).toBeLessThanOrEqual(default_search.max_age);
    expect(audience.genders).toContain(default_search.gender);
    expect(default_search.min_age).toBeGreaterThanOrEqual(audience.min_age);
    expect(audience.genders).toContain(signup_defaults.seeking);
  });
});

describe('theme manifests', () => {
  it('include the default theme, amber', () => {
    const themes = loadThemes(THEMES_DIR);
    expect(themes.get('amber')?.color_scheme).toBe('light');
  });
});
