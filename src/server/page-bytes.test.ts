import { describe, expect, it } from 'vitest';
import { pageBytes } from './page-bytes';

const utf8 = (text: string) => Buffer.from(new TextEncoder().encode(text));

describe('page bytes', () => {
  it.each([
    ['an ASCII page', '<!DOCTYPE html><p title="a&amp;b">Hello</p>'],
    ['Latin-1 characters', '<title>Settings · Amber</title><p>© 2026 Café</p>'],
    ['characters beyond Latin-1', '<p>Loading…</p><p>Zoë – “quoted” 🎭</p>'],
    ['an empty page', ''],
    ['a lone surrogate (written as U+FFFD)', '<p>a\ud800b 🎭</p>'],
    ['a lone low surrogate at the end', '<p>🎭</p>\udc00'],
  ])('writes the UTF-8 of %s, byte for byte', (_what, html) => {
    expect(Buffer.from(pageBytes(html)).equals(utf8(html))).toBe(true);
  });

  it('writes a long two-byte page as TextEncoder does', () => {
    const html = Array.from({ length: 2000 }, (_, i) => `<p data-i="${i}">Saving… ${i} 🎭 ©</p>`).join('');
    expect(Buffer.from(pageBytes(html)).equals(utf8(html))).toBe(true);
  });
});
