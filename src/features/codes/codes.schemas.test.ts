import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { fieldCodes } from '../../server/endpoint.ts';
import type { z } from '../../lib/zod.ts';
import { newSingleUseCode, SINGLE_USE_MIN_LENGTH } from '../credits/index.ts';
import { staffFieldMessage } from '../staff/index.ts';
import { paragraphsOf } from './codes.service.ts';
import {
  discountActionSchema,
  inviteActionSchema,
  mailingActionSchema,
  MAX_SINGLE_USE_BATCH,
} from './codes.schemas.ts';

describe('generated single-use codes', () => {
  it('are at least 16 characters of a 32-letter alphabet: 80 random bits or more', () => {
    const codes = Array.from({ length: 2000 }, () => newSingleUseCode());
    for (const code of codes) {
      expect(code.length).toBeGreaterThanOrEqual(SINGLE_USE_MIN_LENGTH);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]+$/);
    }
    expect(SINGLE_USE_MIN_LENGTH * Math.log2(32)).toBeGreaterThanOrEqual(80);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('use every letter of the alphabet about equally in every position (no bias)', () => {
    const codes = Array.from({ length: 6400 }, () => newSingleUseCode());
    for (const position of [0, 7, 15]) {
      const counts = new Map<string, number>();
      for (const code of codes) counts.set(code[position]!, (counts.get(code[position]!) ?? 0) + 1);
      expect(counts.size).toBe(32);
      // 200 expected per letter; a fair source stays far inside these bounds.
      for (const n of counts.values()) {
        expect(n).toBeGreaterThan(120);
        expect(n).toBeLessThan(290);
      }
    }
  });
});

describe('the discount code form', () => {
  const multi = { action: 'create', kind: 'multi', network: 'amber', percentage: 10 };
  const single = { action: 'create', kind: 'single', network: 'amber', percentage: 10, count: 5 };

  it('takes a typed multi-use code in any case, upper-cased', () => {
    const parsed = discountActionSchema.parse({ ...multi, code: ' summer-26 ', country: 'nl' });
    expect(parsed).toMatchObject({ code: 'SUMMER-26', country: 'NL' });
  });

  it('refuses a typed code too short, too long or with other characters', () => {
    for (const code of ['ABC', 'A'.repeat(33), 'SUMMER SALE', 'ÉTÉ2026', '-LEADING'])
      expect(discountActionSchema.safeParse({ ...multi, code }).success, code).toBe(false);
  });

  it('keeps single-use codes generated: a typed code has no place there', () => {
    expect(discountActionSchema.safeParse(single).success).toBe(true);
    const typed = discountActionSchema.safeParse({ ...single, code: 'MY-OWN' });
    // The extra field is dropped: the codes are still generated.
    expect(typed.success && 'code' in typed.data).toBe(false);
    expect(discountActionSchema.safeParse({ ...single, count: 0 }).success).toBe(false);
    expect(discountActionSchema.safeParse({ ...single, count: MAX_SINGLE_USE_BATCH + 1 }).success).toBe(
      false,
    );
  });

  it('checks the percentage, the minimum with its currency, and the dates', () => {
    for (const percentage of [0, 101, 12.5])
      expect(discountActionSchema.safeParse({ ...multi, code: 'ABCD', percentage }).success).toBe(false);
    expect(discountActionSchema.safeParse({ ...multi, code: 'ABCD', minimum: 1000 }).success).toBe(false);
    expect(
      discountActionSchema.safeParse({ ...multi, code: 'ABCD', minimum: 1000, currency: 'eur' }).success,
    ).toBe(true);
    expect(discountActionSchema.safeParse({ ...multi, code: 'ABCD', valid_until: 'tomorrow' }).success).toBe(
      false,
    );
    expect(
      discountActionSchema.safeParse({ ...multi, code: 'ABCD', valid_until: '2027-01-31' }).success,
    ).toBe(true);
  });
});

describe('the refusals of the codes forms', () => {
  const refused = (schema: { safeParse(input: unknown): z.ZodSafeParseResult<unknown> }, input: object) => {
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error('accepted');
    return fieldCodes(parsed.error, input);
  };

  it('say beside each field what it needs: the format, the range, an amount above zero', () => {
    const multi = { action: 'create', kind: 'multi', network: 'amber' };
    expect(
      refused(discountActionSchema, {
        ...multi,
        code: 'bad code!',
        percentage: 150,
        minimum: -500,
        currency: 'EUR',
        max_uses: 0,
      }),
    ).toEqual({
      code: 'code_format',
      percentage: 'percentage_range',
      minimum: 'amount_positive',
      max_uses: 'whole_number',
    });
    expect(
      refused(discountActionSchema, {
        action: 'create',
        kind: 'single',
        network: 'amber',
        percentage: 5,
        count: MAX_SINGLE_USE_BATCH + 1,
      }),
    ).toEqual({ count: 'batch_size' });
    expect(refused(inviteActionSchema, { action: 'create', network: 'amber', code: 'no' })).toEqual({
      code: 'invite_code_format',
    });
    // A code left out is missing, not of the wrong format.
    expect(refused(discountActionSchema, { ...multi, percentage: 5 })).toEqual({ code: 'required' });
    expect(refused(inviteActionSchema, { action: 'create', network: 'amber' })).toEqual({ code: 'required' });
    // The action picks the form: switching a code off names its missing id, not the whole body.
    expect(refused(discountActionSchema, { action: 'disable', network: 'amber' })).toEqual({
      id: 'required',
    });
  });

  it('read as words of their own in every language, never as the form’s "check the highlighted fields"', () => {
    const codes = [
      'code_format',
      'invite_code_format',
      'percentage_range',
      'amount_positive',
      'whole_number',
      'batch_size',
      'invalid',
      'no_such_code',
    ];
    for (const locale of LOCALES) {
      const t = translator(locale);
      const form = t('api.validation');
      for (const code of codes) {
        const sentence = staffFieldMessage(t, code);
        expect(sentence, `${locale} ${code}`).not.toBe(form);
        expect(sentence, `${locale} ${code}`).not.toBe('');
      }
      // The batch's words name the batch's limit.
      expect(staffFieldMessage(t, 'batch_size').replace(/\D/g, '')).toContain(
        String(MAX_SINGLE_USE_BATCH).replace(/\D/g, ''),
      );
    }
  });
});

describe('invite codes and mailings', () => {
  it('lower-cases invite codes and refuses short ones', () => {
    expect(
      inviteActionSchema.parse({ action: 'create', network: 'amber', code: 'Friends-26' }),
    ).toMatchObject({
      code: 'friends-26',
    });
    expect(inviteActionSchema.safeParse({ action: 'create', network: 'amber', code: 'abc' }).success).toBe(
      false,
    );
  });

  it('takes promotions and news only, and splits the text into paragraphs at empty lines', () => {
    const base = { action: 'create', site: 'localhost', locale: 'en', subject: 'Hi', text: 'x' };
    expect(mailingActionSchema.safeParse({ ...base, category: 'news' }).success).toBe(true);
    expect(mailingActionSchema.safeParse({ ...base, category: 'new_messages' }).success).toBe(false);
    expect(paragraphsOf('One\nstill one.\n\n  Two  \n \nThree')).toEqual(['One\nstill one.', 'Two', 'Three']);
  });
});
