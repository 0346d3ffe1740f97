import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { fieldCodes } from '../../server/endpoint.ts';
import { staffFieldMessage } from '../staff/index.ts';
import { ADJUSTMENT_LIMIT, memberActionSchema } from './support.schemas.ts';

/*
 * Support's credit adjustment: a whole number of credits either way, up to the limit, never 0.
 * A refused amount says so beside the field, in the staff member's language, with the limit.
 */
describe("a credit adjustment's amount", () => {
  const codesFor = (delta: unknown) => {
    const input = { id: 'p1abcdefghijklmn', action: 'adjust_credits', delta, reason: 'goodwill' };
    const parsed = memberActionSchema.safeParse(input);
    return parsed.success ? 'accepted' : fieldCodes(parsed.error, input);
  };

  it('is a whole number within the limit either way, other than 0', () => {
    expect(codesFor(15)).toBe('accepted');
    expect(codesFor(-ADJUSTMENT_LIMIT)).toBe('accepted');
    for (const delta of [0, 1.5, ADJUSTMENT_LIMIT + 1, -ADJUSTMENT_LIMIT - 1, '15', null])
      expect(codesFor(delta), String(delta)).toEqual({ delta: 'adjustment_range' });
  });

  it('is refused in words that name the limit, in every language', () => {
    for (const locale of LOCALES) {
      const words = staffFieldMessage(translator(locale), 'adjustment_range');
      expect(words, locale).not.toBe(staffFieldMessage(translator(locale), 'invalid'));
      // "−100,000 to 100,000", "−100 000 à 100 000": the limit's digits twice, then the 0.
      expect(words.replace(/\D/g, ''), locale).toBe(`${ADJUSTMENT_LIMIT}${ADJUSTMENT_LIMIT}0`);
    }
  });
});
