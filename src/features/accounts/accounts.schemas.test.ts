import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMessageKey, LOCALES, MESSAGES, translator } from '../../i18n/index.ts';
import {
  accountInputSchema,
  birthdateCode,
  DELETION_REASONS,
  deleteAccountInputSchema,
  emailField,
  FIELD_ERROR_CODES,
  fieldErrorMessage,
  fieldErrorMessageKey,
  fieldErrors,
  isCalendarDate,
  nameField,
  NAME_MAX_LENGTH,
  newPasswordField,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  resetDoInputSchema,
  signupInputSchema,
  yearsBetween,
} from './accounts.schemas.ts';

const NOW = Date.UTC(2026, 5, 15, 12); // 15 June 2026, noon UTC

function codeOf(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
): string | undefined {
  const result = schema.safeParse(value) as { success: boolean; error?: Parameters<typeof fieldErrors>[0] };
  return result.success ? undefined : Object.values(fieldErrors(result.error!))[0];
}

describe('field codes', () => {
  it('each have a message in every language, with only the placeholders the form fills', () => {
    for (const code of FIELD_ERROR_CODES) {
      const key = fieldErrorMessageKey(code);
      expect(isMessageKey(key), code).toBe(true);
      for (const locale of LOCALES) {
        const text = fieldErrorMessage(translator(locale), code, 21);
        expect(text, `${locale} ${code}`).not.toMatch(/\{\w+\}/);
        expect(MESSAGES[locale][key].trim()).not.toBe('');
      }
    }
  });

  it('keep the spec’s own English words', () => {
    const t = translator('en');
    expect(fieldErrorMessage(t, 'email_invalid', 18)).toBe('Invalid email');
    expect(fieldErrorMessage(t, 'too_young', 18)).toBe('Enter your date of birth (18+)');
    expect(fieldErrorMessage(t, 'passwords_differ', 18)).toBe('The entered passwords are not the same.');
    expect(fieldErrorMessage(t, 'old_password_wrong', 18)).toBe('Please check your old password');
  });

  it('fall back to the generic message for an unknown code', () => {
    expect(fieldErrorMessageKey('no_such_code')).toBe(fieldErrorMessageKey('invalid'));
  });
});

describe('e-mail', () => {
  it('is trimmed and lower-cased, so one address is one account whatever its spelling', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', ' ', '\t'), (email, pad) => {
        const parsed = emailField.safeParse(pad + email.toUpperCase() + pad);
        if (parsed.success) expect(parsed.data).toBe(email.toLowerCase());
      }),
    );
  });

  it('refuses what is no address', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (text) => {
          expect(['email_invalid', 'required']).toContain(codeOf(emailField, text));
        },
      ),
    );
  });
});

describe('name', () => {
  const letters = fc.stringMatching(/^[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ0-9 ._'-]{1,28}[A-Za-zÀ-ÖØ-öø-ÿ0-9]$/);

  it('accepts names of letters, digits and joiners, folding inner spaces', () => {
    fc.assert(
      fc.property(letters, (name) => {
        const parsed = nameField.safeParse(name);
        expect(parsed.success).toBe(true);
        if (parsed.success) expect(parsed.data).not.toMatch(/\s{2}/);
      }),
    );
  });

  it('refuses a name starting with @ with its own code', () => {
    fc.assert(
      fc.property(letters, (name) => {
        expect(codeOf(nameField, `@${name}`)).toBe('name_starts_with_at');
      }),
    );
  });

  it('counts characters, not bytes', () => {
    expect(codeOf(nameField, 'é'.repeat(NAME_MAX_LENGTH))).toBeUndefined();
    expect(codeOf(nameField, 'é'.repeat(NAME_MAX_LENGTH + 1))).toBe('name_too_long');
    expect(codeOf(nameField, 'J')).toBe('name_too_short');
    expect(codeOf(nameField, '   ')).toBe('required');
    expect(codeOf(nameField, 'Bob<script>')).toBe('name_invalid');
  });
});

describe('password', () => {
  const isCommon = (p: string) => p.toLowerCase() === 'password123';
  const field = newPasswordField(isCommon);

  it('is judged by its length in characters alone (ASVS: at least 8, 64 and more allowed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }), (password) => {
        const length = [...password].length;
        const code = codeOf(field, password);
        if (length < PASSWORD_MIN_LENGTH) expect(code).toBe('password_too_short');
        else if (length > PASSWORD_MAX_LENGTH) expect(code).toBe('password_too_long');
        else if (password.toLowerCase() !== 'password123') expect(code).toBeUndefined();
      }),
    );
  });

  it('refuses a common one in any case, and is never trimmed', () => {
    expect(codeOf(field, 'PassWord123')).toBe('password_common');
    const parsed = field.safeParse('  spaced secret  ');
    expect(parsed.success && parsed.data).toBe('  spaced secret  ');
  });
});

