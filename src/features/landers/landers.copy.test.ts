import { describe, expect, it } from 'vitest';
import de from '../../i18n/locales/de.json' with { type: 'json' };
import en from '../../i18n/locales/en.json' with { type: 'json' };

/*
 * Numbers must be true (issue 27): the page beside the copy shows the real member count, so the
 * copy itself never claims a crowd ("thousands of singles") that the count may contradict.
 */
const CROWDS: Record<string, RegExp> = {
  en: /\b(thousands|hundreds|millions|countless)\b/i,
  de: /\b(tausende|hunderte|millionen|unzählige)\b/i,
};

describe('lander and niche copy', () => {
  it.each([
    ['en', en],
    ['de', de],
  ] as const)('in %s claims no number of members', (locale, messages) => {
    const claims = Object.entries(messages as Record<string, string>)
      .filter(([key]) => key.startsWith('niche.') || key.startsWith('landers.') || key.startsWith('index.'))
      .filter(([, text]) => CROWDS[locale]!.test(text))
      .map(([key]) => key);
    expect(claims).toEqual([]);
  });
});
