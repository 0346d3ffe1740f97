import { describe, expect, it } from 'vitest';
import { regionName } from '../tenancy/regions.ts';
import { countryName, fullPlace, shortPlace } from './place-name.ts';

describe('place names', () => {
  it('names a region and a country instead of showing their codes', () => {
    const place = { country: 'GB', region: 'DUD', city: null };
    expect(fullPlace(place, 'en', regionName)).toBe('Dudley, United Kingdom');
    expect(shortPlace(place, 'en', regionName)).toBe('Dudley');
    expect(fullPlace({ ...place, city: 'Stourbridge' }, 'de', regionName)).toBe(
      'Stourbridge, Dudley, Vereinigtes Königreich',
    );
  });

  it('prefers the city on a card and falls back to the country without region names', () => {
    expect(shortPlace({ country: 'NL', region: 'NH', city: 'Haarlem' }, 'en', regionName)).toBe('Haarlem');
    expect(shortPlace({ country: 'NL', region: 'NH', city: null }, 'nl')).toBe('Nederland');
    expect(shortPlace({ country: 'NL', region: 'NH' }, 'en', regionName)).toBe('Noord-Holland');
  });

  it('leaves out a region it cannot name and shows a city-state once', () => {
    expect(fullPlace({ country: 'GB', region: 'ZZZ', city: 'Leeds' }, 'en', regionName)).toBe(
      'Leeds, United Kingdom',
    );
    expect(fullPlace({ country: 'SG', region: null, city: 'Singapore' }, 'en')).toBe('Singapore');
  });

  it('shows a code Intl cannot read as it is stored', () => {
    expect(countryName('not a code', 'en')).toBe('not a code');
    expect(countryName('SE', 'sv')).toBe('Sverige');
  });
});
