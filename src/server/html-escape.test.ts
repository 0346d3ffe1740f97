import { describe, expect, it } from 'vitest';
import { escapeHTML } from 'astro/runtime/server/escape.js';
import { escapeHtml } from './html-escape.ts';

describe('escapeHtml', () => {
  it('escapes the five HTML characters as Astro does', () => {
    for (const text of [`a&b<c>d'e"f`, '"only" "quotes"', 'none', '', `'`, '<', '>"&'])
      expect(escapeHtml(text)).toBe(escapeHTML(text));
  });
});
