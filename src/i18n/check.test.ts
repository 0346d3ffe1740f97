import { describe, expect, it } from 'vitest';
import { ALLOW_SAME, checkI18n } from '../../scripts/check-i18n.ts';
import { checkMessages, checkPageTexts, placeholders, type SameAsEnglish } from './check.ts';
import { LOCALES } from './locales.ts';

const en = {
  'nav.login': 'Log in',
  'index.age': '{age} years',
  'footer.company': '{company}, {city}',
  'footer.faq': 'FAQ',
};
const de = {
  'nav.login': 'Einloggen',
  'index.age': '{age} Jahre',
  'footer.company': '{company}, {city}',
  'footer.faq': 'Häufige Fragen',
};
const allow: SameAsEnglish[] = [{ key: 'footer.company', reason: 'placeholders only' }];

function problems(files: Record<string, unknown>, allowSame: readonly SameAsEnglish[] = allow): string[] {
  return checkMessages(files, { allowSame }).problems;
}

describe('the real message files', () => {
  it('pass the check: every locale has every English key, translated', async () => {
    const { ok, lines } = await checkI18n();
    expect(lines).toEqual([expect.stringMatching(/^i18n ok: 11 locales, \d+ keys, 7 pages$/)]);
    expect(ok).toBe(true);
  });

  it('keep the allow-list explained and limited to known locales', () => {
    for (const entry of ALLOW_SAME) {
      expect(entry.reason.length).toBeGreaterThan(10);
      for (const locale of entry.locales ?? []) expect(LOCALES).toContain(locale);
    }
  });
});

describe('checkMessages', () => {
  it('accepts a complete, translated set and counts locales and keys', () => {
    expect(checkMessages({ en, de }, { allowSame: allow })).toEqual({ problems: [], locales: 2, keys: 4 });
  });

  it('reports a missing key', () => {
    const { 'index.age': _dropped, ...rest } = de;
    expect(problems({ en, de: rest })).toEqual(['de.json: missing key index.age']);
  });

  it('reports an extra key', () => {
    expect(problems({ en, de: { ...de, 'nav.logout': 'Ausloggen' } })).toEqual([
      'de.json: extra key nav.logout',
    ]);
  });

  it('reports an empty value, including one of only spaces', () => {
    expect(problems({ en, de: { ...de, 'nav.login': '' } })).toEqual(['de.json: empty value nav.login']);
    expect(problems({ en, de: { ...de, 'nav.login': '  ' } })).toEqual(['de.json: empty value nav.login']);
  });

  it('reports a value that is not a string', () => {
    expect(problems({ en, de: { ...de, 'nav.login': 42 } })).toEqual(['de.json: not a string nav.login']);
  });

  it('reports placeholders that differ: renamed, dropped, added or repeated', () => {
    expect(problems({ en, de: { ...de, 'index.age': '{alter} Jahre' } })).toEqual([
      'de.json: placeholders differ in index.age: {age} vs {alter}',
    ]);
    expect(problems({ en, de: { ...de, 'index.age': 'Jahre' } })).toEqual([
      'de.json: placeholders differ in index.age: {age} vs (none)',
    ]);
    expect(problems({ en, de: { ...de, 'index.age': '{age} Jahre {year}' } })).toEqual([
      'de.json: placeholders differ in index.age: {age} vs {age} {year}',
    ]);
    expect(problems({ en, de: { ...de, 'index.age': '{age} Jahre ({age})' } })).toEqual([
      'de.json: placeholders differ in index.age: {age} vs {age} {age}',
    ]);
  });

  it('accepts placeholders in another order', () => {
    expect(problems({ en, de: { ...de, 'footer.company': '{city}: {company}' } })).toEqual([]);
  });

  it('reports a value left in English', () => {
    expect(problems({ en, de: { ...de, 'nav.login': 'Log in' } })).toEqual([
      'de.json: not translated (same as English) nav.login',
    ]);
    expect(problems({ en, de: { ...de, 'nav.login': ' Log in ' } })).toEqual([
      'de.json: not translated (same as English) nav.login',
    ]);
  });

  it('lets an allow-listed key stay English, only in the locales it names', () => {
    const faq: SameAsEnglish[] = [
      ...allow,
      { key: 'footer.faq', locales: ['de'], reason: 'same abbreviation' },
    ];
    const files = { en, de: { ...de, 'footer.faq': 'FAQ' }, sv: { ...de, 'footer.faq': 'FAQ' } };
    expect(problems(files, faq)).toEqual(['sv.json: not translated (same as English) footer.faq']);
  });

  it('matches allow-list prefixes written as `group.*`', () => {
    const files = { en, de: { ...de, 'nav.login': 'Log in' } };
    expect(problems(files, [...allow, { key: 'nav.*', reason: 'test prefix' }])).toEqual([]);
  });

  it('reports allow-list entries without a reason or matching no key', () => {
    expect(problems({ en, de }, [...allow, { key: 'footer.gone', reason: 'removed' }])).toEqual([
      'allow-list: footer.gone matches no key of en.json',
    ]);
    expect(problems({ en, de }, [...allow, { key: 'nav.login', reason: ' ' }])).toEqual([
      'allow-list: nav.login has no reason',
    ]);
  });

  it('reports a file that is missing, unreadable or not an object', () => {
    expect(problems({ en, de: new Error('file missing') })).toEqual(['de.json: file missing']);
    expect(problems({ en, de: ['Log in'] })).toEqual(['de.json: not a JSON object']);
    expect(problems({ de })).toEqual(['en.json: file missing']);
  });

  it('reports every problem of every locale, one line each', () => {
    const files = {
      en,
      de: { 'nav.login': 'Log in', 'index.age': '', 'footer.company': '{company}', extra: 'x' },
      nl: { ...de, 'nav.login': 'Inloggen' },
    };
    expect(problems(files)).toEqual([
      'de.json: not translated (same as English) nav.login',
      'de.json: empty value index.age',
      'de.json: placeholders differ in footer.company: {city} {company} vs {company}',
      'de.json: missing key footer.faq',
      'de.json: extra key extra',
    ]);
  });
});

