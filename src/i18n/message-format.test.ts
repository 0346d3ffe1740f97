import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translator, type MessageKey } from './index.ts';
import { LOCALES } from './locales.ts';
import { format, parseMessage, type MessageVars } from './message-format.ts';

/** The formatter before plural blocks existed: what plain templates must keep producing. */
function plainFormat(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole,
  );
}

const NAMES = ['count', 'name', 'n', 'age'] as const;

/** Template pieces that include every character the parser reacts to. */
const piece = fc.oneof(
  fc.constantFrom('{', '}', '#', ',', ' ', '=0', '=1', 'one', 'few', 'many', 'other', 'plural', 'select'),
  fc.constantFrom(...NAMES).map((name) => `{${name}}`),
  fc.constantFrom(...NAMES).map((name) => `{${name}, plural, `),
  fc.string({ maxLength: 6 }),
);
const template = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
const value = fc.oneof(
  fc.integer({ min: -1000, max: 1_000_000 }),
  fc.double(),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('12', ' 3 ', '1,5', ''),
);
const vars = fc.dictionary(fc.constantFrom(...NAMES, 'other'), value);
const locale = fc.oneof(fc.constantFrom(...LOCALES), fc.string({ maxLength: 8 }));

describe('format, for any template', () => {
  it('never throws and always answers a string', () => {
    fc.assert(
      fc.property(template, fc.option(vars, { nil: undefined }), locale, (text, values, lang) => {
        expect(typeof format(text, values, lang)).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('fills plain placeholders exactly as before when there is no plural block', () => {
    const plain = template.filter((text) => !text.includes('plural'));
    fc.assert(
      fc.property(plain, fc.option(vars, { nil: undefined }), locale, (text, values, lang) => {
        expect(format(text, values, lang)).toBe(plainFormat(text, values));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the template back untouched without variables', () => {
    fc.assert(
      fc.property(template, locale, (text, lang) => {
        expect(format(text, undefined, lang)).toBe(text);
      }),
    );
  });

  it('reads what it cannot parse as literal text, never losing a character', () => {
    fc.assert(
      fc.property(template, (text) => {
        // Without variables nothing resolves, so the parsed pieces must spell the template again.
        const { nodes } = parseMessage(text);
        const spelled = nodes
          .map((node) =>
            node.type === 'text'
              ? node.value
              : node.type === 'var'
                ? `{${node.name}}`
                : node.type === 'plural'
                  ? node.raw
                  : '#',
          )
          .join('');
        expect(spelled).toBe(text);
      }),
    );
  });
});

describe('format with plural blocks', () => {
  const members = '{count, plural, one {# member} other {# members}}';

  it('picks the branch by the locale’s rules and prints # as a formatted number', () => {
    expect(format(members, { count: 1 }, 'en')).toBe('1 member');
    expect(format(members, { count: 1234 }, 'en')).toBe('1,234 members');
    expect(format('{n, plural, one {# Mitglied} other {# Mitglieder}}', { n: 1234 }, 'de')).toBe(
      '1.234 Mitglieder',
    );
    expect(format('{n, plural, one {# membre} other {# membres}}', { n: 12345 }, 'fr')).toBe(
      '12\u202f345 membres',
    );
  });

  it('lets an exact branch win over the category, and falls back to other', () => {
    const text = '{count, plural, =0 {nobody yet} one {# member} other {# members}}';
    expect(format(text, { count: 0 }, 'en')).toBe('nobody yet');
    expect(format(text, { count: 1 }, 'en')).toBe('1 member');
    // Polish "few" has no branch here: `other` answers.
    expect(format(members, { count: 3 }, 'pl')).toBe('3 members');
  });

  it('fills placeholders inside branches and around the block', () => {
    const text = '{count, plural, one {# member is} other {# members are}} on {name}.';
    expect(format(text, { count: 2, name: 'Amber' }, 'en')).toBe('2 members are on Amber.');
    expect(format(text, { count: 1 }, 'en')).toBe('1 member is on {name}.');
  });

  it('gives a nested block its own #', () => {
    const text = '{a, plural, other {# in {b, plural, one {# room} other {# rooms}}}}';
    expect(format(text, { a: 5, b: 1 }, 'en')).toBe('5 in 1 room');
  });

  it('accepts numeric strings, and takes other with the text itself for anything else', () => {
    expect(format(members, { count: '1' }, 'en')).toBe('1 member');
    expect(format(members, { count: '1,234' }, 'en')).toBe('1,234 members');
    expect(format(members, { count: 'many' }, 'en')).toBe('many members');
  });

  it('leaves a block visible when its variable is missing or it has no branch to take', () => {
    expect(format(members, { other: 1 }, 'en')).toBe(members);
    expect(format('{count, plural, one {# member}}', { count: 2 }, 'en')).toBe(
      '{count, plural, one {# member}}',
    );
  });

  it('keeps # outside a block, apostrophes and unsupported arguments as written', () => {
    expect(format("# {count} l'été", { count: 3 }, 'fr')).toBe("# 3 l'été");
    expect(format('{count, select, a {x} other {y}}', { count: 1 }, 'en')).toBe(
      '{count, select, a {x} other {y}}',
    );
  });

  it('falls back to English rules for a locale it cannot read', () => {
    expect(format(members, { count: 1 }, 'not a locale!')).toBe('1 member');
  });
});

describe('the count messages of the eleven-locale files', () => {
  const COUNTS = [0, 1, 2, 5, 22, 101] as const;
  type Locale = (typeof LOCALES)[number];
  const table = (lang: Locale, key: MessageKey) => {
    const t = translator(lang);
    return COUNTS.map((count) => t(key, { count }));
  };

  /** What the count messages read for COUNTS, per locale. */
  const EXPECTED: Partial<Record<Locale, Partial<Record<MessageKey, string[]>>>> = {
    en: {
      'landers.map.count': ['0 members', '1 member', '2 members', '5 members', '22 members', '101 members'],
      'landers.alone.online': [
        '0 members are online right now',
        '1 member is online right now',
        '2 members are online right now',
        '5 members are online right now',
        '22 members are online right now',
        '101 members are online right now',
      ],
    },
    de: {
      'landers.map.count': [
        '0 Mitglieder',
        '1 Mitglied',
        '2 Mitglieder',
        '5 Mitglieder',
        '22 Mitglieder',
        '101 Mitglieder',
      ],
      'landers.alone.online': [
        '0 Mitglieder sind gerade online',
        '1 Mitglied ist gerade online',
        '2 Mitglieder sind gerade online',
        '5 Mitglieder sind gerade online',
        '22 Mitglieder sind gerade online',
        '101 Mitglieder sind gerade online',
      ],
    },
    // French puts 0 in the singular.
    fr: {
      'landers.map.count': ['0 membre', '1 membre', '2 membres', '5 membres', '22 membres', '101 membres'],
      'signup.characters_left': [
        'Encore 0 caractère.',
        'Encore 1 caractère.',
        'Encore 2 caractères.',
        'Encore 5 caractères.',
        'Encore 22 caractères.',
        'Encore 101 caractères.',
      ],
    },
    // Polish has one, few and many.
    pl: {
      'landers.alone.online': [
        '0 osób jest teraz online',
        '1 osoba jest teraz online',
        '2 osoby są teraz online',
        '5 osób jest teraz online',
        '22 osoby są teraz online',
        '101 osób jest teraz online',
      ],
      'signup.characters_left': [
        'Zostało 0 znaków.',
        'Został 1 znak.',
        'Zostały 2 znaki.',
        'Zostało 5 znaków.',
        'Zostały 22 znaki.',
        'Zostało 101 znaków.',
      ],
      'landers.map.count': [
        '0 członków',
        '1 członek',
        '2 członków',
        '5 członków',
        '22 członków',
        '101 członków',
      ],
    },
  };

  it.each(Object.entries(EXPECTED))('%s', (lang, messages) => {
    for (const [key, texts] of Object.entries(messages)) {
      expect(table(lang as Locale, key as MessageKey)).toEqual(texts);
    }
  });

  it('never shows a raw block or a plural that disagrees with its number, in any locale', () => {
    for (const lang of LOCALES) {
      const t = translator(lang);
      for (const count of COUNTS) {
        for (const key of ['landers.map.count', 'landers.alone.online', 'signup.characters_left'] as const) {
          const text = t(key, { count });
          expect(text).not.toMatch(/[{}#]/);
          expect(text).toContain(String(count));
        }
        expect(t('landers.stat_members_count', { count, name: 'Amber' })).toContain('Amber');
      }
    }
  });
});
