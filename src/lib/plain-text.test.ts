import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './plain-text.ts';

describe('hasControlCharacters', () => {
  it.each([
    ['Anna', false],
    ['Zoë Ørsted-Łukasz', false],
    ['שלום עולם', false],
    ['emoji 😀 pair', false],
    ['nul\u0000', true],
    ['escape\u001b[31m', true],
    ['del\u007f', true],
    ['c1\u0085', true],
    ['\u202Eoverride', true],
    ['embed\u202A', true],
    ['isolate\u2066x\u2069', true],
    ['lone \uD800 half', true],
    ['tab\there', true],
    ['line\nbreak', true],
  ])('one line: %j → %s', (text, refused) => {
    expect(hasControlCharacters(text, { lines: false })).toBe(refused);
  });

  it('lets a text with lines keep tabs and line breaks, nothing else', () => {
    expect(hasControlCharacters('one\n\ttwo\r\nthree', { lines: true })).toBe(false);
    expect(hasControlCharacters('one\n\u0000', { lines: true })).toBe(true);
    expect(hasControlCharacters('one\u000b', { lines: true })).toBe(true);
    expect(hasControlCharacters('one\u202E', { lines: true })).toBe(true);
  });
});