describe('checkMessages on plural blocks', () => {
  const en = {
    'map.count': '{count, plural, one {# member} other {# members}}',
    'nav.unread': '{count} unread',
  };
  const de = {
    'map.count': '{count, plural, one {# Mitglied} other {# Mitglieder}}',
    'nav.unread': '{count} ungelesen',
  };
  const pl = {
    'map.count': '{count, plural, one {# członek} few {# członków} many {# członków} other {# członka}}',
    'nav.unread':
      '{count, plural, one {# nieprzeczytana} few {# nieprzeczytane} many {# nieprzeczytanych} other {# nieprzeczytanej}}',
  };
  const check = (files: Record<string, unknown>) => checkMessages(files).problems;

  it('accepts the categories each language has, and a block where English has a plain placeholder', () => {
    expect(check({ en, de, pl })).toEqual([]);
  });

  it('accepts a plain placeholder where English has a block, and exact branches', () => {
    expect(check({ en, de: { ...de, 'map.count': 'Mitglieder: {count}' } })).toEqual([]);
    expect(
      check({
        en,
        de: {
          ...de,
          'map.count': '{count, plural, =0 {noch niemand} one {# Mitglied} other {# Mitglieder}}',
        },
      }),
    ).toEqual([]);
  });

  it('reports a block without other, in English as well', () => {
    expect(check({ en, de: { ...de, 'map.count': '{count, plural, one {# Mitglied}}' } })).toEqual([
      'de.json: bad syntax in map.count: plural {count} has no other branch',
    ]);
    expect(check({ en: { ...en, 'map.count': '{count, plural, one {# member}}' }, de })).toEqual([
      'en.json: bad syntax in map.count: plural {count} has no other branch',
    ]);
  });

  it("reports a category the locale's plural rules never choose, and a repeated branch", () => {
    expect(
      check({
        en,
        de: {
          ...de,
          'map.count': '{count, plural, one {# Mitglied} few {# Mitglieder} other {# Mitglieder}}',
        },
      }),
    ).toEqual([
      'de.json: bad syntax in map.count: plural {count}: few is not a plural category of de (one other)',
    ]);
    expect(
      check({
        en,
        pl: { ...pl, 'map.count': '{count, plural, one {# członek} other {# członka} other {# członków}}' },
      }),
    ).toEqual(['pl.json: bad syntax in map.count: plural {count} repeats the branch other']);
  });

  it('reports a block it cannot read', () => {
    expect(
      check({ en, de: { ...de, 'map.count': '{count, plural, one {# Mitglied} other {# Mitglieder}' } }),
    ).toEqual([
      'de.json: bad syntax in map.count: plural {count} is not closed',
      'de.json: placeholders differ in map.count: {count} vs (none)',
    ]);
    expect(
      check({ en, de: { ...de, 'map.count': '{count, plural, one # Mitglied other # Mitglieder}' } }),
    ).toEqual([
      'de.json: bad syntax in map.count: plural {count}: expected a branch such as one {…} or other {…}',
      'de.json: placeholders differ in map.count: {count} vs (none)',
    ]);
    expect(check({ en, de: { ...de, 'nav.unread': '{count, number} ungelesen' } })).toEqual([
      'de.json: bad syntax in nav.unread: {count, number…} is not supported; use {name} or a plural block',
      'de.json: placeholders differ in nav.unread: {count} vs (none)',
    ]);
  });

  it('reports branches that name different placeholders, and placeholders that differ from English', () => {
    const english = { ...en, online: '{count, plural, one {# member is} other {# members are}} on {name}' };
    const german = {
      ...de,
      online: '{count, plural, one {# Mitglied ist} other {# Mitglieder sind}} bei {name}',
    };
    expect(check({ en: english, de: german })).toEqual([]);
    expect(
      check({
        en: english,
        de: {
          ...german,
          online: '{count, plural, one {# Mitglied ist bei {name}} other {# Mitglieder sind da}}',
        },
      }),
    ).toEqual([
      'de.json: bad syntax in online: plural {count}: branch one names {name}, other names (none)',
      'de.json: placeholders differ in online: {count} {name} vs {count}',
    ]);
    expect(
      check({
        en: english,
        de: { ...german, online: '{n, plural, one {# Mitglied ist} other {# Mitglieder sind}} bei {name}' },
      }),
    ).toEqual(['de.json: placeholders differ in online: {count} {name} vs {name} {n}']);
  });
});

