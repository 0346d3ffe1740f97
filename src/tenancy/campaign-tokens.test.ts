import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { reservedTokenReason, SITE_PATH_SEGMENTS } from './campaign-tokens.ts';
import { PROJECT_ROOT } from './cli/test-support.ts';

/** The first URL segment each top-level entry of `src/pages` answers on (routes without one left out). */
function routeSegments(): string[] {
  return readdirSync(join(PROJECT_ROOT, 'src/pages'), { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? entry.name : entry.name.replace(/\.(astro|ts)$/, '')))
    .filter((name) => name !== 'index' && !name.startsWith('['));
}

describe('SITE_PATH_SEGMENTS', () => {
  it('names every top-level route of src/pages, and nothing else', () => {
    expect([...SITE_PATH_SEGMENTS].sort()).toEqual([...new Set(routeSegments())].sort());
  });

  it('leaves no file of public/ that a token could be named like', () => {
    const files = readdirSync(join(PROJECT_ROOT, 'public'));
    const tokenLike = files.filter((name) => /^[a-z0-9][a-z0-9-]{0,62}$/.test(name));
    expect(tokenLike.filter((name) => !SITE_PATH_SEGMENTS.includes(name))).toEqual([]);
  });
});

describe('reservedTokenReason', () => {
  it('refuses every locale code, whichever languages the site shows', () => {
    for (const locale of LOCALES) expect(reservedTokenReason(locale), locale).toMatch(/^is reserved: /);
    expect(reservedTokenReason('de')).toBe(
      'is reserved: /de/ is the prefix of the Deutsch pages, so the campaign could never be reached; choose another token',
    );
  });

  it("refuses the first segment of the site's own paths", () => {
    for (const segment of ['landers', 'pages', 'members', 'api', 'login', 'signup', 'media', 'pricing']) {
      expect(reservedTokenReason(segment), segment).toMatch(/^is reserved: /);
    }
    expect(reservedTokenReason('complaints')).toBe(
      "is reserved: /complaints belongs to the site's own pages, which are matched before campaigns; choose another token",
    );
  });

  it('accepts tokens that only resemble them', () => {
    for (const token of [
      'summer',
      'de-summer',
      'deal',
      'members2',
      'signup-now',
      'en1',
      'no',
      'eu',
      'apis',
    ]) {
      expect(reservedTokenReason(token), token).toBeUndefined();
    }
  });
});