describe('date of birth', () => {
  it('knows the calendar', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1800-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (date) => {
          expect(isCalendarDate(date.toISOString().slice(0, 10))).toBe(true);
        },
      ),
    );
    for (const bad of ['2023-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '26-01-01', '2026-1-1', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    expect(isCalendarDate('2024-02-29')).toBe(true);
  });

  it('is too young exactly when the years since birth are fewer than the site’s minimum', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1901-01-01'), max: new Date('2026-06-15'), noInvalidDate: true }),
        fc.integer({ min: 18, max: 99 }),
        (date, minAge) => {
          const birthdate = date.toISOString().slice(0, 10);
          const code = birthdateCode(birthdate, minAge, NOW);
          const age = yearsBetween(birthdate, '2026-06-15');
          expect(code === 'too_young').toBe(age < minAge);
          expect(code === undefined || code === 'too_young').toBe(true);
        },
      ),
    );
  });

  it('counts a birthday on its day, and 29 February on 1 March in common years', () => {
    expect(birthdateCode('2008-06-15', 18, NOW)).toBeUndefined();
    expect(birthdateCode('2008-06-16', 18, NOW)).toBe('too_young');
    expect(yearsBetween('2008-02-29', '2026-02-28')).toBe(17);
    expect(yearsBetween('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('refuses the future, the distant past and other formats as date_invalid', () => {
    expect(birthdateCode('2026-06-16', 18, NOW)).toBe('date_invalid');
    expect(birthdateCode('1899-12-31', 18, NOW)).toBe('date_invalid');
    expect(birthdateCode('15.06.1990', 18, NOW)).toBe('date_invalid');
  });
});

describe('signup input', () => {
  const schema = signupInputSchema({ minAge: 18, now: NOW, isCommonPassword: () => false });

  it('never throws on junk, and names every failure with a known code', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const result = schema.safeParse(junk);
        if (!result.success)
          for (const code of Object.values(fieldErrors(result.error)))
            expect(FIELD_ERROR_CODES).toContain(code);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a name that is the e-mail address in any case, even when other fields fail', () => {
    expect(
      fieldErrors(
        schema.safeParse({ email: 'Anna@Example.org', name: 'anna@example.ORG', password: 'x' }).error!,
      ),
    ).toMatchObject({
      name: 'name_is_email',
      password: 'password_too_short',
    });
    expect(
      fieldErrors(schema.safeParse({ email: 'anna@example.org', name: 'anna@other.org' }).error!).name,
    ).toBe('name_invalid');
  });

  it('leaves gender and seeking to the niche when absent, and ignores unknown fields', () => {
    const parsed = schema.parse({
      email: 'a@example.org',
      name: 'Anna',
      password: 'long enough',
      date_of_birth: '1990-01-01',
      password_repeat: 'long enough',
      signup_message: '   ',
    });
    expect(parsed.gender).toBeUndefined();
    expect(parsed.seeking).toBeUndefined();
    expect(parsed.signup_message).toBeUndefined();
    expect('password_repeat' in parsed).toBe(false);
  });
});

describe('account changes', () => {
  const schema = accountInputSchema(() => false);

  it('tell the three kinds apart by their fields', () => {
    expect(schema.parse({ old_password: 'a', password: 'new secret' })).toMatchObject({
      kind: 'password',
      keep_current_session: true,
    });
    expect(schema.parse({ email: 'NEW@example.org', password: 'a' })).toEqual({
      kind: 'email',
      email: 'new@example.org',
      password: 'a',
    });
    expect(schema.parse({ private: true })).toEqual({ kind: 'privacy', private: true });
    expect(fieldErrors(schema.safeParse({}).error!)).toEqual({ invisible: 'required' });
  });

  it('never throw on junk', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => void schema.safeParse(junk)),
      { numRuns: 300 },
    );
  });

  it('reset wants the same password twice', () => {
    const reset = resetDoInputSchema(() => false);
    const token = 'a'.repeat(43);
    expect(
      fieldErrors(reset.safeParse({ token, password: 'one secret', password_repeat: 'two secret' }).error!),
    ).toEqual({
      password_repeat: 'passwords_differ',
    });
    expect(reset.safeParse({ token, password: 'one secret', password_repeat: 'one secret' }).success).toBe(
      true,
    );
  });

  it('deletion takes a reason from the list only', () => {
    for (const reason of DELETION_REASONS)
      expect(deleteAccountInputSchema.safeParse({ password: 'x', reason }).success).toBe(true);
    expect(fieldErrors(deleteAccountInputSchema.safeParse({ password: 'x', reason: 'meh' }).error!)).toEqual({
      reason: 'reason_invalid',
    });
  });
});