describe('placeholders', () => {
  it('lists names sorted, repeats included, and ignores text that only looks similar', () => {
    expect(placeholders('{b} and {a} and {b}')).toEqual(['{a}', '{b}', '{b}']);
    expect(placeholders('no {place holder} or { spaced } or {}')).toEqual([]);
  });

  it('counts a plural block as its variable plus the placeholders of its other branch', () => {
    expect(
      placeholders('{count, plural, one {# member on {site}} other {# members on {site}}} at {site}'),
    ).toEqual(['{count}', '{site}', '{site}']);
  });
});

describe('checkPageTexts', () => {
  const english = '*{terms_date}*\n\n## One\n\n{site_name} text.\n\n## Two\n\nMail {support_email}.\n';
  const german = '*{terms_date}*\n\n## Eins\n\n{site_name} Text.\n\n## Zwei\n\nSchreib an {support_email}.\n';
  // A stand-in for the Markdown outline: the depth of every line starting with #.
  const outline = (text: string) => [...text.matchAll(/^(#+) /gm)].map((m) => m[1]!.length);
  const options = {
    pages: ['terms'],
    variables: ['terms_date', 'site_name', 'support_email', 'support_phone'],
    outline,
  };
  const check = (de: Record<string, string | Error>, en: Record<string, string> = { terms: english }) =>
    checkPageTexts({ en, de }, options).problems;

  it('accepts a complete translation and counts locales and pages', () => {
    expect(checkPageTexts({ en: { terms: english }, de: { terms: german } }, options)).toEqual({
      problems: [],
      locales: 2,
      pages: 1,
    });
  });

  it('reports a missing, unreadable or empty file', () => {
    expect(check({})).toEqual(['de/terms.md: file missing']);
    expect(check({ terms: new Error('permission denied') })).toEqual(['de/terms.md: permission denied']);
    expect(check({ terms: ' \n' })).toEqual(['de/terms.md: empty']);
  });

  it('reports an untranslated copy of English', () => {
    expect(check({ terms: english })).toEqual(['de/terms.md: not translated (same as English)']);
  });

  it('reports a placeholder the renderer does not fill, and a stray brace', () => {
    expect(check({ terms: german.replace('{site_name}', '{site}') })).toEqual([
      'de/terms.md: unknown placeholder {site}',
      'de/terms.md: placeholders of English missing: {site_name}',
    ]);
    expect(check({ terms: german.replace('{site_name}', '{site name}') })).toEqual([
      'de/terms.md: stray brace (2); placeholders look like {site_name}',
      'de/terms.md: placeholders of English missing: {site_name}',
    ]);
  });

  it('reports a placeholder English has and the translation dropped, or one English does not use', () => {
    expect(check({ terms: german.replace('{support_email}', 'uns') })).toEqual([
      'de/terms.md: placeholders of English missing: {support_email}',
    ]);
    expect(check({ terms: `${german}\nTelefon {support_phone}.\n` })).toEqual([
      'de/terms.md: placeholders English does not use: {support_phone}',
    ]);
  });

  it('allows a placeholder to move or repeat', () => {
    expect(check({ terms: `${german}\n{site_name} und {site_name}.\n` })).toEqual([]);
  });

  it('reports a section left out or added', () => {
    expect(check({ terms: german.replace('## Zwei\n\n', '') })).toEqual([
      'de/terms.md: headings differ from English: ## vs ## ##',
    ]);
  });

  it('reports raw HTML, which the renderer drops', () => {
    expect(check({ terms: `${german}\n<b>fett</b>\n` })).toEqual([
      'de/terms.md: contains HTML, which is not rendered; use Markdown',
    ]);
  });

  it('reports a file that is no known page', () => {
    expect(check({ terms: german, imprint: 'Impressum' })).toEqual(['de/imprint.md: not a known page']);
  });
});
