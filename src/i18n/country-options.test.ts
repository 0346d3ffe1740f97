import { describe, expect, it } from 'vitest';
import { countryOptions } from './index.ts';

describe('countryOptions', () => {
  const codes = ['DE', 'AT', 'CH', 'NL'];

  it('names and sorts the countries in the language of the page', () => {
    expect(countryOptions(codes, 'de').map((c) => c.name)).toEqual([
      'Deutschland',
      'Niederlande',
      'Österreich',
      'Schweiz',
    ]);
    expect(countryOptions(codes, 'en').map((c) => c.code)).toEqual(['AT', 'DE', 'NL', 'CH']);
  });

  it('builds a list once per site list and language: the same for every member', () => {
    expect(countryOptions(codes, 'fr')).toBe(countryOptions(codes, 'fr'));
    expect(countryOptions(codes, 'fr')).not.toBe(countryOptions(codes, 'nl'));
    expect(Object.isFrozen(countryOptions(codes, 'fr'))).toBe(true);
  });
});
