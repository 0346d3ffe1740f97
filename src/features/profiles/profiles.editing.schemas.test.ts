import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERESTS } from './catalog.ts';
import {
  ATTRIBUTE_CHOICES,
  ATTRIBUTE_NAMES,
  INTERESTS_MAX,
  PROFILE_FIELD_CODES,
  SEEKING_CHOICES,
  TEXT_MAX_LENGTH,
  geocodeQuerySchema,
  profileInputSchema,
} from './profiles.editing.schemas.ts';

const REGIONS: Record<string, string[]> = { NL: ['NH', 'ZH', 'UT'], DE: ['BY', 'BE'] };
const schema = profileInputSchema({ countries: ['NL', 'DE'], regionCodes: (c) => REGIONS[c] ?? [] });

/** A profile built only from the catalog's values: always valid. */
const validInput = fc
  .record(
    {
      seeking: fc.constantFrom(...SEEKING_CHOICES),
      ...Object.fromEntries(
        ATTRIBUTE_NAMES.map((name) => [name, fc.option(fc.constantFrom(...ATTRIBUTE_CHOICES[name]))]),
      ),
      interests: fc.uniqueArray(fc.constantFrom(...INTERESTS), { maxLength: INTERESTS_MAX }),
      location: fc.constantFrom('NL', 'DE').chain((country) =>
        fc.record({
          country: fc.constant(country),
          region: fc.option(fc.constantFrom(...REGIONS[country]!)),
        }),
      ),
      city: fc.option(fc.string({ maxLength: 80 })),
      text: fc.option(fc.string({ maxLength: TEXT_MAX_LENGTH })),
    },
    { requiredKeys: [] },
  )
  .map(({ location, ...rest }) => ({ ...rest, ...(location ?? {}) }))
  // A city without its country asks for the country (see the schema).
  .filter((input) => !('city' in input && input.city?.trim() && !('country' in input)));

describe('profileInputSchema', () => {
  it('accepts every combination of catalog values', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const parsed = schema.safeParse(input);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }),
    );
  });

  it('never throws on random input and names only known field codes', () => {
    const codes = new Set<string>(PROFILE_FIELD_CODES);
    fc.assert(
      fc.property(fc.anything(), fc.object(), (any, object) => {
        for (const input of [any, object]) {
          const parsed = schema.safeParse(input);
          if (parsed.success) continue;
          for (const issue of parsed.error.issues)
            if (/^[a-z_]+$/.test(issue.message)) expect(codes.has(issue.message), issue.message).toBe(true);
        }
      }),
    );
  });

  it('names each refusal with its field code', () => {
    const codeOf = (input: unknown) => {
      const parsed = schema.safeParse(input);
      return parsed.success ? undefined : parsed.error.issues.map((i) => [i.path[0], i.message]);
    };
    expect(codeOf({ sexuality: 'robot' })).toEqual([['sexuality', 'invalid_choice']]);
    expect(codeOf({ interests: ['cooking', 'stamps'] })).toEqual([['interests', 'interest_invalid']]);
    expect(codeOf({ interests: INTERESTS.slice(0, INTERESTS_MAX + 1) })).toEqual([
      ['interests', 'too_many_interests'],
    ]);
    expect(codeOf({ country: 'FR' })).toEqual([['country', 'country_invalid']]);
    expect(codeOf({ country: 'NL', region: 'BY' })).toEqual([['region', 'region_invalid']]);
    expect(codeOf({ region: 'NH' })).toEqual([['country', 'country_required']]);
    expect(codeOf({ text: 'x'.repeat(TEXT_MAX_LENGTH + 1) })).toEqual([['text', 'text_too_long']]);
    expect(codeOf({ country: 'NL', city: 'x'.repeat(81) })).toEqual([['city', 'city_too_long']]);
  });

  it('keeps interests once each and makes blank text nothing said', () => {
    const parsed = schema.parse({ interests: ['wine', 'wine', 'tea'], text: '   ', city: '' });
    expect(parsed).toEqual({ interests: ['wine', 'tea'], text: null, city: null });
  });
});

describe('geocodeQuerySchema', () => {
  it('takes decimal degrees within range only', () => {
    expect(geocodeQuerySchema.parse({ lat: '52.3731', lon: '4.8922' })).toEqual({
      lat: 52.3731,
      lon: 4.8922,
    });
    for (const bad of [
      { lat: '91', lon: '0' },
      { lat: '0', lon: '-180.5' },
      { lat: 'north', lon: '0' },
      { lat: '1e2', lon: '0' },
      { lat: '0' },
    ])
      expect(geocodeQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
