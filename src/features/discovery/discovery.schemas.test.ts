import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, readKeptFilters, searchQuerySchema } from './discovery.schemas.ts';

describe('search cursor', () => {
  it('round-trips where a page ended and the first page’s count, URL-safe', () => {
    const cursor = { t: 1_763_000_000_123, id: 'ab12cd34ef56gh78', n: 1001 };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'not-a-cursor',
      btoa('[1,"x"]'),
      btoa('[1.5,"x",3]'),
      btoa('[1,"X Y",3]'),
      btoa('[1,"x",1002]'),
    ])
      expect(decodeCursor(text), text).toBeUndefined();
  });
});

describe('search query', () => {
  it('reads a form’s query: empty fields are no filter, numbers from text, country in capitals', () => {
    const parsed = searchQuerySchema.parse({
      gender: '',
      country: 'de',
      countryregion: ' ',
      min_age: '20',
      max_age: '',
    });
    expect(parsed).toEqual({ country: 'DE', min_age: 20, page: 1 });
  });

  it('answers field codes for bad filters', () => {
    const codes = (query: Record<string, string>) => {
      const result = searchQuerySchema.safeParse(query);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(codes({ min_age: '17' })).toEqual(['min_age:age_invalid']);
    expect(codes({ max_age: '100' })).toEqual(['max_age:age_invalid']);
    expect(codes({ min_age: '50', max_age: '40' })).toEqual(['max_age:age_range_invalid']);
    expect(codes({ gender: 'both' })).toEqual(['gender:gender_invalid']);
    expect(codes({ country: 'NLD' })).toEqual(['country:country_invalid']);
    expect(codes({ after: 'x' })).toEqual(['after:cursor_invalid']);
    expect(codes({ page: '0' })).toEqual(['page:page_invalid']);
  });
});

describe('kept filters read back', () => {
  it('reads a kept row once per text and hands out the same frozen filters', () => {
    const json = JSON.stringify({ gender: 'female', country: 'nl', min_age: 30, max_age: 45 });
    const first = readKeptFilters(json);
    expect(first).toEqual({ gender: 'female', country: 'NL', min_age: 30, max_age: 45 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(readKeptFilters(json)).toBe(first);
  });

  it('gives no filters for a row that no longer parses, and none for a bad value', () => {
    expect(readKeptFilters('{"gender":')).toBeUndefined();
    expect(readKeptFilters('{"gender":')).toBeUndefined();
    expect(readKeptFilters(JSON.stringify({ min_age: 'old' }))).toEqual({});
  });
});
